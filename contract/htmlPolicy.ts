// The one rule for HTML that comes from data (info panel sections, the about page), applied by the server when
// it stores such HTML and by the client before it renders it. Text, structure, links, pictures and videos stay;
// anything that runs, submits, embeds, or can be styled to cover the page goes: no style attribute or element,
// no class or id (our own stylesheet could make them fixed or full-screen), no forms, frames, SVG or MathML.
import type { DOMPurify } from 'dompurify';

export interface HtmlPolicyOptions {
  /** Pictures and videos from other sites (a setting: by default only our own /media/ and inline raster data). */
  allowExternalImages?: boolean;
  /** Pictures and videos that open enlarged get a tab stop and a button role (the info panel). */
  mediaFocusable?: boolean;
}

const TAGS = [
  'p',
  'br',
  'b',
  'i',
  'em',
  'strong',
  'u',
  's',
  'sub',
  'sup',
  'small',
  'mark',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'ul',
  'ol',
  'li',
  'dl',
  'dt',
  'dd',
  'blockquote',
  'pre',
  'code',
  'a',
  'img',
  'video',
  'source',
  'figure',
  'figcaption',
  'table',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'th',
  'td',
  'caption',
  'hr',
  'span',
  'div',
];
const ATTRS = ['href', 'src', 'alt', 'title', 'width', 'height', 'colspan', 'rowspan', 'controls', 'poster', 'type'];
/** Links: the web, mail, and our own pages (a backslash could turn "/\host" into another site's address). */
const LINK = /^(?:https?:\/\/|mailto:|\/(?![/\\])|#)/i;
const DATA_RASTER = /^data:image\/(?:png|jpeg|gif|webp);base64,[a-z0-9+/=\s]*$/i;
const OWN_MEDIA = /^\/media\/[^\\]*$/;

/** Public addresses of our own blob store besides /media/ (S3_PUBLIC_URL: the server's setting, /api/settings on the client). */
const ownMediaBases = new Set<string>();

/** Counts addresses under `base` (no trailing slash) as our own media, as /media/ is. */
export function addOwnMediaBase(base: string): void {
  if (/^https?:\/\/[^\s\\]+$/i.test(base)) ownMediaBases.add(base.replace(/\/+$/, '') + '/');
}

const isOwnMedia = (s: string) =>
  !s.includes('..') && !s.includes('\\') && (OWN_MEDIA.test(s) || [...ownMediaBases].some((b) => s.startsWith(b)));

/** Whether a picture or video address may be shown: ours, inline raster data, or (when allowed) http(s) anywhere. */
export function isAllowedMediaSrc(src: string, allowExternalImages = false): boolean {
  const s = src.trim();
  if (isOwnMedia(s)) return true;
  if (DATA_RASTER.test(s)) return true;
  return allowExternalImages && /^https?:\/\/[^\s]+$/i.test(s);
}

const hooked = new WeakSet<DOMPurify>();
let current: HtmlPolicyOptions = {};

function hook(purify: DOMPurify) {
  if (hooked.has(purify)) return;
  hooked.add(purify);
  purify.addHook('uponSanitizeElement', (node, data) => {
    const el = node as Element;
    if (!['img', 'video', 'source'].includes(data.tagName)) return;
    for (const attr of ['src', 'poster']) {
      const v = el.getAttribute?.(attr);
      if (v != null && !isAllowedMediaSrc(v, current.allowExternalImages)) el.removeAttribute(attr);
    }
  });
  purify.addHook('afterSanitizeAttributes', (node) => {
    const el = node as Element;
    if (el.tagName === 'A') {
      const href = el.getAttribute('href');
      if (href != null && (!LINK.test(href.trim()) || href.includes('\\'))) el.removeAttribute('href');
      // Every link leaves in a new tab, without a handle back to us or the address it came from.
      if (el.hasAttribute('href')) {
        el.setAttribute('target', '_blank');
        el.setAttribute('rel', 'noopener noreferrer');
      }
    }
    if ((el.tagName === 'IMG' || el.tagName === 'VIDEO') && current.mediaFocusable) {
      el.setAttribute('tabindex', '0');
      el.setAttribute('role', 'button');
      if (el.tagName === 'IMG' && !el.getAttribute('alt')) el.setAttribute('alt', 'Image');
    }
  });
}

/** `html` with only what the policy keeps, using the given DOMPurify (the browser's, or one over jsdom). */
export function sanitizeWith(purify: DOMPurify, html: string, opts: HtmlPolicyOptions = {}): string {
  hook(purify);
  current = opts;
  try {
    return purify.sanitize(html ?? '', {
      // target, rel, tabindex and role are never taken from the data: the hooks above add them.
      ALLOWED_TAGS: TAGS,
      ALLOWED_ATTR: ATTRS,
      // Plain values, not addresses: DOMPurify would otherwise test them against the address rule below.
      ADD_URI_SAFE_ATTR: ['width', 'height', 'colspan', 'rowspan', 'type'],
      ALLOW_DATA_ATTR: false,
      ALLOW_ARIA_ATTR: false,
      ALLOW_UNKNOWN_PROTOCOLS: false,
      // Our own check (LINK, isAllowedMediaSrc) decides addresses; DOMPurify's regexp only has to let them through.
      ALLOWED_URI_REGEXP: /^(?:https?:|mailto:|\/|#|data:image\/(?:png|jpeg|gif|webp);)/i,
      KEEP_CONTENT: true,
      RETURN_TRUSTED_TYPE: false,
    }) as string;
  } finally {
    current = {};
  }
}
