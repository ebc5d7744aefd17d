// The tour player's test hook (window.__tour, where test hooks are on: see scene/testHooks.ts): which tour and
// stop play, and how many loops a kiosk's tour has completed. The kiosk soak reads it to count tour loops.
import { testHooksOn } from '../scene/testHooks';
import type { PlayerState } from './tourPlayer';

export interface TourTestHook {
  tour: string;
  /** The stop shown (index into the tour's stops), -1 for none. */
  stop: number;
  playing: boolean;
  /** Loops completed (a kiosk's tour coming back round to its first stop). */
  loops: number;
  /** Stops shown since the player opened. */
  shown: number;
}

declare global {
  interface Window {
    __tour?: TourTestHook;
  }
}

/** Publishes the player's state; returns nothing to undo (the hook outlives the player: the soak reads it after). */
export function publishTourHook(tour: string, s: PlayerState): void {
  if (!testHooksOn()) return;
  const prev = window.__tour;
  const shown = (prev?.tour === tour ? prev.shown : 0) + (prev?.tour === tour && prev.stop === s.stop ? 0 : 1);
  window.__tour = { tour, stop: s.stop, playing: s.playing, loops: s.loops, shown };
}
