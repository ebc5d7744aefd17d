// The change streams' rules: at most maxStreams open, an event per moved group, a re-read now and then while the
// feed cannot prove it hears every commit, and a stream that reads nothing is dropped rather than buffered.
import type { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChangeStreams } from '../../../server/services/changeStream.ts';
import type { ChangeFeed, ChangeGroup } from '../../../server/db/changeFeed.ts';

const feedOf = (live: boolean) => {
  const gens: Record<ChangeGroup, number> = { auth: 0, content: 0 };
  const feed: ChangeFeed & { gens: typeof gens } = {
    gens,
    live,
    generation: (g) => gens[g],
    close: async () => undefined,
  };
  return feed;
};
const opts = { pollMs: 100, blindMs: 1000, keepAliveMs: 500, maxStreams: 2 };
/** Everything written to the stream so far (read synchronously: the fake clock runs no stream events). */
const textOf = (s: PassThrough) => {
  let t = '';
  return () => {
    for (let c = s.read() as Buffer | null; c; c = s.read() as Buffer | null) t += c.toString();
    return t;
  };
};

afterEach(() => vi.useRealTimers());

describe('ChangeStreams', () => {
  it('opens at most maxStreams and none once closed', () => {
    const cs = new ChangeStreams(feedOf(true), opts);
    expect(cs.open()).not.toBeNull();
    expect(cs.open()).not.toBeNull();
    expect(cs.open()).toBeNull();
    cs.close();
    expect(cs.size).toBe(0);
    expect(cs.open()).toBeNull();
  });

  it('sends one event per group that moved, and keep-alives while quiet', () => {
    vi.useFakeTimers();
    const feed = feedOf(true);
    const cs = new ChangeStreams(feed, opts);
    const text = textOf(cs.open()!);
    feed.gens.content++;
    vi.advanceTimersByTime(100);
    expect(text()).toContain('event: content\n');
    expect(text()).not.toContain('event: auth\n');
    vi.advanceTimersByTime(600);
    expect(text()).toContain(': keep-alive');
    cs.close();
  });

  it('tells pages to re-read every blindMs while the feed is not live', () => {
    vi.useFakeTimers();
    const cs = new ChangeStreams(feedOf(false), opts);
    const text = textOf(cs.open()!);
    vi.advanceTimersByTime(900);
    expect(text()).not.toContain('event: content');
    vi.advanceTimersByTime(200);
    expect(text()).toContain('event: content\n');
    cs.close();
  });

  it('drops a stream that reads nothing once 64 kB wait for it', () => {
    vi.useFakeTimers();
    const feed = feedOf(true);
    const cs = new ChangeStreams(feed, { ...opts, maxStreams: 10 });
    const stalled = cs.open()!; // never read
    for (let i = 0; i < 5000 && !stalled.destroyed; i++) {
      feed.gens.content++;
      vi.advanceTimersByTime(100);
    }
    expect(stalled.destroyed).toBe(true);
    expect(cs.size).toBe(0);
    cs.close();
  });
});
