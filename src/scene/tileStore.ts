// The tiles of one scene between the network and the screen: a priority load queue, a cache bounded in
// bytes, and a per-frame upload budget. Where images come from and how they become drawable are
// constructor arguments (as Marzipano's TextureStore takes its source and stage), so it runs in Node with
// both mocked; no three.js here. A tile comes in two grades: the small copy, and full detail (the uploaded
// JPEG) for the views that need it; a full tile replaces a small one only once it can be drawn, so the small one
// stays on screen until then (no flash of the preview or of a coarser level).
import { FACES } from './cubeGeometry';
import { DEFAULT_CONCURRENCY, LoadQueue } from './loadQueue';
import { FrameUploads, type UploadBudget } from './frameUploads';
import { DEFAULT_CACHE_BUDGET, TextureCache } from './textureCache';
import { type TileId, tileKey } from './tileGrid';
import type { VisibleTile } from './visibleTiles';

export interface TileSourceOf<I> {
  /** Fetch tile t's image (or take over a load started before the store existed), in full detail or not. */
  load(t: TileId, signal: AbortSignal, full: boolean): Promise<I>;
  /** Tile t's image in that grade if it has arrived already (loaded early): taken now, so this frame can draw it. */
  takeReady?(t: TileId, full: boolean): I | undefined;
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

export type { UploadBudget };

export interface TileStoreOptions extends UploadBudget {
  /** An allowance shared with other stores drawn in the same frame (refilled by its owner once a frame); else the
   *  store has its own, from the options above, refilled as each of its frames starts. */
  uploads?: FrameUploads;
  concurrency?: number;
  cacheBudgetBytes?: number;
  now?: () => number;
}

interface Entry<T> {
  value: T;
  uploaded: boolean;
  /** Full detail (else the small copy). */
  full: boolean;
}

/** A full-detail tile waiting for its upload while the small one it replaces is still drawn. */
interface Upgrade<T> extends Entry<T> {
  bytes: number;
}

/** The load queue's key of a tile in one grade (the small copy's is the tile's own key). */
const loadKey = (key: string, full: boolean) => (full ? `${key}@full` : key);

export class TileStore<I, T> {
  private readonly cache: TextureCache<Entry<T>>;
  private readonly queue: LoadQueue<I>;
  /** Keys drawn in the last finished frame (never evicted) and in the frame being drawn. */
  private onScreen = new Set<string>();
  private drawing = new Set<string>();
  /** Full-detail tiles arrived for small ones on screen, uploaded (and swapped in) when the frame budget allows. */
  private readonly upgrades = new Map<string, Upgrade<T>>();
  private disposed = false;
  /** The first view has been drawn complete once (upload limits apply from then on). */
  private everComplete = false;
  /** This store's own allowance, and the one it spends from now (its own, or one shared with another store). */
  private readonly ownUploads: FrameUploads;
  private uploads: FrameUploads;
  /** The frame's tiles and whether they are wanted in full detail (endFrame checks they are). */
  private wanted: { visible: readonly VisibleTile[]; full: boolean } = { visible: [], full: false };
  /** Every tile of the last frame is held in the detail it wanted. */
  detailDone = true;
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
    this.ownUploads = new FrameUploads(opts, this.now);
    this.uploads = opts.uploads ?? this.ownUploads;
    this.cache = new TextureCache<Entry<T>>({
      budgetBytes: opts.cacheBudgetBytes ?? DEFAULT_CACHE_BUDGET,
      inUse: (k) => this.onScreen.has(k),
      onEvict: (_k, e) => uploader.dispose(e.value),
    });
    this.queue = new LoadQueue<I>({
      concurrency: opts.concurrency ?? DEFAULT_CONCURRENCY,
      load: (key, signal) => {
        this.tilesRequested++;
        return source.load(parseKey(key), signal, key.endsWith('@full'));
      },
      onLoad: (key, img) => this.add(parseKey(key), img, key.endsWith('@full'), true),
    });
  }

  /** Spend from `shared` (refilled by its owner once a frame) from now on; null: this store's own again. */
  shareUploads(shared: FrameUploads | null): void {
    this.uploads = shared ?? this.ownUploads;
  }

  /** Bytes the cached tiles occupy on the GPU. */
  get cacheBytes(): number {
    return this.cache.bytes;
  }

  has(t: TileId): boolean {
    return this.cache.has(tileKey(t));
  }

