// The toasts shown now, as a store React reads with useSyncExternalStore. No DOM here: the timers are given,
// so a test drives time by hand.
export type ToastKind = 'info' | 'success' | 'error';

export interface Toast {
  readonly id: number;
  readonly kind: ToastKind;
  readonly message: string;
}

export interface ToastOptions {
  /** How long it stays, in ms; 0 keeps it until it is dismissed. Default: TOAST_MS of its kind. */
  duration?: number;
}

/** Errors stay longer: they usually say what to do next. */
export const TOAST_MS: Record<ToastKind, number> = { info: 5000, success: 5000, error: 10000 };
/** More than this and the oldest goes: a burst of failures must not cover the page. */
export const MAX_TOASTS = 4;

export interface Timers {
  set(fn: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

const realTimers: Timers = {
  set: (fn, ms) => setTimeout(fn, ms),
  clear: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
};

export interface ToastStore {
  show(kind: ToastKind, message: string, options?: ToastOptions): number;
  dismiss(id: number): void;
  /** Stops the toast's clock while the pointer or focus is on it, so it is not taken away mid-read. */
  hold(id: number): void;
  /** Starts its clock again, from its full duration. */
  release(id: number): void;
  list(): readonly Toast[];
  subscribe(listener: () => void): () => void;
}

export function createToastStore(timers: Timers = realTimers): ToastStore {
  let toasts: readonly Toast[] = [];
  let nextId = 1;
  const durations = new Map<number, number>();
  const clocks = new Map<number, unknown>();
  const listeners = new Set<() => void>();
  const changed = () => listeners.forEach((l) => l());

  const stopClock = (id: number) => {
    if (clocks.has(id)) timers.clear(clocks.get(id));
    clocks.delete(id);
  };
  const startClock = (id: number) => {
    stopClock(id);
    const ms = durations.get(id);
    if (ms)
      clocks.set(
        id,
        timers.set(() => store.dismiss(id), ms),
      );
  };

  const store: ToastStore = {
    show(kind, message, options) {
      const id = nextId++;
      durations.set(id, options?.duration ?? TOAST_MS[kind]);
      toasts = [...toasts, { id, kind, message }];
      while (toasts.length > MAX_TOASTS) store.dismiss(toasts[0].id);
      startClock(id);
      changed();
      return id;
    },
    dismiss(id) {
      if (!toasts.some((t) => t.id === id)) return;
      stopClock(id);
      durations.delete(id);
      toasts = toasts.filter((t) => t.id !== id);
      changed();
    },
    hold: stopClock,
    release(id) {
      if (toasts.some((t) => t.id === id)) startClock(id);
    },
    list: () => toasts,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return store;
}
