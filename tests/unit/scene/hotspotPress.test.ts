// A press on a hotspot: a click while it stays within CLICK_SLOP, a drag of the view beyond.
import { describe, expect, it } from 'vitest';
import { CLICK_SLOP, isDrag } from '../../../src/scene/hotspotPress';

describe('isDrag', () => {
  it('is a click up to the slop, a drag beyond, in any direction', () => {
    const at = { x: 100, y: 50 };
    expect(isDrag(at, at)).toBe(false);
    expect(isDrag(at, { x: 100 + CLICK_SLOP, y: 50 })).toBe(false);
    expect(isDrag(at, { x: 100 - CLICK_SLOP - 0.5, y: 50 })).toBe(true);
    expect(isDrag(at, { x: 105, y: 55 })).toBe(true);
    expect(isDrag(at, { x: 104, y: 54 })).toBe(false);
  });
});