  private add(t: TileId, img: I, full: boolean, notify: boolean): void {
    if (this.disposed) return this.uploader.discard?.(img);
    const key = tileKey(t);
    const held = this.cache.peek(key);
    // Never a small copy over full detail (a late arrival): the better one stays.
    if (held?.full && !full) return this.uploader.discard?.(img);
    const made = this.uploader.create(t, img);
    this.tileBytes += made.imageBytes;
    const entry = { value: made.value, uploaded: made.uploaded, full };
    if (held && !made.uploaded) {
      // The small tile stays drawn until this one is on the GPU (isDrawable swaps them).
      const before = this.upgrades.get(key);
      if (before) this.uploader.dispose(before.value);
      this.upgrades.set(key, { ...entry, bytes: made.bytes });
    } else this.cache.set(key, entry, made.bytes);
    // The next frame uploads it and puts it on screen.
    if (notify) this.onChange();
  }

  /**
   * A frame starts: the visible tiles, nearest the centre first. Takes those that have arrived early and
   * queues the rest (tiles load alongside the preview: waiting for it would cost a round trip).
   */
  want(visible: readonly VisibleTile[], full = false): void {
    if (this.disposed) return;
    this.wanted = { visible, full };
    for (const v of visible) {
      const key = tileKey(v.tile);
      if (this.cache.has(key) || this.queue.isLoading(key) || this.queue.isLoading(loadKey(key, true))) continue;
      // The grade wanted, else the small copy loaded early (drawn now, replaced when the full one comes).
      const best = full ? this.source.takeReady?.(v.tile, true) : undefined;
      const img = best ?? this.source.takeReady?.(v.tile, false);
      if (img === undefined) continue;
      this.tilesRequested++;
      this.add(v.tile, img, best !== undefined, false);
    }
    const items = [];
    for (const v of visible) {
      const key = tileKey(v.tile);
      const held = this.cache.peek(key);
      if (held?.full || (held && !full) || this.upgrades.has(key)) continue;
      // A full load already under way for a tile not yet drawn goes on: its bytes are on their way.
      const fullLoad = full || (!held && this.queue.isLoading(loadKey(key, true)));
      items.push({ key: loadKey(key, fullLoad), priority: v.distance });
    }
    this.queue.setWanted(items);
    // Upload budget: at least a few textures, more while a few milliseconds last, up to a cap — so a slow
    // frame (a CPU rasteriser, a big screen) does not also slow the arrival of tiles, and a burst of
    // arrivals does not stall a pan. The first view has no limit. A shared allowance is refilled by its owner.
    if (this.uploads === this.ownUploads) this.uploads.refill();
    this.deferred = false;
    this.drawing = new Set();
  }

  /** Tile t can be drawn this frame: cached and on the GPU (uploaded now if the budget allows). */
  isDrawable(t: TileId): boolean {
    const key = tileKey(t);
    const up = this.upgrades.get(key);
    if (up && this.spendUpload()) {
      this.uploader.upload(up.value);
      this.upgrades.delete(key);
      // Replaces (and disposes) the small tile in the same frame that first draws the full one.
      this.cache.set(key, { value: up.value, uploaded: true, full: up.full }, up.bytes);
      return true;
    }
    const e = this.cache.peek(key);
    if (!e) return false;
    if (e.uploaded) return true;
    if (!this.spendUpload()) return false;
    this.uploader.upload(e.value);
    e.uploaded = true;
    return true;
  }

  /** One upload out of this frame's budget; false (and another frame asked for) when it is spent. */
  private spendUpload(): boolean {
    if (this.uploads.spend(!this.everComplete)) return true;
    this.deferred = true;
    return false;
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
    const { visible, full } = this.wanted;
    this.detailDone = !full || visible.every((v) => this.cache.peek(tileKey(v.tile))?.full);
    // An upgrade whose tile left the screen is dropped: a tile is never held twice beyond the frames it waits in.
    for (const [key, up] of this.upgrades)
      if (!this.drawing.has(key)) {
        this.upgrades.delete(key);
        this.uploader.dispose(up.value);
      }
    this.cache.trim();
    if (complete) this.everComplete = true;
    return this.deferred;
  }

  dispose(): void {
    this.disposed = true;
    this.queue.clear();
    this.onScreen.clear();
    for (const up of this.upgrades.values()) this.uploader.dispose(up.value);
    this.upgrades.clear();
    this.cache.clear();
  }
}

export function parseKey(key: string): TileId {
  const [z, face, y, x] = key.replace(/@full$/, '').split('/');
  if (!FACES.includes(face as never)) throw new Error(`Bad tile key ${key}`);
  return { z: Number(z), face: face as TileId['face'], x: Number(x), y: Number(y) };
}
