import { describe, expect, it } from 'vitest';
import { createConfirmStore } from '../../../src/ui/notices/confirmStore';
import { createToastStore, MAX_TOASTS, TOAST_MS, type Timers } from '../../../src/ui/notices/toastStore';

/** Timers run by hand: `advance(ms)` fires what is due. */
function manualTimers(): Timers & { advance(ms: number): void; pending(): number } {
  let now = 0;
  let next = 1;
  const due = new Map<number, { at: number; fn: () => void }>();
  return {
    set: (fn, ms) => {
      due.set(next, { at: now + ms, fn });
      return next++;
    },
    clear: (h) => void due.delete(h as number),
    advance(ms) {
      now += ms;
      for (const [h, t] of [...due].sort((a, b) => a[1].at - b[1].at))
        if (t.at <= now) {
          due.delete(h);
          t.fn();
        }
    },
    pending: () => due.size,
  };
}

describe('toast store', () => {
  it('shows toasts in order and takes each away after its kind’s time', () => {
    const timers = manualTimers();
    const store = createToastStore(timers);
    let changes = 0;
    store.subscribe(() => changes++);
    store.show('info', 'Saved');
    store.show('error', 'Failed');
    expect(store.list().map((t) => [t.kind, t.message])).toEqual([
      ['info', 'Saved'],
      ['error', 'Failed'],
    ]);
    timers.advance(TOAST_MS.info);
    expect(store.list().map((t) => t.message)).toEqual(['Failed']);
    timers.advance(TOAST_MS.error - TOAST_MS.info - 1);
    expect(store.list()).toHaveLength(1);
    timers.advance(1);
    expect(store.list()).toEqual([]);
    expect(changes).toBe(4);
  });

  it('keeps a toast while held and gives it its full time again when released', () => {
    const timers = manualTimers();
    const store = createToastStore(timers);
    const id = store.show('info', 'Read me');
    timers.advance(TOAST_MS.info - 10);
    store.hold(id);
    timers.advance(TOAST_MS.info * 3);
    expect(store.list()).toHaveLength(1);
    store.release(id);
    timers.advance(TOAST_MS.info - 1);
    expect(store.list()).toHaveLength(1);
    timers.advance(1);
    expect(store.list()).toEqual([]);
  });

  it('keeps a toast of duration 0 until dismissed, and ignores unknown ids', () => {
    const timers = manualTimers();
    const store = createToastStore(timers);
    const id = store.show('error', 'Stays', { duration: 0 });
    timers.advance(10 * TOAST_MS.error);
    expect(store.list()).toHaveLength(1);
    expect(timers.pending()).toBe(0);
    store.dismiss(id + 1);
    store.release(id + 1);
    expect(timers.pending()).toBe(0);
    store.dismiss(id);
    expect(store.list()).toEqual([]);
  });

  it('drops the oldest beyond MAX_TOASTS and stops its clock', () => {
    const timers = manualTimers();
    const store = createToastStore(timers);
    for (let i = 0; i <= MAX_TOASTS; i++) store.show('error', `e${i}`);
    expect(store.list().map((t) => t.message)).toEqual(Array.from({ length: MAX_TOASTS }, (_, i) => `e${i + 1}`));
    expect(timers.pending()).toBe(MAX_TOASTS);
  });
});

describe('confirm store', () => {
  it('asks one question at a time and resolves each with its own answer', async () => {
    const store = createConfirmStore();
    const first = store.ask({ title: 'Delete pin', message: 'Delete A?' });
    const second = store.ask({ title: 'Delete pin', message: 'Delete B?' });
    expect(store.current()?.message).toBe('Delete A?');
    store.current()!.answer(true);
    expect(store.current()?.message).toBe('Delete B?');
    const b = store.current()!;
    b.answer(false);
    b.answer(true); // a late second answer changes nothing
    expect(store.current()).toBeNull();
    await expect(first).resolves.toBe(true);
    await expect(second).resolves.toBe(false);
  });
});
