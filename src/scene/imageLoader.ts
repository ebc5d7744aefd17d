// Fetch a tile (JPEG, or its AVIF copy) and decode it off the main thread (createImageBitmap), abortable, reporting
// bytes fetched. An AVIF address is fetched as its JPEG where the browser cannot decode AVIF.
import { jpegUrlOf } from '../../contract/tileUrls';
import { avifDecodes, avifDecodesNow } from './avifSupport';
import { takeStartedFetch } from './startedFetches';

export interface LoadedImage {
  bitmap: ImageBitmap;
  /** Encoded bytes received. */
  bytes: number;
}

/** `priority`: a hint for the browser's scheduling of this request among the page's others (fetch's own). */
export async function loadImage(
  url: string,
  signal?: AbortSignal,
  priority: RequestPriority = 'auto',
): Promise<LoadedImage> {
  if (!url.endsWith('.avif')) return fetchAndDecode(url, signal, priority);
  // The request goes out within this call when the answer is known (it is, a few ms after the page starts): the
  // first view's tiles must not wait behind what the page does next (creating the WebGL context takes long).
  if (!(avifDecodesNow() ?? (await avifDecodes()))) return fetchAndDecode(jpegUrlOf(url), signal, priority);
  try {
    return await fetchAndDecode(url, signal, priority);
  } catch (e) {
    // A copy missing or unreadable (a bucket filled before the copy was made): the uploaded JPEG is always there.
    if (signal?.aborted) throw e;
    return fetchAndDecode(jpegUrlOf(url), signal, priority);
  }
}

async function fetchAndDecode(url: string, signal: AbortSignal | undefined, priority: RequestPriority) {
  // The page's inline starter may have asked for it while the HTML was still arriving.
  const res = await (takeStartedFetch(url) ?? fetch(url, { signal, credentials: 'same-origin', priority }));
  if (!res.ok) throw new Error(`${res.status} ${url}`);
  const blob = await res.blob();
  // Decode as stored: no colour-space conversion, so the screen shows the tile's own values.
  const bitmap = await createImageBitmap(blob, { premultiplyAlpha: 'none', colorSpaceConversion: 'none' });
  if (signal?.aborted) {
    bitmap.close();
    throw new DOMException('Aborted', 'AbortError');
  }
  return { bitmap, bytes: blob.size };
}
