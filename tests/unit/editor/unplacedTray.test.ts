import { describe, expect, it } from 'vitest';
import { dropPercent, isDrag, previewFacePosition } from '../../../src/editor/minimap/unplacedTray';

describe('unplaced scenes tray', () => {
  it('shows each face of the b d f l r u strip by its index over the five steps between faces', () => {
    expect(previewFacePosition('b')).toBe('50% 0%');
    expect(previewFacePosition('f')).toBe('50% 40%');
    expect(previewFacePosition('u')).toBe('50% 100%');
  });

  it('turns a point over the plan into percent of it, and a point outside into nothing', () => {
    const plan = { left: 100, top: 50, width: 400, height: 200 };
    expect(dropPercent({ x: 100, y: 50 }, plan)).toEqual({ left: 0, top: 0 });
    expect(dropPercent({ x: 220, y: 130 }, plan)).toEqual({ left: 30, top: 40 });
    expect(dropPercent({ x: 500, y: 250 }, plan)).toEqual({ left: 100, top: 100 });
    expect(dropPercent({ x: 99, y: 130 }, plan)).toBeNull();
    expect(dropPercent({ x: 220, y: 251 }, plan)).toBeNull();
    expect(dropPercent({ x: 0, y: 0 }, { left: 0, top: 0, width: 0, height: 0 })).toBeNull();
  });

  it('takes a press for a drag only once it moved a few pixels', () => {
    expect(isDrag({ x: 10, y: 10 }, { x: 13, y: 13 })).toBe(false);
    expect(isDrag({ x: 10, y: 10 }, { x: 10, y: 16 })).toBe(true);
  });
});
