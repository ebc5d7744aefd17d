// The boxes a compare deep link's two sides open in, before the compare code has loaded.
import { describe, expect, it } from 'vitest';
import { openingBoxes } from '../../../src/scene/compareOpening';

describe('openingBoxes', () => {
  const wide = { width: 1064, height: 720 };
  it('side by side: the left and right halves, meeting without a gap', () => {
    const [a, b] = openingBoxes(wide, '?compare=side&cdate=2025-01-01');
    expect(a).toEqual({ width: 532, height: 720 });
    expect(b).toEqual({ width: 532, height: 720 });
    const [c, d] = openingBoxes({ width: 1065, height: 720 }, '?compare=side&cdate=2025-01-01');
    expect(c.width + d.width).toBe(1065);
  });
  it('side by side in a box taller than wide: the top and bottom halves', () => {
    const [a, b] = openingBoxes({ width: 390, height: 701 }, 'compare=side&cdate=2025-01-01');
    expect(a).toEqual({ width: 390, height: 351 });
    expect(b).toEqual({ width: 390, height: 350 });
  });
  it('swipe, flip, no comparison or an unusable one: the whole box each', () => {
    for (const search of ['?compare=swipe&cdate=2025-01-01', '?compare=toggle&cdate=2025-01-01', '', '?compare=side'])
      expect(openingBoxes(wide, search)).toEqual([wide, wide]);
  });
});
