// Writes made elsewhere (another browser, another instance, an import, an SQL client) reach this page through the
// server's change stream (GET /api/changes, server-sent events): "content" re-reads every answer the page holds
// but who is signed in, "auth" re-reads who is signed in. Same rule as a write of this tab (writeRefresh.ts):
// answers in use are read again, the others dropped. EventSource reconnects by itself after a lost connection
// (but not while the browser knows it has no network).
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

/** How long a page waits before it asks again for a stream its service worker could not reach (see below). */
export const REOPEN_MS = 5_000;

/** Follows the server's changes; returns the stop. A kiosk kept offline gets "204" from its service worker while
 *  the server cannot be reached: the stream is then closed (no error in the console) and asked for again every
 *  REOPEN_MS; without a worker, while the browser knows it has no network, it waits for the network instead of
 *  retrying every few seconds, each retry an error in the console. Once it is heard again, everything shown is
 *  read again (what changed meanwhile was not told). */
export function followServerChanges(qc: QueryClient): () => void {
  if (typeof EventSource !== 'function') return () => {};
  let source: EventSource | null = null;
  let lost = false;
  let again: ReturnType<typeof setTimeout> | undefined;
  const on = (auth: boolean) => () => void refreshAnswers(qc, cachedKeys(qc, auth));
  const close = () => {
    clearTimeout(again);
    source?.close();
    source = null;
  };
  const open = () => {
    close();
    const s = new EventSource(apiUrl('/api/changes'));
    source = s;
    s.addEventListener('content', on(false));
    s.addEventListener('auth', on(true));
    s.addEventListener('open', () => {
      if (!lost) return;
      lost = false;
      on(false)();
      on(true)();
    });
    s.addEventListener('error', () => {
      if (s.readyState !== EventSource.CLOSED && navigator.onLine) return; // the browser's own reconnect
      close();
      lost = true;
      if (navigator.onLine) again = setTimeout(open, REOPEN_MS);
    });
  };
  const offline = () => {
    close();
    lost = true;
  };
  const online = () => {
    if (!source) open();
  };
  window.addEventListener('offline', offline);
  window.addEventListener('online', online);
  if (navigator.onLine !== false) open();
  else lost = true;
  return () => {
    window.removeEventListener('offline', offline);
    window.removeEventListener('online', online);
    close();
  };
}
