// A module loaded on demand and rendered once it is there, without Suspense. React 19 holds a suspended part back
// for up to 300 ms after the last fallback it showed (its reveal throttle): a part that is on screen with the first
// view (the administrator's minimap) then appeared after the panorama was already sharp.
import { useEffect, useState } from 'react';

/** A load started (once per loader) and, once it has come, its module: a part mounted again shows at once. */
interface Load {
  promise: Promise<unknown>;
  module?: unknown;
}
const loads = new WeakMap<() => Promise<unknown>, Load>();

function start<T>(load: () => Promise<T>): Load {
  let entry = loads.get(load);
  if (!entry) {
    const e: Load = { promise: load().then((m) => (e.module = m)) };
    // A failed load may be tried again by the next mount.
    e.promise.catch(() => loads.delete(load));
    loads.set(load, e);
    entry = e;
  }
  return entry;
}

/** `load`'s module once `enabled` and loaded (null until then, and if it fails to load). Pass a stable `load`. */
export function useLoadedModule<T>(load: () => Promise<T>, enabled: boolean): T | null {
  const [mod, setMod] = useState<T | null>(() => (loads.get(load)?.module as T | undefined) ?? null);
  // Started while rendering, not after the commit: the page's paint and effects come first otherwise, and the
  // module (named ahead by the page) is usually there already.
  if (enabled && !mod) start(load);
  useEffect(() => {
    if (!enabled || mod) return;
    let live = true;
    start(load).promise.then(
      (m) => live && setMod(m as T),
      (e: unknown) => console.error(e),
    );
    return () => {
      live = false;
    };
  }, [load, enabled, mod]);
  return enabled ? mod : null;
}

/** Load `load`'s module now; once it has come, useLoadedModule gives it in the very first render (the server's
 *  render of a page's shell, and the app's render that replaces it, show the same parts). */
export function preloadModule(load: () => Promise<unknown>): Promise<unknown> {
  return start(load).promise;
}
