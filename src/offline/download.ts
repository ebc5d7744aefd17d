// Keeps a site's files in Cache Storage under the service worker's cache names: API reads fetched again each
// pass (small, and they say what changed), media files only when not kept yet; at most PARALLEL at once, each
// retried with a growing wait; kept media no longer wanted are dropped.
import { API_CACHE, MEDIA_CACHE } from './cacheNames';
import type { OfflineFile } from './fileSet';
import { fileFailed, fileKept, retryDelayMs, startProgress, toDrop, toFetch, type KeepProgress } from './progress';

const PARALLEL = 4;
const ATTEMPTS = 4;

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const t = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(t), resolve()), { once: true });
  });

/** The page's absolute form of an address: Cache Storage keys are absolute. */
const absolute = (url: string) => new URL(url, location.href).href;

async function keepOne(cache: Cache, url: string, signal: AbortSignal): Promise<boolean> {
  for (let n = 1; n <= ATTEMPTS && !signal.aborted; n++) {
    try {
      const res = await fetch(url, { credentials: 'include', signal });
      if (res.ok) {
        await cache.put(url, res);
        return true;
      }
      if (res.status === 404) return false;
    } catch {
      /* the network: wait and try again */
    }
    if (n < ATTEMPTS) await sleep(retryDelayMs(n), signal);
  }
  return false;
}

/** Runs `work` over `items`, `n` at a time. */
async function pool<T>(items: readonly T[], n: number, work: (t: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(n, items.length) }, lane));
}

/** One pass: what is kept already counts as done; `onProgress` is told after every file. */
export async function keepSiteOffline(
  files: readonly OfflineFile[],
  apiReads: readonly string[],
  onProgress: (p: KeepProgress) => void,
  signal: AbortSignal,
): Promise<KeepProgress> {
  const wanted = files.map((f) => ({ ...f, url: absolute(f.url) }));
  const media = await caches.open(MEDIA_CACHE);
  const kept = new Set((await media.keys()).map((r) => r.url));
  await Promise.all(toDrop(kept, wanted).map((u) => media.delete(u)));
  let progress = startProgress(wanted, kept);
  onProgress(progress);
  const api = await caches.open(API_CACHE);
  await pool(apiReads, PARALLEL, async (url) => void (await keepOne(api, absolute(url), signal)));
  await pool(toFetch(wanted, kept), PARALLEL, async (f) => {
    if (signal.aborted) return;
    progress = (await keepOne(media, f.url, signal)) ? fileKept(progress, f) : fileFailed(progress);
    onProgress(progress);
  });
  return progress;
}

/** Everything kept for offline use goes (the site's setting was turned off). */
export async function dropKeptFiles(): Promise<void> {
  await Promise.all([caches.delete(MEDIA_CACHE), caches.delete(API_CACHE)]);
}
