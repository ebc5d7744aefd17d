import { describe, expect, it } from 'vitest';
import { applyInputRule, PERCENT_INPUT, ROTATION_INPUT } from '../../../src/editor/minimap/nodeInput';
import { coordOfPercent, degreesOfRotation, nodeCoordsOfPercent, rotationOfDegrees, snapDegrees } from '../../../src/editor/minimap/nodeCoords';
import { nodePercent } from '../../../src/overlay/minimap/nodePercent';

describe('node edit input rules', () => {
  it('rotation offset 0-360: upper bound wraps to min, min wraps to upper bound', () => {
    expect(applyInputRule('360', ROTATION_INPUT, 345)).toBe(0);
    expect(applyInputRule('0', ROTATION_INPUT, 15)).toBe(360);
    expect(applyInputRule('-15', ROTATION_INPUT, 0)).toBe(360);
    expect(applyInputRule('45', ROTATION_INPUT, 30)).toBe(45);
  });
  it('empty becomes the minimum; above max is ignored; not a number counts as 0', () => {
    expect(applyInputRule('', ROTATION_INPUT, 90)).toBe(0);
    expect(applyInputRule('  ', PERCENT_INPUT, 40)).toBe(0);
    expect(applyInputRule('400', ROTATION_INPUT, 90)).toBe(90);
    expect(applyInputRule('100.5', PERCENT_INPUT, 40)).toBe(40);
    expect(applyInputRule('abc', PERCENT_INPUT, 40)).toBe(0);
  });
  it('x and y 0-100 wrap the same way', () => {
    expect(applyInputRule('100', PERCENT_INPUT, 99)).toBe(0);
    expect(applyInputRule('0', PERCENT_INPUT, 1)).toBe(100);
    expect(applyInputRule('37.5', PERCENT_INPUT, 1)).toBe(37.5);
  });
});

describe('percent to stored coordinates', () => {
  const plan = { x_pixel_offset: 12, y_pixel_offset: -7, x_scale: 0.5, y_scale: 2, img_width: 1600, img_height: 1200, xy_flipped: false };
  it('inverts percent = scale*(coord+offset)*100/size on each axis', () => {
    expect(coordOfPercent(50, 0.5, 12, 1600)).toBeCloseTo(1588);
    for (const node of [{ x: 300, y: 200 }, { x: 1000, y: 20 }]) {
      const p = nodePercent(node, plan);
      const back = nodeCoordsOfPercent(p, plan);
      expect(back.x).toBeCloseTo(node.x, 9);
      expect(back.y).toBeCloseTo(node.y, 9);
    }
  });
  it('takes the other axis when xy_flipped', () => {
    const flipped = { ...plan, xy_flipped: true };
    const node = { x: 400, y: 150 };
    const p = nodePercent(node, flipped);
    expect(p.left).toBeCloseTo((2 * (150 - 7) * 100) / 1600);
    const back = nodeCoordsOfPercent(p, flipped);
    expect(back.x).toBeCloseTo(400, 9);
    expect(back.y).toBeCloseTo(150, 9);
  });
  it('rotation: radians <-> whole degrees with 57.2958, snapped to 15', () => {
    expect(degreesOfRotation(Math.PI / 2)).toBe(90);
    expect(degreesOfRotation(-Math.PI / 2)).toBe(270);
    expect(rotationOfDegrees(90)).toBeCloseTo(90 / 57.2958);
    expect(snapDegrees(52)).toBe(45);
    expect(snapDegrees(353)).toBe(0);
  });
});
