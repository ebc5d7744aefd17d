// What every thread needs of the HTML policy (contract/htmlPolicy.ts): the bounds on HTML from data, the answers
// already made, the rule for picture addresses. The sanitising itself, over jsdom, is sanitizeWithDom.ts, loaded by
// the sanitising thread only: jsdom took about 2 s of every process start (server, `npm run import`) for nothing.
import { parseFragment } from 'parse5';
import { isAllowedMediaSrc } from '../../contract/htmlPolicy.ts';

/**
 * Bounds on HTML from data, far beyond any info panel or about page. jsdom's work grows with the elements and with
 * the square of their nesting (4,000 nested elements took 7 s, 39,000 over three minutes, 5,000 in an export threw
 * a stack overflow), all of it holding the process: HTML beyond them is refused (stored) or not handed out (served).
 */
export const HTML_LIMITS = { elements: 5_000, depth: 100, elementsPerUpload: 20_000 } as const;

/** Start tags in `html`: a linear count, at most about the elements a parser builds from it. */
export const startTagCount = (html: string) => html.match(/<[a-z]/gi)?.length ?? 0;

/**
 * What makes `html` too costly to sanitise, as the end of a sentence ("has more than ..."), or null. The tree is
 * built by parse5 (linear, no DOM) to count the elements and nesting a browser would make; text without a tag is
 * not parsed at all.
 */
export function htmlBoundsProblem(html: string): string | null {
  const tags = startTagCount(html);
  if (tags === 0) return null;
  const tooMany = `has more than ${HTML_LIMITS.elements.toLocaleString('en')} HTML elements`;
  if (tags > HTML_LIMITS.elements) return tooMany;
  let elements = 0;
  type Node = { childNodes?: Node[]; tagName?: string; content?: Node };
  const stack: [Node, number][] = [[parseFragment(html) as Node, 0]];
  while (stack.length) {
    const [node, depth] = stack.pop()!;
    if (node.tagName !== undefined) {
      if (++elements > HTML_LIMITS.elements) return tooMany;
      if (depth > HTML_LIMITS.depth) return `has HTML elements nested more than ${HTML_LIMITS.depth} deep`;
    }
    // A <template>'s children are in its content; jsdom builds them too.
    for (const child of [...(node.childNodes ?? []), ...(node.content?.childNodes ?? [])])
      stack.push([child, node.tagName !== undefined ? depth + 1 : depth]);
  }
  return null;
}

/**
 * Answers already made, by rule and text: a public read must not redo the work (about 3 ms per kB under jsdom) for
 * texts that rarely change. Bounded in characters; the oldest answers go first.
 */
const served = new Map<string, string>();
let servedChars = 0;
const SERVED_MAX_CHARS = 16_000_000;

const servedKey = (html: string, allowExternalImages: boolean) => (allowExternalImages ? '1' : '0') + html;

/** The answer already made for `html` under the picture rule, if any. */
export const servedFromCache = (html: string, allowExternalImages: boolean): string | undefined =>
  html ? served.get(servedKey(html, allowExternalImages)) : '';

/** Keeps an answer made (here or in the sanitising thread) for the next read of the same text. */
export function rememberServed(html: string, allowExternalImages: boolean, out: string): void {
  const key = servedKey(html, allowExternalImages);
  if (served.has(key)) return;
  served.set(key, out);
  servedChars += key.length + out.length;
  for (const [k, v] of served) {
    if (servedChars <= SERVED_MAX_CHARS) break;
    served.delete(k);
    servedChars -= k.length + v.length;
  }
}

/** A picture address as the API hands it out: empty when the policy would not show it. */
export function servedImageUrl(url: string, allowExternalImages: boolean): string {
  return url && isAllowedMediaSrc(url, allowExternalImages) ? url : '';
}
