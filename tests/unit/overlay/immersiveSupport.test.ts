import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { askImmersiveVR } from '../../../src/overlay/viewer/immersiveSupport';

/** Just enough of a document: a window with or without navigator.xr, and frames whose window answers `answer`. */
function fakeDocument(opts: { xr: boolean; answer?: () => Promise<boolean> }) {
  const frames: Array<{ removed: boolean }> = [];
  const listeners = new Map<string, Set<() => void>>();
  const win = {
    navigator: opts.xr ? { xr: {} } : {},
    setTimeout: (f: () => void, ms: number) => setTimeout(f, ms),
    clearTimeout: (t: ReturnType<typeof setTimeout>) => clearTimeout(t),
    addEventListener: (type: string, f: () => void) => listeners.set(type, (listeners.get(type) ?? new Set()).add(f)),
    removeEventListener: (type: string, f: () => void) => listeners.get(type)?.delete(f),
  };
  const doc = {
    defaultView: win,
    body: { append: () => {} },
    createElement: () => {
      const frame = {
        removed: false,
        hidden: false,
        tabIndex: 0,
        setAttribute: () => {},
        remove: () => (frame.removed = true),
        contentWindow: { navigator: { xr: { isSessionSupported: () => opts.answer!() } } },
      };
      frames.push(frame);
      return frame;
    },
  };
  return {
    doc: doc as unknown as Document,
    frames,
    fire: (type: string) => listeners.get(type)?.forEach((f) => f()),
    /** Listeners still on the window, and timers still set: none once a question is settled. */
    leftOver: () => [...listeners.values()].reduce((n, set) => n + set.size, 0) + vi.getTimerCount(),
  };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('askImmersiveVR', () => {
  it('asks from a frame that is gone once it answered', async () => {
    const f = fakeDocument({ xr: true, answer: async () => true });
    await expect(askImmersiveVR(f.doc)).resolves.toBe(true);
    expect(f.frames.map((x) => x.removed)).toEqual([true]);
    expect(f.leftOver()).toBe(0);
  });

  it('makes no frame where the browser has no WebXR', async () => {
    const f = fakeDocument({ xr: false });
    await expect(askImmersiveVR(f.doc)).resolves.toBe(false);
    expect(f.frames).toEqual([]);
  });

  it('answers no, and removes the frame, when the question fails or never ends', async () => {
    const failing = fakeDocument({ xr: true, answer: () => Promise.reject(new Error('no runtime')) });
    await expect(askImmersiveVR(failing.doc)).resolves.toBe(false);
    expect(failing.frames[0]!.removed).toBe(true);
    const hanging = fakeDocument({ xr: true, answer: () => new Promise<boolean>(() => {}) });
    const asked = askImmersiveVR(hanging.doc);
    await vi.advanceTimersByTimeAsync(29_000);
    expect(hanging.frames[0]!.removed).toBe(false);
    await vi.advanceTimersByTimeAsync(1_000);
    await expect(asked).resolves.toBe(false);
    expect(hanging.frames[0]!.removed).toBe(true);
    expect(hanging.leftOver()).toBe(0);
  });

  it('removes the frame at once when the asker goes or the page is left, and knows nothing then', async () => {
    const f = fakeDocument({ xr: true, answer: () => new Promise<boolean>(() => {}) });
    const gone = new AbortController();
    const asked = askImmersiveVR(f.doc, gone.signal);
    gone.abort();
    await expect(asked).resolves.toBeNull();
    expect(f.frames[0]!.removed).toBe(true);
    const left = askImmersiveVR(f.doc);
    f.fire('pagehide');
    await expect(left).resolves.toBeNull();
    expect(f.frames[1]!.removed).toBe(true);
    expect(f.leftOver()).toBe(0);
  });
});
