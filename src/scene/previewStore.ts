// Preview strips by URL, shared between the scene on screen and the ones its link hotspots lead to, so a
// scene change starts from an already-decoded preview. Bounded: a handful of strips (1.5 MB each decoded).
import { type LoadedImage, loadImage } from './imageLoader';

const MAX_ENTRIES = 8;

export class PreviewStore {
  private readonly store = new Map<string, Promise<LoadedImage>>();
  /** Decoded strips, by URL, for synchronous use (a layer can draw its preview in its very first frame). */
  private readonly decoded = new Map<string, LoadedImage>();

  constructor(
    private readonly load: (url: string, priority: RequestPriority) => Promise<LoadedImage> = (url, priority) =>
      loadImage(url, undefined, priority),
  ) {}

  /** The strip of `url`, fetched if need be: at high priority by default (the scene on screen draws it first). */
  get(url: string, priority: RequestPriority = 'high'): Promise<LoadedImage> {
    const { store, decoded } = this;
    let p = store.get(url);
    if (p) {
      store.delete(url);
      store.set(url, p);
      return p;
    }
    const load = this.load(url, priority);
    p = load;
    // A failed fetch must not stay cached as failed.
    load.then(
      (img) => {
        if (store.get(url) === load) decoded.set(url, img);
      },
      () => {
        if (store.get(url) === load) store.delete(url);
      },
    );
    store.set(url, p);
    while (store.size > MAX_ENTRIES) {
      const oldest = store.keys().next().value as string;
      store.delete(oldest);
      decoded.delete(oldest);
    }
    return p;
  }

  /** The decoded strip if it has arrived (and marks it recently used); undefined otherwise. */
  peek(url: string): LoadedImage | undefined {
    const img = this.decoded.get(url);
    if (img) void this.get(url);
    return img;
  }

  /** Start fetching previews of scenes the user may go to next: at low priority, after what is on screen. */
  prefetch(urls: readonly string[]): void {
    for (const u of urls) if (!this.store.has(u)) void this.get(u, 'low').catch(() => {});
  }
}
