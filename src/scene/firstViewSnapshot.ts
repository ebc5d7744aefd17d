// Snapshots of first views, kept in the browser's Cache Storage: a repeat visit to the same view at the same size
// shows the picture it saw last time while its tiles decode again (25 AVIF decodes and a WebGL upload cost
// 300-500 ms of a slow device even from the HTTP cache; one WebP of the screen decodes in a few milliseconds off
// the main thread). Kept by the early painter once it has drawn a complete view (earlyPainter.ts), shown by the
// page's first script (src/firstView.ts) until the live drawing has the same view complete (earlyStage.ts).
// Off where Cache Storage is not (an insecure origin): nothing else depends on it.

const CACHE = 'first-view-snapshots';
/** The page's few most recent first views; older ones are dropped. A 1280x720 snapshot is about 100-200 KB. */
const MAX_KEPT = 6;
/** A picture bigger than this (bytes) is not kept: a huge screen's snapshot would cost more to keep than it saves. */
const MAX_BYTES = 4 * 1024 * 1024;
export const SNAPSHOT_TYPE = 'image/webp';
/** Near the settled frame (about 40 dB on the demo's photographs) at a tenth of a PNG's size. */
export const SNAPSHOT_QUALITY = 0.92;

function store(): CacheStorage | null {
  return typeof caches !== 'undefined' ? caches : null;
}

/** The snapshot kept under `key`, or null (none, no Cache Storage, or it failed). */
export async function loadSnapshot(key: string): Promise<Blob | null> {
  try {
    const hit = await store()?.match(key, { cacheName: CACHE });
    if (!hit?.ok || hit.headers.get('content-type') !== SNAPSHOT_TYPE) return null;
    return await hit.blob();
  } catch {
    return null;
  }
}

/** Keep `picture` under `key`, dropping the oldest beyond MAX_KEPT. Best effort: failures are ignored. */
export async function saveSnapshot(key: string, picture: Blob): Promise<void> {
  const caches = store();
  if (!caches || picture.type !== SNAPSHOT_TYPE || picture.size > MAX_BYTES) return;
  try {
    const cache = await caches.open(CACHE);
    // Deleted first, so the key goes to the end of keys() (the order they were put in): the oldest are first.
    await cache.delete(key);
    await cache.put(key, new Response(picture, { headers: { 'content-type': SNAPSHOT_TYPE } }));
    const keys = await cache.keys();
    await Promise.all(keys.slice(0, Math.max(0, keys.length - MAX_KEPT)).map((k) => cache.delete(k)));
  } catch {
    // Quota, a private window, a closed page: the next visit simply draws as usual.
  }
}

/** Drop every snapshot (the visitor signed out: a shared screen keeps no picture of a private site). */
export async function forgetSnapshots(): Promise<void> {
  await store()
    ?.delete(CACHE)
    .catch(() => false);
}

/** The picture on `canvas` now, encoded as a snapshot. Call it in the task that drew the canvas: a WebGL canvas's
 *  picture is gone once it has been presented. The copy is synchronous (a read back from the GPU); the encoding is
 *  not. */
export function captureCanvas(canvas: HTMLCanvasElement): Promise<Blob | null> {
  if (typeof OffscreenCanvas === 'undefined') return Promise.resolve(null);
  const copy = new OffscreenCanvas(canvas.width, canvas.height);
  const ctx = copy.getContext('2d');
  if (!ctx) return Promise.resolve(null);
  ctx.drawImage(canvas, 0, 0);
  return copy.convertToBlob({ type: SNAPSHOT_TYPE, quality: SNAPSHOT_QUALITY }).catch(() => null);
}

/** Whether snapshots can be kept here at all. */
export function snapshotsAvailable(): boolean {
  return store() !== null && typeof OffscreenCanvas !== 'undefined';
}
