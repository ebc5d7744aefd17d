// Where each side of a comparison is drawn in the one canvas: the viewport its camera projects into and the part of
// it that is painted (scissor). Side by side splits the canvas (stacked when it is taller than wide); swipe and toggle
// give both sides the whole canvas, swipe cutting them at the divider and toggle painting only the side shown.
// Rectangles in CSS pixels from the top left. Pure.

export type CompareStageMode = 'side' | 'swipe' | 'toggle';

export interface PixelRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface SideDraw {
  /** Where the side's camera projects (its level choice and tiles are planned for this size). */
  viewport: PixelRect;
  /** The part painted; null: nothing this frame (its tiles still load). */
  scissor: PixelRect | null;
}

export interface CompareLayout {
  mode: CompareStageMode;
  /** Swipe: the divider's place, 0 to 1 across. */
  divider: number;
  /** Toggle: the side painted (0 or 1). */
  shown: 0 | 1;
}

export function sideDraws(size: { width: number; height: number }, layout: CompareLayout): [SideDraw, SideDraw] {
  const { width: w, height: h } = size;
  const full = { x: 0, y: 0, width: w, height: h };
  if (layout.mode === 'side') {
    // Whole pixels, so the two halves meet without a seam or an overlap.
    if (h > w) {
      const top = Math.round(h / 2);
      const a = { x: 0, y: 0, width: w, height: top };
      const b = { x: 0, y: top, width: w, height: h - top };
      return [
        { viewport: a, scissor: a },
        { viewport: b, scissor: b },
      ];
    }
    const left = Math.round(w / 2);
    const a = { x: 0, y: 0, width: left, height: h };
    const b = { x: left, y: 0, width: w - left, height: h };
    return [
      { viewport: a, scissor: a },
      { viewport: b, scissor: b },
    ];
  }
  if (layout.mode === 'swipe') {
    const cut = Math.round(Math.min(1, Math.max(0, layout.divider)) * w);
    return [
      { viewport: full, scissor: cut > 0 ? { x: 0, y: 0, width: cut, height: h } : null },
      { viewport: full, scissor: cut < w ? { x: cut, y: 0, width: w - cut, height: h } : null },
    ];
  }
  return [
    { viewport: full, scissor: layout.shown === 0 ? full : null },
    { viewport: full, scissor: layout.shown === 1 ? full : null },
  ];
}

/** The side a point of the canvas belongs to (input and hotspot picking). */
export function sideAt(draws: readonly [SideDraw, SideDraw], x: number, y: number): 0 | 1 {
  const inside = (r: PixelRect | null) => !!r && x >= r.x && x < r.x + r.width && y >= r.y && y < r.y + r.height;
  return inside(draws[1].scissor) && !inside(draws[0].scissor) ? 1 : 0;
}

/** A point of the canvas in normalised device coordinates of a viewport (-1..1, y up). */
export function toNdc(r: PixelRect, x: number, y: number): { x: number; y: number } {
  return { x: ((x - r.x) / r.width) * 2 - 1, y: -((y - r.y) / r.height) * 2 + 1 };
}
