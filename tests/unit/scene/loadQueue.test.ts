import { describe, expect, it } from 'vitest';
import { LoadQueue } from '../../../src/scene/loadQueue';

function deferredLoader() {
  const calls = new Map<string, { resolve: (v: string) => void; reject: (e: unknown) => void; signal: AbortSignal }>();
  const order: string[] = [];
  const load = (key: string, signal: AbortSignal) =>
    new Promise<string>((resolve, reject) => {
      order.push(key);
      calls.set(key, { resolve, reject, signal });
    });
  return { calls, order, load };
}
const tick = () => new Promise((r) => setTimeout(r, 0));

describe('load queue', () => {
  it('loads nearest first, a bounded number at a time', async () => {
    const l = deferredLoader();
    const loaded: string[] = [];
    const q = new LoadQueue<string>({ load: l.load, onLoad: (k) => loaded.push(k), concurrency: 2 });
    q.setWanted([
      { key: 'far', priority: 3 },
      { key: 'centre', priority: 0 },
      { key: 'near', priority: 1 },
    ]);
    expect(l.order).toEqual(['centre', 'near']);
    expect(q.inFlightCount).toBe(2);
    l.calls.get('centre')!.resolve('x');
    await tick();
    expect(loaded).toEqual(['centre']);
    expect(l.order).toEqual(['centre', 'near', 'far']);
  });

  it('aborts loads that left the view and never reports them', async () => {
    const l = deferredLoader();
    const loaded: string[] = [];
    const q = new LoadQueue<string>({ load: l.load, onLoad: (k) => loaded.push(k), concurrency: 4 });
    q.setWanted([
      { key: 'a', priority: 0 },
      { key: 'b', priority: 1 },
    ]);
    q.setWanted([
      { key: 'b', priority: 0 },
      { key: 'c', priority: 1 },
    ]);
    expect(l.calls.get('a')!.signal.aborted).toBe(true);
    expect(l.calls.get('b')!.signal.aborted).toBe(false);
    l.calls.get('a')!.resolve('late');
    l.calls.get('b')!.resolve('ok');
    await tick();
    expect(loaded).toEqual(['b']);
    expect(q.aborted).toBe(1);
    expect(l.order).toEqual(['a', 'b', 'c']);
  });

  it('does not hammer a failing tile', async () => {
    const l = deferredLoader();
    let now = 0;
    const errors: string[] = [];
    const q = new LoadQueue<string>({ load: l.load, onLoad: () => {}, onError: (k) => errors.push(k), now: () => now });
    q.setWanted([{ key: 'bad', priority: 0 }]);
    l.calls.get('bad')!.reject(new Error('404'));
    await tick();
    expect(errors).toEqual(['bad']);
    q.setWanted([{ key: 'bad', priority: 0 }]);
    expect(l.order).toEqual(['bad']);
    now = 60_000;
    q.setWanted([{ key: 'bad', priority: 0 }]);
    expect(l.order).toEqual(['bad', 'bad']);
    expect(q.idle).toBe(false);
  });
});
