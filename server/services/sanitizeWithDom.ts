// The shared HTML policy (contract/htmlPolicy.ts) on the server, over a jsdom window made once: HTML from data is
// stored sanitised, and sanitised again when handed out (rows written before the policy, or by other means, such
// as the demo seed), so the API never hands out markup that runs or covers the page. The client sanitises again.
// Only the sanitising thread (htmlWorkerMain.ts) loads this module, and with it jsdom.
import createDOMPurify, { type DOMPurify } from 'dompurify';
import { JSDOM } from 'jsdom';
import { Invalid } from './errors.ts';
import { sanitizeWith } from '../../contract/htmlPolicy.ts';
import { htmlBoundsProblem, rememberServed, servedFromCache } from './sanitizeHtml.ts';

let purify: DOMPurify | null = null;
const instance = () => (purify ??= createDOMPurify(new JSDOM('').window as unknown as Window & typeof globalThis));

/** Stored HTML keeps every picture address: whether external ones show is decided when they are shown. */
export function sanitizeStoredHtml(html: string): string {
  const problem = htmlBoundsProblem(html);
  if (problem) throw new Invalid(`The text ${problem}; shorten it or simplify its markup.`);
  return sanitizeWith(instance(), html, { allowExternalImages: true });
}

/** HTML as the API hands it out: the policy with the configured picture rule (ALLOW_EXTERNAL_IMAGES). */
export function sanitizeServedHtml(html: string, allowExternalImages: boolean): string {
  const hit = servedFromCache(html, allowExternalImages);
  if (hit !== undefined) return hit;
  // Stored before the bounds, or by other means: not worth holding the process for; shown as nothing.
  const out = htmlBoundsProblem(html) ? '' : sanitizeWith(instance(), html, { allowExternalImages });
  rememberServed(html, allowExternalImages, out);
  return out;
}
