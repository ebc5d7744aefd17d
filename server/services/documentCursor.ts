// The pure parts of a documentation listing: where a page starts (an opaque cursor naming the last entry shown) and
// how a search's words become LIKE patterns.
import { Invalid } from './errors.ts';

/** The last entry of a page: folders come before files, each kind by name then id. */
export interface ListingCursor {
  kind: 'folder' | 'file';
  name: string;
  id: string;
}

export const encodeCursor = (c: ListingCursor): string =>
  Buffer.from(JSON.stringify([c.kind === 'folder' ? 'd' : 'f', c.name, c.id]), 'utf8').toString('base64url');

export function decodeCursor(text: string): ListingCursor {
  try {
    const [k, name, id] = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as unknown[];
    if ((k === 'd' || k === 'f') && typeof name === 'string' && typeof id === 'string')
      return { kind: k === 'd' ? 'folder' : 'file', name, id };
  } catch {
    /* refused below */
  }
  throw new Invalid('This page of the documentation is out of date; reload the documentation page.');
}

/** The words of a search, lower case: a name matches when it holds every one, whatever its case. */
export const searchWords = (q: string): string[] => q.toLowerCase().split(/\s+/).filter(Boolean).slice(0, 10);

/** A LIKE pattern for names holding `word` (with `\` as the escape character). */
export const likePattern = (word: string): string => `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
