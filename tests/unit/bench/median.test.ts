// The throttled benchmark's median of runs: runs that measured nothing (NaN) are left out, not counted as zero.
import { describe, expect, it } from 'vitest';
import { median } from '../../../bench/throttled/report';

describe('median', () => {
  it('takes the middle run, or the mean of the two middle ones', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });
  it('leaves out runs without a figure, and is NaN when none has one', () => {
    expect(median([NaN, 5, 1])).toBe(3);
    expect(median([NaN, NaN])).toBeNaN();
  });
});
