// Where the two sides of a comparison are drawn in the one canvas, and which side a point belongs to.
import { describe, expect, it } from 'vitest';
import { sideAt, sideDraws, toNdc } from '../../../src/scene/compareLayout';

const wide = { width: 1281, height: 720 };
const tall = { width: 390, height: 845 };

describe('compare layout', () => {
  it('puts the sides next to each other on a wide canvas, whole pixels, no seam', () => {
    const [a, b] = sideDraws(wide, { mode: 'side', divider: 0.5, shown: 0 });
    expect(a.viewport).toEqual({ x: 0, y: 0, width: 641, height: 720 });
    expect(b.viewport).toEqual({ x: 641, y: 0, width: 640, height: 720 });
    expect(a.scissor).toEqual(a.viewport);
    expect(sideAt([a, b], 640, 10)).toBe(0);
    expect(sideAt([a, b], 641, 10)).toBe(1);
  });

  it('stacks them on a canvas taller than wide (a phone held upright)', () => {
    const [a, b] = sideDraws(tall, { mode: 'side', divider: 0.5, shown: 0 });
    expect(a.viewport).toEqual({ x: 0, y: 0, width: 390, height: 423 });
    expect(b.viewport).toEqual({ x: 0, y: 423, width: 390, height: 422 });
    expect(sideAt([a, b], 100, 500)).toBe(1);
  });

  it('swipe: both sides the whole canvas, cut at the divider', () => {
    const d = sideDraws(wide, { mode: 'swipe', divider: 0.25, shown: 0 });
    expect(d[0].viewport).toEqual({ x: 0, y: 0, ...wide });
    expect(d[1].viewport).toEqual({ x: 0, y: 0, ...wide });
    expect(d[0].scissor).toEqual({ x: 0, y: 0, width: 320, height: 720 });
    expect(d[1].scissor).toEqual({ x: 320, y: 0, width: 961, height: 720 });
    expect(sideAt(d, 319, 0)).toBe(0);
    expect(sideAt(d, 320, 0)).toBe(1);
    expect(sideDraws(wide, { mode: 'swipe', divider: 0, shown: 0 })[0].scissor).toBeNull();
    expect(sideDraws(wide, { mode: 'swipe', divider: 1, shown: 0 })[1].scissor).toBeNull();
  });

  it('toggle: only the side shown is painted, both have the whole canvas', () => {
    const d = sideDraws(wide, { mode: 'toggle', divider: 0.5, shown: 1 });
    expect(d[0].scissor).toBeNull();
    expect(d[1].scissor).toEqual({ x: 0, y: 0, ...wide });
    expect(sideAt(d, 10, 10)).toBe(1);
  });

  it('maps a canvas point into a viewport’s device coordinates', () => {
    expect(toNdc({ x: 640, y: 0, width: 640, height: 720 }, 960, 360)).toEqual({ x: 0, y: 0 });
    expect(toNdc({ x: 640, y: 0, width: 640, height: 720 }, 640, 0)).toEqual({ x: -1, y: 1 });
  });
});
