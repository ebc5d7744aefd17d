import { describe, expect, it } from 'vitest';
import { sphereMemory, touchRows } from '../../../server/services/tiler/sphereMemory.ts';

describe('touchRows', () => {
  it('maps the pages of the rows asked, and only those, leaving the fresh sphere all zero', () => {
    // 4096 x 2048 RGB: 24 MB, every page of it unmapped until written.
    const sphere = sphereMemory(4096, 2048);
    const rss = () => process.memoryUsage().rss / 2 ** 20;
    const before = rss();
    touchRows(sphere, 0, 1024);
    const half = rss() - before;
    touchRows(sphere, 1024, 2048);
    const whole = rss() - before;
    // Each half is 12 MB; the rest of the process moves RSS by far less in between.
    expect(half).toBeGreaterThan(10);
    expect(half).toBeLessThan(16);
    expect(whole).toBeGreaterThan(22);
    expect(sphere.data.every((b) => b === 0)).toBe(true);
  });
});
