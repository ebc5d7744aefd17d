// The throttled benchmark's frame regions: the central crop judged, and the blank sides of a settled frame.
import { describe, expect, it } from 'vitest';
import { blankOutsideCentre, centralCrop, type Raw } from '../../../bench/throttled/frameRegion';

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

describe('blankOutsideCentre', () => {
  it('is the share of the pixels outside the central 60% that are black', () => {
    // 10x10: the centre is 6x6 (36 px), the 64 around it; the left two columns are black (20 px, all outside).
    const img = frame(10, 10, (x) => (x < 2 ? 4 : 120));
    expect(blankOutsideCentre(img, 0.6)).toBeCloseTo(20 / 64);
  });
  it('counts a black floor at the foot as well as black sides, and ignores black inside the centre', () => {
    expect(
      blankOutsideCentre(
        frame(10, 10, (_, y) => (y >= 8 ? 0 : 200)),
        0.6,
      ),
    ).toBeCloseTo(20 / 64);
    expect(
      blankOutsideCentre(
        frame(10, 10, (x, y) => (x >= 2 && x < 8 && y >= 2 && y < 8 ? 0 : 90)),
        0.6,
      ),
    ).toBe(0);
  });
  it('takes a pixel above the threshold in any channel as drawn', () => {
    expect(
      blankOutsideCentre(
        frame(10, 10, () => 13),
        0.6,
      ),
    ).toBe(0);
    expect(
      blankOutsideCentre(
        frame(10, 10, () => 0),
        0.6,
      ),
    ).toBe(1);
  });
});
