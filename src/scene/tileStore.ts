// The tiles of one scene between the network and the screen: a priority load queue, a cache bounded in
// bytes, and a per-frame upload budget. Where images come from and how they become drawable are
// constructor arguments (as Marzipano's TextureStore takes its source and stage), so it runs in Node with
// both mocked; no three.js here.
import { FACES } from './cubeGeometry';
import { DEFAULT_CONCURRENCY, LoadQueue } from './loadQueue';
import { DEFAULT_CACHE_BUDGET, TextureCache } from './textureCache';
import { type TileId, tileKey } from './tileGrid';
import type { VisibleTile } from './visibleTiles';

export interface TileSourceOf<I> {
  /** Fetch tile t's image (or take over a load started before the store existed). */
  load(t: TileId, signal: AbortSignal): Promise<I>;
  /** Tile t's image if it has arrived already (loaded early): taken now, so this frame can draw it. */
  takeReady?(t: TileId): I | undefined;
}

export interface TileUploader<I, T> {
  /** The drawable entry for an arrived image; `uploaded` when it is on the GPU already. */
  create(t: TileId, img: I): { value: T; bytes: number; imageBytes: number; uploaded: boolean };
  /** Put the entry's texture on the GPU (counted against the frame's budget). */
  upload(value: T): void;
  /** The entry left the cache. */
  dispose(value: T): void;
  /** An image that arrived after the store was disposed. */
  discard?(img: I): void;
}

export interface UploadBudget {
  /** Textures uploaded per frame at least (when waiting), so tiles keep coming on a slow device… */
  uploadsPerFrame?: number;
  /** …and more while this many milliseconds of the frame are not used up… */
  uploadMsPerFrame?: number;
  /** …but never more than this many in one frame, so a burst of arrivals never stalls a pan. The first
   *  view of a scene has no limit: nothing moves yet, and one frame with everything beats several. */
  maxUploadsPerFrame?: number;
}

export interface TileStoreOptions extends UploadBudget {
  concurrency?: number;
  cacheBudgetBytes?: number;
  now?: () => number;
}

interface Entry<T> {
  value: T;
  uploaded: boolean;
}

export class TileStore<I, T> {
  private readonly cache: TextureCache<Entry<T>>;
  private readonly queue: LoadQueue<I>;
  /** Keys drawn in the last finished frame (never evicted) and in the frame being drawn. */
  private onScreen = new Set<string>();
  private drawing = new Set<string>();
  private disposed = false;
  /** The first view has been drawn complete once (upload limits apply from then on). */
  private everComplete = false;
  private frameBudget = { uploads: 0, cap: 0, until: 0, unlimited: false };
  /** An upload was put off this frame: another frame is needed. */
  private deferred = false;
  private readonly now: () => number;
  tilesRequested = 0;
  /** Encoded bytes of every image received. */
  tileBytes = 0;

  constructor(
    private readonly source: TileSourceOf<I>,
    private readonly uploader: TileUploader<I, T>,
    /** A tile arrived (the owner asks for a frame). */
    private readonly onChange: () => void,
    private readonly opts: TileStoreOptions = {},
  ) {
    this.now = opts.now ?? (() => performance.now());
    this.cache = new TextureCache<Entry<T>>({
      budgetBytes: opts.cacheBudgetBytes ?? DEFAULT_CACHE_BUDGET,
      inUse: (k) => this.onScreen.has(k),
      onEvict: (_k, e) => uploader.dispose(e.value),
    });
    this.queue = new LoadQueue<I>({
      concurrency: opts.concurrency ?? DEFAULT_CONCURRENCY,
      load: (key, signal) => {
        this.tilesRequested++;
        return source.load(parseKey(key), signal);
      },
      onLoad: (key, img) => this.add(parseKey(key), img, true),
    });
  }

  /** Bytes the cached tiles occupy on the GPU. */
  get cacheBytes(): number {
    return this.cache.bytes;
  }

  has(t: TileId): boolean {
    return this.cache.has(tileKey(t));
  }

  private add(t: TileId, img: I, notify: boolean): void {
    if (this.disposed) return this.uploader.discard?.(img);
    const made = this.uploader.create(t, img);
    this.tileBytes += made.imageBytes;
    this.cache.set(tileKey(t), { value: made.value, uploaded: made.uploaded }, made.bytes);
    // The next frame uploads it and puts it on screen.
    if (notify) this.onChange();
  }

  /**
   * A frame starts: the visible tiles, nearest the centre first. Takes those that have arrived early and
   * queues the rest (tiles load alongside the preview: waiting for it would cost a round trip).
   */
  want(visible: readonly VisibleTile[]): void {
    if (this.disposed) return;
    for (const v of visible) {
      const key = tileKey(v.tile);
      if (this.cache.has(key) || this.queue.isLoading(key)) continue;
      const img = this.source.takeReady?.(v.tile);
      if (img === undefined) continue;
      this.tilesRequested++;
      this.add(v.tile, img, false);
    }
    this.queue.setWanted(
      visible
        .filter((v) => !this.cache.has(tileKey(v.tile)))
        .map((v) => ({ key: tileKey(v.tile), priority: v.distance })),
    );
    // Upload budget: at least a few textures, more while a few milliseconds last, up to a cap — so a slow
    // frame (a CPU rasteriser, a big screen) does not also slow the arrival of tiles, and a burst of
    // arrivals does not stall a pan. The first view has no limit.
    const unlimited = !this.everComplete;
    this.frameBudget = {
      uploads: this.opts.uploadsPerFrame ?? 2,
      cap: unlimited ? Infinity : (this.opts.maxUploadsPerFrame ?? 6),
      until: this.now() + (this.opts.uploadMsPerFrame ?? 4),
      unlimited,
    };
    this.deferred = false;
    this.drawing = new Set();
  }

  /** Tile t can be drawn this frame: cached and on the GPU (uploaded now if the budget allows). */
  isDrawable(t: TileId): boolean {
    const e = this.cache.peek(tileKey(t));
    if (!e) return false;
    if (e.uploaded) return true;
    const b = this.frameBudget;
    if (b.cap <= 0 || (!b.unlimited && b.uploads <= 0 && this.now() > b.until)) {
      this.deferred = true;
      return false;
    }
    b.cap--;
    b.uploads--;
    this.uploader.upload(e.value);
    e.uploaded = true;
    return true;
  }

  /** The entry drawn for tile `key` this frame (marked recently used and on screen). */
  take(key: string): T {
    const e = this.cache.get(key);
    if (!e) throw new Error(`Tile ${key} is not in the store`);
    this.drawing.add(key);
    return e.value;
  }

  /** The frame is drawn (`complete`: every visible tile was). Returns true when uploads were put off. */
  endFrame(complete: boolean): boolean {
    this.onScreen = this.drawing;
    this.cache.trim();
    if (complete) this.everComplete = true;
    return this.deferred;
  }

  dispose(): void {
    this.disposed = true;
    this.queue.clear();
    this.onScreen.clear();
    this.cache.clear();
  }
}

export function parseKey(key: string): TileId {
  const [z, face, y, x] = key.split('/');
  if (!FACES.includes(face as never)) throw new Error(`Bad tile key ${key}`);
  return { z: Number(z), face: face as TileId['face'], x: Number(x), y: Number(y) };
}
