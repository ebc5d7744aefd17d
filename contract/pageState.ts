// A page's first-load state: the server puts the API answers a page's first view needs into its HTML as a JSON
// data block (server/bootstrap/), each under the query key the client reads it by (contract/queryKeys.ts), and
// the client seeds them into its query cache before the first render (src/api/bootstrap.ts). Pure and zod-free:
// the first-view bundle imports it.

/** The data block's id. */
export const BOOTSTRAP_ID = 'bootstrap';

/** A query key as the block carries it (the values of contract/queryKeys.ts). */
export type PageQueryKey = readonly (string | number | null)[];

/** The data block's value: [query key, data] pairs, in the order the client asks. */
export interface PageState {
  v: 1;
  queries: Array<[PageQueryKey, unknown]>;
}

/** Whether a parsed block has the shape of a PageState (anything else is ignored: the client then fetches). */
export const isPageState = (x: unknown): x is PageState =>
  typeof x === 'object' &&
  x !== null &&
  (x as PageState).v === 1 &&
  Array.isArray((x as PageState).queries) &&
  (x as PageState).queries.every((q) => Array.isArray(q) && q.length === 2 && Array.isArray(q[0]));
