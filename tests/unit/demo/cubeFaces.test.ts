import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { FACES, type Face } from '../../../server/demo/cubeGeometry.ts';
import { FACE_NAMES, faceLabelSvg, renderCubeFace, renderCubeFaceRaw } from '../../../server/demo/cubeFaces.ts';
import type { RawImage } from '../../../server/demo/rawImage.ts';
import { lumaSpread, pixel, seamMismatches } from './helpers.ts';

const SIZE = 256;

async function allFaces(label: string): Promise<Record<Face, RawImage>> {
  const entries = await Promise.all(FACES.map(async (f) => [f, await renderCubeFaceRaw(f, label, SIZE)] as const));
  return Object.fromEntries(entries) as Record<Face, RawImage>;
}

function mean(img: RawImage): [number, number, number] {
  const s = [0, 0, 0];
  for (let p = 0; p < img.data.length; p += 3) {
    s[0] += img.data[p];
    s[1] += img.data[p + 1];
    s[2] += img.data[p + 2];
  }
  const n = img.data.length / 3;
  return [s[0] / n, s[1] / n, s[2] / n];
}

describe('synthetic cube faces', () => {
  it('encodes a square RGB image of the requested size (PNG, or JPEG on request)', async () => {
    const png = await renderCubeFace('f', 'Node A', 300);
    expect(await sharp(png).metadata()).toMatchObject({ format: 'png', width: 300, height: 300, channels: 3 });
    const jpg = await renderCubeFace('u', 'Node A', 128, { format: 'jpeg' });
    expect(await sharp(jpg).metadata()).toMatchObject({ format: 'jpeg', width: 128, height: 128 });
  });

  it('has sky above and ground below a horizon at the vertical centre of the side faces', async () => {
    const faces = await allFaces('Node A');
    for (const face of ['f', 'r', 'b', 'l'] as Face[]) {
      const img = faces[face];
      const x = Math.round(SIZE * 0.08); // clear of the label plate and the hints
      const [sr, , sb] = pixel(img, x, Math.round(SIZE * 0.3));
      const [, gg, gb] = pixel(img, x, Math.round(SIZE * 0.85));
      expect(sb, `${face} sky`).toBeGreaterThan(sr + 30);
      expect(gg, `${face} ground`).toBeGreaterThan(gb + 15);
      // The dark horizon line sits on the two middle rows.
      const line = pixel(img, x, SIZE / 2 - 1).concat(pixel(img, x, SIZE / 2));
      expect(Math.max(...line), `${face} horizon`).toBeLessThan(110);
      expect(Math.min(...pixel(img, x, SIZE / 2 - 6)), `${face} above horizon`).toBeGreaterThan(125);
    }
    // u looks into the sky, d onto the ground.
    const [ur, , ub] = mean(faces.u);
    const [, dg, db] = mean(faces.d);
    expect(ub).toBeGreaterThan(ur + 40);
    expect(dg).toBeGreaterThan(db + 10);
  });

  it('joins the six faces without seams (the background follows the true viewing direction)', async () => {
    const seams = seamMismatches(await allFaces('Node B'));
    for (const [seam, diff] of Object.entries(seams)) expect(diff, seam).toBeLessThan(6);
  });

  it('draws a large label naming the face and the node', async () => {
    for (const face of FACES) {
      const png = await renderCubeFace(face, 'Node A', SIZE);
      const centre = { left: SIZE / 4, top: (SIZE * 3) / 8, width: SIZE / 2, height: SIZE / 4 };
      expect(await lumaSpread(png, centre), face).toBeGreaterThan(120);
    }
    const svg = faceLabelSvg('f', 'Node A', SIZE);
    expect(svg).not.toContain('<text'); // no system fonts involved
    // Different faces and different nodes give different labels.
    const a = await renderCubeFace('f', 'Node A', SIZE),
      b = await renderCubeFace('f', 'Node B', SIZE);
    expect(a.equals(b)).toBe(false);
    expect(Object.values(FACE_NAMES)).toEqual(['FRONT', 'BACK', 'LEFT', 'RIGHT', 'UP', 'DOWN']);
  });

  it('is deterministic', async () => {
    const a = await renderCubeFaceRaw('d', 'Node C', 64),
      b = await renderCubeFaceRaw('d', 'Node C', 64);
    expect(a.data.equals(b.data)).toBe(true);
  });
});
