// Writes made elsewhere (another browser, another instance, an import, an SQL client) reach this page through the
// server's change stream (GET /api/changes, server-sent events): "content" re-reads every answer the page holds
// but who is signed in, "auth" re-reads who is signed in. Same rule as a write of this tab (writeRefresh.ts):
// answers in use are read again, the others dropped. EventSource reconnects by itself after a lost connection.
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { keys } from '../../contract/queryKeys';
import { apiUrl } from './client';
import { refreshAnswers } from './writeRefresh';

const AUTH_ROOTS = new Set<unknown>([keys.userInfo[0], keys.userType[0]]);

/** The keys of the cached answers of one kind: who is signed in (`auth`) or everything else (`content`). */
function cachedKeys(qc: QueryClient, auth: boolean): QueryKey[] {
  return qc
    .getQueryCache()
    .getAll()
    .map((q) => q.queryKey)
    .filter((k) => AUTH_ROOTS.has(k[0]) === auth);
}

/** Follows the server's changes; returns the stop. */
export function followServerChanges(qc: QueryClient): () => void {
  if (typeof EventSource !== 'function') return () => {};
  const source = new EventSource(apiUrl('/api/changes'));
  const on = (auth: boolean) => () => void refreshAnswers(qc, cachedKeys(qc, auth));
  source.addEventListener('content', on(false));
  source.addEventListener('auth', on(true));
  return () => source.close();
}
