import { describe, expect, it } from 'vitest';
import { applyInputRule, PERCENT_INPUT, ROTATION_INPUT } from '../../../src/editor/minimap/nodeInput';

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
