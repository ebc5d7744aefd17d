import { describe, expect, it } from 'vitest';
import { buildPoleBands } from '../../../server/services/tiler/poleBands.ts';

function noise(width: number, height: number): Uint8Array {
  const data = new Uint8Array(width * height * 3);
  let s = 12345;
  for (let k = 0; k < data.length; k++) {
    s = (s * 1103515245 + 12345) >>> 0;
    data[k] = s >>> 24;
  }
  return data;
}

describe('buildPoleBands', () => {
  const width = 2048,
    height = 1024;
  const src = { data: noise(width, height), width, height };
  // A 512-px face of a 2048-wide photo: a pixel at the face centre spans 2048 / (512 pi) * (1 / h) columns.
  const spanScale = (2 / 512) * (width / (2 * Math.PI));
  const bands = buildPoleBands(src, spanScale);

  it('halves the width copy after copy, each band narrower and shorter towards its pole', () => {
    expect(bands.top.length).toBeGreaterThan(3);
    bands.top.forEach((b, i) => {
      expect(b.image.width).toBe(width >> (i + 1));
      expect(b.rowOffset).toBe(0);
      if (i > 0) expect(b.image.height).toBeLessThanOrEqual(bands.top[i - 1].image.height);
    });
    bands.bottom.forEach((b) => expect(b.rowOffset + b.image.height).toBe(height));
  });

  it('averages column pairs without drifting: a row keeps its mean at every copy', () => {
    const rowMean = (d: Uint8Array, w: number, y: number) => {
      let sum = 0;
      for (let k = y * w * 3; k < (y + 1) * w * 3; k++) sum += d[k];
      return sum / (w * 3);
    };
    for (const band of [...bands.top, ...bands.bottom]) {
      const y = band.image.height - 1;
      expect(
        Math.abs(rowMean(band.image.data, band.image.width, y) - rowMean(src.data, width, band.rowOffset + y)),
      ).toBeLessThan(0.6);
    }
  });

  it('builds only the pole asked for', () => {
    const top = buildPoleBands(src, spanScale, 'top');
    expect(top.bottom).toEqual([]);
    expect(top.top.map((b) => b.image.height)).toEqual(bands.top.map((b) => b.image.height));
  });
});
