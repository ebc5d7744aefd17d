import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import {
  GLYPH_H,
  GLYPH_W,
  SUPPORTED_CHARS,
  fitCell,
  measureText,
  textPathData,
  textSvg,
} from '../../../server/demo/font.ts';
import { lumaSpread } from './helpers.ts';

describe('built-in bitmap font', () => {
  it('covers A-Z, 0-9, space, dash and some punctuation', () => {
    for (const ch of "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 -.,:!?/()#&+'") expect(SUPPORTED_CHARS).toContain(ch);
  });

  it('gives every visible glyph its own shape', () => {
    const shapes = new Set([...SUPPORTED_CHARS].filter((c) => c !== ' ').map((c) => textPathData(c, 0, 0, 1)));
    expect(shapes.size).toBe(SUPPORTED_CHARS.length - 1);
    expect(textPathData(' ', 0, 0, 1)).toBe('');
  });

  it('draws lower case as upper case and unknown characters as "?"', () => {
    expect(textPathData('abc', 0, 0, 2)).toBe(textPathData('ABC', 0, 0, 2));
    expect(textPathData('é', 0, 0, 2)).toBe(textPathData('?', 0, 0, 2));
  });

  it('measures and fits text', () => {
    expect(measureText('AB', 10)).toEqual({ width: (2 * GLYPH_W + 1) * 10, height: GLYPH_H * 10 });
    expect(measureText('A\nB', 1).height).toBe(2 * GLYPH_H + 3);
    const cell = fitCell('HELLO WORLD', 300, 50);
    const box = measureText('HELLO WORLD', cell);
    expect(box.width).toBeLessThanOrEqual(300 + 1e-9);
    expect(box.height).toBeLessThanOrEqual(50 + 1e-9);
  });

  it('renders with sharp without any system font (ink where the text is, nothing elsewhere)', async () => {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="60"><rect width="200" height="60" fill="#fff"/>${textSvg('NODE 7', 10, 10, { cell: 5, fill: '#000' })}</svg>`;
    const png = await sharp(Buffer.from(svg)).png().toBuffer();
    expect(await lumaSpread(png, { left: 10, top: 10, width: 170, height: 35 })).toBeGreaterThan(200);
    expect(await lumaSpread(png, { left: 0, top: 46, width: 200, height: 14 })).toBe(0); // below the text: blank
  });
});
