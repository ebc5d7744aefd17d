// A press on a hotspot, in the engine (HotspotSprites.tsx) and over the early picture (earlyHotspots.ts) alike: one
// that stays put is a click, one that moves is a drag that turns the view. Pure, three-free.

/** A press that moved more than this (px) was a drag, not a click. */
export const CLICK_SLOP = 6;

interface Point {
  x: number;
  y: number;
}

/** Whether a press from `from` has become a drag at `to`. */
export const isDrag = (from: Point, to: Point, slop = CLICK_SLOP): boolean =>
  Math.hypot(to.x - from.x, to.y - from.y) > slop;
