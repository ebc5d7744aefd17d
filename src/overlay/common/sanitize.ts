// Every piece of HTML from the server goes through DOMPurify before it is rendered.
import DOMPurify from 'dompurify';

let mediaFocusable = false;
let hooked = false;
function hook() {
  if (hooked) return;
  hooked = true;
  DOMPurify.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A' && node.getAttribute('target') === '_blank') node.setAttribute('rel', 'noopener noreferrer');
    // Images and videos that open enlarged are reachable by keyboard too.
    if (mediaFocusable && (node.tagName === 'IMG' || node.tagName === 'VIDEO')) {
      node.setAttribute('tabindex', '0');
      node.setAttribute('role', 'button');
      if (node.tagName === 'IMG' && !node.getAttribute('alt')) node.setAttribute('alt', 'Image');
    }
  });
}

/** Sanitised HTML, safe for dangerouslySetInnerHTML. */
export function sanitizeHtml(html: string, opts: { mediaFocusable?: boolean } = {}): string {
  hook();
  mediaFocusable = !!opts.mediaFocusable;
  try {
    return DOMPurify.sanitize(html ?? '', {
      USE_PROFILES: { html: true }, ADD_ATTR: ['target'],
      FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'iframe'],
    });
  } finally {
    mediaFocusable = false;
  }
}
