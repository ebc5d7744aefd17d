// The shared HTML policy (contract/htmlPolicy.ts) on the server, over a jsdom window made once: HTML from data is
// stored sanitised, and sanitised again when handed out (rows written before the policy, or by other means, such
// as the demo seed), so the API never hands out markup that runs or covers the page. The client sanitises again.
import createDOMPurify, { type DOMPurify } from 'dompurify';
import { JSDOM } from 'jsdom';
import { isAllowedMediaSrc, sanitizeWith } from '../../contract/htmlPolicy.ts';

let purify: DOMPurify | null = null;
const instance = () => (purify ??= createDOMPurify(new JSDOM('').window as unknown as Window & typeof globalThis));

/** Stored HTML keeps every picture address: whether external ones show is decided when they are shown. */
export function sanitizeStoredHtml(html: string): string {
  return sanitizeWith(instance(), html, { allowExternalImages: true });
}

/**
 * Answers already made, by rule and text: a public read must not redo the work (about 3 ms per kB under jsdom) for
 * texts that rarely change. Bounded in characters; the oldest answers go first.
 */
const served = new Map<string, string>();
let servedChars = 0;
const SERVED_MAX_CHARS = 16_000_000;

/** HTML as the API hands it out: the policy with the configured picture rule (ALLOW_EXTERNAL_IMAGES). */
export function sanitizeServedHtml(html: string, allowExternalImages: boolean): string {
  if (!html) return '';
  const key = (allowExternalImages ? '1' : '0') + html;
  const hit = served.get(key);
  if (hit !== undefined) return hit;
  const out = sanitizeWith(instance(), html, { allowExternalImages });
  served.set(key, out);
  servedChars += key.length + out.length;
  for (const [k, v] of served) {
    if (servedChars <= SERVED_MAX_CHARS) break;
    served.delete(k);
    servedChars -= k.length + v.length;
  }
  return out;
}

/** A picture address as the API hands it out: empty when the policy would not show it. */
export function servedImageUrl(url: string, allowExternalImages: boolean): string {
  return url && isAllowedMediaSrc(url, allowExternalImages) ? url : '';
}
