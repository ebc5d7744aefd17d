// The page's first-load state: the server puts the API answers the first view needs into the HTML (a JSON data
// block, server/bootstrap/; its shape is contract/pageState.ts), each under the query key the client reads it by.
// Seeding them into the query cache before the first render lets the viewer start its first tiles as soon as this
// script runs, instead of after five dependent API round trips. A page without the block (the dev server, an old
// server) simply fetches.
import type { QueryClient } from '@tanstack/react-query';
import type { AppConfig } from '../../contract/api';
import { BOOTSTRAP_ID, isPageState, readDataBlock, type PageState } from '../../contract/pageState';
import { keys } from '../../contract/queryKeys';
import { adoptAppConfig } from './queries/settings';

/** Parsed once per document (React may create the client twice in development). */
const parsedOf = new WeakMap<Document, PageState | null>();

function readPageState(doc: Document): PageState | null {
  if (parsedOf.has(doc)) return parsedOf.get(doc)!;
  const parsed = readDataBlock(doc, BOOTSTRAP_ID);
  const state = isPageState(parsed) ? parsed : null;
  parsedOf.set(doc, state);
  return state;
}

/** Back and Forward may show the page from the browser's cache without asking the server: its answers may be old. */
function shownFromHistory(): boolean {
  const nav = globalThis.performance?.getEntriesByType?.('navigation')[0] as PerformanceNavigationTiming | undefined;
  return nav?.type === 'back_forward';
}

/** Puts the page's first-load answers into `client`, as if each query had just fetched them. */
export function seedFromPage(client: QueryClient, doc: Document = document, fromHistory = shownFromHistory()): void {
  if (fromHistory) return;
  for (const [key, data] of readPageState(doc)?.queries ?? []) client.setQueryData(key, data);
  // What the config's own fetch would have done with it.
  const config = client.getQueryData<AppConfig>(keys.appConfig);
  if (config) adoptAppConfig(config);
}
