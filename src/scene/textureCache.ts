// GPU texture cache bounded in bytes, least recently used out first. Pinned entries (the preview) are never
// evicted, and entries the caller says are on screen are skipped, so eviction can never open a hole.

export interface TextureCacheOptions<T> {
  /** Budget in bytes of GPU memory. */
  budgetBytes?: number;
  /** Called when an entry leaves the cache (dispose the texture here). */
  onEvict?: (key: string, value: T) => void;
  /** Entries for which this returns true are not evicted even when over budget. */
  inUse?: (key: string) => boolean;
}

/** 64 MB: about 48 full 512-px tiles with mipmaps, fits a phone's GPU alongside the page. */
export const DEFAULT_CACHE_BUDGET = 64 * 1024 * 1024;

/** Bytes a width×height RGBA texture occupies, with a full mip chain adding a third. */
export function textureBytes(width: number, height: number, mipmaps: boolean): number {
  const base = width * height * 4;
  return mipmaps ? Math.ceil((base * 4) / 3) : base;
}

interface Entry<T> {
  value: T;
  bytes: number;
  pinned: boolean;
}

export class TextureCache<T> {
  // Map iteration order is insertion order: re-inserting on use makes the first entry the least recent.
  private readonly entries = new Map<string, Entry<T>>();
  private total = 0;
  readonly budget: number;

  constructor(private readonly opts: TextureCacheOptions<T> = {}) {
    this.budget = opts.budgetBytes ?? DEFAULT_CACHE_BUDGET;
  }

  get bytes(): number {
    return this.total;
  }

  get size(): number {
    return this.entries.size;
  }

  has(key: string): boolean {
    return this.entries.has(key);
  }

  /** The value, marked most recently used. */
  get(key: string): T | undefined {
    const e = this.entries.get(key);
    if (!e) return undefined;
    this.entries.delete(key);
    this.entries.set(key, e);
    return e.value;
  }

  /** The value without touching recency. */
  peek(key: string): T | undefined {
    return this.entries.get(key)?.value;
  }

  set(key: string, value: T, bytes: number, pinned = false): void {
    const old = this.entries.get(key);
    if (old) {
      this.entries.delete(key);
      this.total -= old.bytes;
      if (old.value !== value) this.opts.onEvict?.(key, old.value);
    }
    this.entries.set(key, { value, bytes, pinned });
    this.total += bytes;
    this.trim(key);
  }

  delete(key: string): void {
    const e = this.entries.get(key);
    if (!e) return;
    this.entries.delete(key);
    this.total -= e.bytes;
    this.opts.onEvict?.(key, e.value);
  }

  /** Evict least recently used entries until within budget (never `keep`, pinned or in-use ones). */
  trim(keep?: string): void {
    if (this.total <= this.budget) return;
    for (const [key, e] of this.entries) {
      if (this.total <= this.budget) break;
      if (e.pinned || key === keep || this.opts.inUse?.(key)) continue;
      this.delete(key);
    }
  }

  clear(): void {
    for (const key of [...this.entries.keys()]) this.delete(key);
  }
}
