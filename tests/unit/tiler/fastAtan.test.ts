import { describe, expect, it } from 'vitest';
import { atan2Fast, atanUnit } from '../../../server/services/tiler/fastAtan.ts';

describe('atan2Fast', () => {
  it('is within 2e-6 radians of Math.atan2 all round the circle, at every scale', () => {
    let worst = 0;
    for (const r of [1e-6, 0.3, 1, 7, 1e6])
      for (let k = 0; k < 7200; k++) {
        const a = (k / 7200) * 2 * Math.PI;
        const y = r * Math.sin(a),
          x = r * Math.cos(a);
        worst = Math.max(worst, Math.abs(atan2Fast(y, x) - Math.atan2(y, x)));
      }
    // 2e-6 rad is 0.005 of a column on a 16384-wide photo.
    expect(worst).toBeLessThan(2e-6);
    expect(atan2Fast(0, 0)).toBe(0);
    expect(atan2Fast(0, -1)).toBeCloseTo(Math.PI, 5);
  });

  it('atanUnit is atan on [-1, 1]', () => {
    for (let t = -1; t <= 1; t += 0.001) expect(Math.abs(atanUnit(t) - Math.atan(t))).toBeLessThan(2e-6);
  });
});
