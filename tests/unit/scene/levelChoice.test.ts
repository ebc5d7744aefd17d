import { describe, expect, it } from 'vitest';
import { bigLevels, farmLevels } from './pyramids';
import { chooseLevel } from '../../../src/scene/levelChoice';

const fixture = farmLevels;
const big = bigLevels;

describe('level choice', () => {
  it('takes the smallest level that gives every device pixel a texel', () => {
    // 90° vertical: tan(45°) = 1, so the visible part of a face is its whole size.
    expect(chooseLevel(big, Math.PI / 2, { width: 1280, height: 720, dpr: 1 })).toBe(2); // 1024 >= 720
    expect(chooseLevel(big, Math.PI / 2, { width: 1280, height: 400, dpr: 1 })).toBe(1); // 512 >= 400
    expect(chooseLevel(big, Math.PI / 2, { width: 390, height: 844, dpr: 3 })).toBe(4); // 4096 >= 2532
    // Zoomed in to 30°: tan 15° ≈ 0.268; 2048·0.268 = 549 < 720, 4096·0.268 = 1098.
    expect(chooseLevel(big, 30 * (Math.PI / 180), { width: 1280, height: 720, dpr: 1 })).toBe(4);
  });

  it('never chooses the fallback-only preview, and falls back to the largest level', () => {
    expect(chooseLevel(fixture, 1.7, { width: 100, height: 50, dpr: 1 })).toBe(1);
    expect(chooseLevel(fixture, 0.5, { width: 1280, height: 720, dpr: 2 })).toBe(2);
  });
});
