// After a write, every answer it changed is read again before the write counts as done, so whatever the page
// does next (open the viewer on the upload, close a form) acts on the new answers. An answer no page shows now
// is dropped rather than marked stale: a page showing it later would first act on the old one (the viewer
// would fall back from a date its old survey list lacks) while the new one loads. Other tabs of this browser
// are told which answers changed and refresh them the same way.
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { keys } from '../../contract/queryKeys';

const CHANNEL = 'survey-viewer-writes';

/** Every answer a change to a site's content (surveys, scenes, floors, plans, settings) may change. */
export const siteContent = (site: string): QueryKey[] => [
  keys.site(site),
  keys.siteSettings(site),
  keys.sites,
  keys.appConfig,
  keys.pins,
];

/** Drops the answers no page shows and reads again those in use; resolves once they are answered. */
export async function refreshAnswers(qc: QueryClient, changed: readonly QueryKey[]): Promise<void> {
  for (const queryKey of changed) qc.removeQueries({ queryKey, type: 'inactive' });
  await Promise.all(changed.map((queryKey) => qc.invalidateQueries({ queryKey })));
}

let channel: BroadcastChannel | null | undefined;
const channelOf = () => {
  if (channel === undefined) channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(CHANNEL) : null;
  return channel;
};

/** A write of this tab: refreshes what it changed here and tells the other tabs. */
export function refreshAfterWrite(qc: QueryClient, changed: readonly QueryKey[]): Promise<void> {
  channelOf()?.postMessage(changed);
  return refreshAnswers(qc, changed);
}

/** Refreshes what the other tabs' writes changed; returns the unsubscribe. */
export function listenForWrites(qc: QueryClient): () => void {
  const ch = channelOf();
  if (!ch) return () => {};
  const onMessage = (e: MessageEvent<unknown>) => {
    if (Array.isArray(e.data)) void refreshAnswers(qc, e.data as QueryKey[]);
  };
  ch.addEventListener('message', onMessage);
  return () => ch.removeEventListener('message', onMessage);
}
