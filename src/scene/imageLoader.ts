// Fetch a tile (JPEG, or its AVIF copy) and decode it off the main thread (createImageBitmap), abortable, reporting
// bytes fetched. An AVIF address is fetched as its JPEG where the browser cannot decode AVIF.
import { jpegUrlOf } from '../../contract/tileUrls';
import { avifDecodes } from './avifSupport';

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
  const wanted = url.endsWith('.avif') && !(await avifDecodes()) ? jpegUrlOf(url) : url;
  const res = await fetch(wanted, { signal, credentials: 'same-origin', priority });
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
