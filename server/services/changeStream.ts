// Tells open pages that what they show may have changed: one timer per process compares the change feed's
// generation counters (db/changeFeed.ts: commits of this process, of other instances and of anyone with an SQL
// client) and writes one server-sent event to every open stream when a group moved. A page then re-reads the
// answers it shows. The events carry no data about what changed: every page gets the same ones.
import { PassThrough } from 'node:stream';
import { CHANGE_GROUPS, type ChangeFeed, type ChangeGroup } from '../db/changeFeed.ts';

export interface ChangeStreamOptions {
  /** How often the counters are compared. */
  pollMs: number;
  /** While the feed cannot prove it hears every commit: how often pages are told to re-read anyway. */
  blindMs: number;
  /** A comment line this often keeps proxies from closing a quiet stream. */
  keepAliveMs: number;
  /** Streams one process holds at most; more are refused (each is an open connection). */
  maxStreams: number;
}

export const CHANGE_STREAM_DEFAULTS: ChangeStreamOptions = {
  pollMs: 1000,
  blindMs: 30_000,
  keepAliveMs: 25_000,
  maxStreams: 2000,
};

/** How long a browser waits before it reconnects a lost stream (the EventSource `retry` field). */
const RECONNECT_MS = 5000;

export class ChangeStreams {
  private readonly streams = new Set<PassThrough>();
  private readonly seen = new Map<ChangeGroup, number>();
  private timer?: NodeJS.Timeout;
  private lastBlind = Date.now();
  private lastWrite = Date.now();
  private closed = false;

  constructor(
    private readonly feed: ChangeFeed | undefined,
    private readonly opts: ChangeStreamOptions = CHANGE_STREAM_DEFAULTS,
  ) {}

  get size(): number {
    return this.streams.size;
  }

  /** A new stream, or null when the process holds as many as it may (or is stopping). */
  open(): PassThrough | null {
    if (this.closed || this.streams.size >= this.opts.maxStreams) return null;
    const stream = new PassThrough();
    stream.write(`retry: ${RECONNECT_MS}\n: connected\n\n`);
    this.streams.add(stream);
    stream.on('close', () => this.streams.delete(stream));
    this.start();
    return stream;
  }

  /** Ends every stream (a stopping process must not wait for pages to go away) and refuses new ones. */
  close(): void {
    this.closed = true;
    this.stop();
    for (const s of this.streams) s.end();
    this.streams.clear();
  }

  private start(): void {
    if (this.timer) return;
    for (const g of CHANGE_GROUPS) this.seen.set(g, this.feed?.generation(g) ?? 0);
    this.timer = setInterval(() => this.tick(), this.opts.pollMs);
    this.timer.unref();
  }

  private stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  private tick(): void {
    if (this.streams.size === 0) return this.stop();
    const now = Date.now();
    const moved = CHANGE_GROUPS.filter((g) => {
      const gen = this.feed?.generation(g) ?? 0;
      const was = this.seen.get(g);
      this.seen.set(g, gen);
      return gen !== was;
    });
    // A feed that is not live may miss commits of others: pages re-read now and then instead.
    if (!this.feed?.live && now - this.lastBlind >= this.opts.blindMs) {
      this.lastBlind = now;
      for (const g of CHANGE_GROUPS) if (!moved.includes(g)) moved.push(g);
    }
    if (moved.length) this.broadcast(moved.map((g) => `event: ${g}\ndata: {}\n\n`).join(''));
    else if (now - this.lastWrite >= this.opts.keepAliveMs) this.broadcast(': keep-alive\n\n');
  }

  private broadcast(text: string): void {
    this.lastWrite = Date.now();
    for (const s of this.streams) {
      // A page that reads nothing (a stalled or hostile client) is dropped rather than buffered without end.
      if (s.writableLength > 64 * 1024) {
        this.streams.delete(s);
        s.destroy();
      } else s.write(text);
    }
  }
}
