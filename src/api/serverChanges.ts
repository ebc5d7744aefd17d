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

/** Told on `window` when the stream is heard again after it was lost: the server may be a new deployment (a
 *  kiosk's service worker then looks for a new build, src/offline/registration.ts). */
export const SERVER_BACK_EVENT = 'survey:server-back';
/** Asked on `window` when the stream's connection must go for a moment: a kiosk's new service worker takes over
 *  only once the old one carries no request, and this stream is one it carries for good. Asked again after
 *  REOPEN_MS (through the new worker by then), and read as a loss: what was told meanwhile is read again. */
export const RELEASE_STREAM_EVENT = 'survey:release-changes';

/** Follows the server's changes; returns the stop. A kiosk kept offline gets "204" from its service worker while
 *  the server cannot be reached: the stream is then closed (no error in the console) and asked for again every
 *  REOPEN_MS; without a worker, while the browser knows it has no network, it waits for the network instead of
 *  retrying every few seconds, each retry an error in the console. Once it is heard again after any loss (a cut,
 *  a server restarted), everything shown is read again (what changed meanwhile was not told). */
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
      window.dispatchEvent(new Event(SERVER_BACK_EVENT));
    });
    s.addEventListener('error', () => {
      // Whatever was told while the connection was down is lost, even when the browser reconnects by itself.
      lost = true;
      if (s.readyState !== EventSource.CLOSED && navigator.onLine) return; // the browser's own reconnect
      close();
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
  const release = () => {
    offline();
    again = setTimeout(open, REOPEN_MS);
  };
  window.addEventListener('offline', offline);
  window.addEventListener('online', online);
  window.addEventListener(RELEASE_STREAM_EVENT, release);
  if (navigator.onLine !== false) open();
  else lost = true;
  return () => {
    window.removeEventListener('offline', offline);
    window.removeEventListener('online', online);
    window.removeEventListener(RELEASE_STREAM_EVENT, release);
    close();
  };
}
