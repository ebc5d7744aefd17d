// Eased movement between two views (lookTo): yaw takes the short way round, all three move together.
import { type View, wrapAngle } from './view';

/** A pan's length when the caller names none, ms. */
export const DEFAULT_PAN_MS = 1500;

/** Smooth start and stop (cubic in-out), t in 0..1. */
export function easeInOutCubic(t: number): number {
  const c = Math.max(0, Math.min(1, t));
  return c < 0.5 ? 4 * c * c * c : 1 - Math.pow(-2 * c + 2, 3) / 2;
}

/** The view a fraction `t` (0..1, already eased) of the way from `a` to `b`. */
export function interpolateView(a: View, b: View, t: number): View {
  const dYaw = wrapAngle(b.yaw - a.yaw);
  return {
    yaw: wrapAngle(a.yaw + dYaw * t),
    pitch: a.pitch + (b.pitch - a.pitch) * t,
    fov: a.fov + (b.fov - a.fov) * t,
  };
}

/** A running transition: call `at(now)` each frame until `done`. */
export function makeTransition(from: View, to: View, startMs: number, durationMs: number) {
  return {
    to,
    at(now: number): { view: View; done: boolean } {
      if (durationMs <= 0) return { view: to, done: true };
      const t = (now - startMs) / durationMs;
      if (t >= 1) return { view: to, done: true };
      return { view: interpolateView(from, to, easeInOutCubic(t)), done: false };
    },
  };
}
