// The throttled benchmark's frame regions: the central crop judged, and the blank sides of a settled frame.
import { describe, expect, it } from 'vitest';
import { blankSideShare, centralCrop, type Raw } from '../../../bench/throttled/frameRegion';

/** A width x height frame whose pixel (x, y) is `at(x, y)` in all three channels. */
function frame(width: number, height: number, at: (x: number, y: number) => number): Raw {
  const data = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) data.fill(at(x, y), (y * width + x) * 3, (y * width + x) * 3 + 3);
  return { data, width, height };
}

describe('centralCrop', () => {
  it('keeps the middle share of width and height, row by row', () => {
    const img = frame(10, 5, (x, y) => y * 10 + x);
    const c = centralCrop(img, 0.6);
    expect([c.width, c.height]).toEqual([6, 3]);
    // Rows 1..3, columns 2..7.
    expect([...c.data.filter((_, i) => i % 3 === 0)]).toEqual([
      12, 13, 14, 15, 16, 17, 22, 23, 24, 25, 26, 27, 32, 33, 34, 35, 36, 37,
    ]);
  });
});

describe('blankSideShare', () => {
  it('counts the black columns running in from both edges', () => {
    const img = frame(20, 4, (x) => (x < 3 || x >= 18 ? 4 : 120));
    expect(blankSideShare(img)).toBeCloseTo(5 / 20);
  });
  it('is 0 when a single pixel of the edge column is drawn', () => {
    const img = frame(20, 4, (x, y) => (x === 0 && y !== 2 ? 0 : x === 19 ? 0 : 200));
    expect(blankSideShare(img)).toBeCloseTo(1 / 20);
  });
  it('is 0 for a frame drawn edge to edge, and 1 for a black one', () => {
    expect(blankSideShare(frame(8, 2, () => 90))).toBe(0);
    expect(blankSideShare(frame(8, 2, () => 0))).toBe(1);
  });
});
