// A priority load queue: a few loads at a time, most wanted first, and loads nobody wants any more are
// aborted so a fast pan never leaves the network busy with tiles that have scrolled away.

export interface WantedItem {
  key: string;
  /** Lower loads first (e.g. distance from the screen centre). */
  priority: number;
}

export interface LoadQueueOptions<T> {
  load: (key: string, signal: AbortSignal) => Promise<T>;
  onLoad: (key: string, value: T) => void;
  onError?: (key: string, error: unknown) => void;
  /** Loads in flight at once. */
  concurrency?: number;
  /** After a failure, the key is not retried for this long (ms). */
  retryDelayMs?: number;
  now?: () => number;
}

export const DEFAULT_CONCURRENCY = 6;

export class LoadQueue<T> {
  private readonly opts: Required<Omit<LoadQueueOptions<T>, 'onError'>> & Pick<LoadQueueOptions<T>, 'onError'>;
  private pending: WantedItem[] = [];
  private readonly inFlight = new Map<string, AbortController>();
  private readonly failedAt = new Map<string, number>();
  /** Loads started, including ones later aborted. */
  started = 0;
  aborted = 0;

  constructor(opts: LoadQueueOptions<T>) {
    this.opts = { concurrency: DEFAULT_CONCURRENCY, retryDelayMs: 10_000, now: () => Date.now(), ...opts };
  }

  /**
   * Replace the wanted set. Loads in flight that are no longer wanted are aborted; the rest keep going.
   * Callers leave out keys they already hold.
   */
  setWanted(items: readonly WantedItem[]): void {
    const wanted = new Set(items.map((i) => i.key));
    for (const [key, ctrl] of this.inFlight) {
      if (!wanted.has(key)) {
        ctrl.abort();
        this.inFlight.delete(key);
        this.aborted++;
      }
    }
    const t = this.opts.now();
    this.pending = items
      .filter(
        (i) => !this.inFlight.has(i.key) && !(t - (this.failedAt.get(i.key) ?? -Infinity) < this.opts.retryDelayMs),
      )
      .slice()
      .sort((a, b) => a.priority - b.priority);
    this.pump();
  }

  /** Nothing loading and nothing waiting. */
  get idle(): boolean {
    return this.inFlight.size === 0 && this.pending.length === 0;
  }

  get inFlightCount(): number {
    return this.inFlight.size;
  }

  isLoading(key: string): boolean {
    return this.inFlight.has(key);
  }

  /** Abort everything (e.g. the scene changed). */
  clear(): void {
    for (const ctrl of this.inFlight.values()) ctrl.abort();
    this.aborted += this.inFlight.size;
    this.inFlight.clear();
    this.pending = [];
  }

  private pump(): void {
    while (this.inFlight.size < this.opts.concurrency && this.pending.length > 0) {
      const item = this.pending.shift()!;
      const ctrl = new AbortController();
      this.inFlight.set(item.key, ctrl);
      this.started++;
      this.opts.load(item.key, ctrl.signal).then(
        (value) => this.finish(item.key, ctrl, () => this.opts.onLoad(item.key, value)),
        (error) =>
          this.finish(item.key, ctrl, () => {
            this.failedAt.set(item.key, this.opts.now());
            this.opts.onError?.(item.key, error);
          }),
      );
    }
  }

  private finish(key: string, ctrl: AbortController, report: () => void): void {
    // An aborted load was already removed (and possibly re-requested under a new controller): ignore it.
    if (this.inFlight.get(key) !== ctrl) return;
    this.inFlight.delete(key);
    if (!ctrl.signal.aborted) report();
    this.pump();
  }
}
