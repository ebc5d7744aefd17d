// A module loaded on demand and rendered once it is there, without Suspense. React 19 holds a suspended part back
// for up to 300 ms after the last fallback it showed (its reveal throttle): a part that is on screen with the first
// view (the administrator's minimap) then appeared after the panorama was already sharp.
import { useEffect, useState } from 'react';

/** Loads started, by loader (once each), and the modules they gave: a part mounted again shows at once. */
const loads = new WeakMap<() => Promise<unknown>, Promise<unknown>>();
const loaded = new WeakMap<() => Promise<unknown>, unknown>();

function start<T>(load: () => Promise<T>): Promise<T> {
  let p = loads.get(load) as Promise<T> | undefined;
  if (!p) {
    p = load().then((m) => {
      loaded.set(load, m);
      return m;
    });
    // A failed load may be tried again by the next mount.
    p.catch(() => loads.delete(load));
    loads.set(load, p);
  }
  return p;
}

/** `load`'s module once `enabled` and loaded (null until then, and if it fails to load). Pass a stable `load`. */
export function useLoadedModule<T>(load: () => Promise<T>, enabled: boolean): T | null {
  const [mod, setMod] = useState<T | null>(() => (loaded.get(load) as T | undefined) ?? null);
  // Started while rendering, not after the commit: the page's paint and effects come first otherwise, and the
  // module (named ahead by the page) is usually there already.
  if (enabled && !mod) void start(load).catch(() => undefined);
  useEffect(() => {
    if (!enabled || mod) return;
    let live = true;
    start(load).then(
      (m) => live && setMod(m),
      (e: unknown) => console.error(e),
    );
    return () => {
      live = false;
    };
  }, [load, enabled, mod]);
  return enabled ? mod : null;
}
