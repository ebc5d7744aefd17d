// The shared HTML policy on the server, over a jsdom window made once: HTML from data is stored sanitised, so
// the API never hands out markup that runs or covers the page (the client sanitises again before rendering).
import createDOMPurify, { type DOMPurify } from 'dompurify';
import { JSDOM } from 'jsdom';
import { sanitizeWith } from '../../src/api/htmlPolicy.ts';

let purify: DOMPurify | null = null;

/** Stored HTML keeps every picture address: whether external ones show is decided when they are shown. */
export function sanitizeStoredHtml(html: string): string {
  purify ??= createDOMPurify(new JSDOM('').window as unknown as Window & typeof globalThis);
  return sanitizeWith(purify, html, { allowExternalImages: true });
}
