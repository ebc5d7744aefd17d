// Preview strips by URL, shared between the scene on screen and the ones its link hotspots lead to, so a
// scene change starts from an already-decoded preview. Bounded: a handful of strips (1.5 MB each decoded).
import { type LoadedImage, loadImage } from './imageLoader';

const MAX_ENTRIES = 8;
const store = new Map<string, Promise<LoadedImage>>();

export function getPreview(url: string): Promise<LoadedImage> {
  let p = store.get(url);
  if (p) {
    store.delete(url);
    store.set(url, p);
    return p;
  }
  p = loadImage(url);
  // A failed fetch must not stay cached as failed.
  p.catch(() => store.delete(url));
  store.set(url, p);
  while (store.size > MAX_ENTRIES) {
    const oldest = store.keys().next().value as string;
    store.delete(oldest);
  }
  return p;
}

/** Start fetching previews of scenes the user may go to next. */
export function prefetchPreviews(urls: readonly string[]): void {
  for (const u of urls) if (!store.has(u)) void getPreview(u).catch(() => {});
}
