// Shared helpers for the demo-generator tests: reading pixels, and measuring how well six cube faces join.
import path from 'node:path';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import JSZip from 'jszip';
import { FACES, directionToFace, faceDirection, type Face } from '../../../server/demo/cubeGeometry.ts';
import { decodeRgb, type RawImage } from '../../../server/demo/rawImage.ts';

/** The shared fixtures live beside the checkout (see /work/shared/fixtures/README.md); tests skip without them. */
export const FIXTURES = path.resolve(fileURLToPath(new URL('.', import.meta.url)), '../../../../shared/fixtures');
export const EXPORT_ZIP = path.join(FIXTURES, 'marzipano-export/prism_new_field.zip');
export const hasFixture = (p: string) => fs.existsSync(p);

export function pixel(img: RawImage, x: number, y: number): [number, number, number] {
  const o = (y * img.width + x) * img.channels;
  return [img.data[o], img.data[o + 1], img.data[o + 2]];
}

/** Nearest pixel of a square face at normalised coordinates a, b in [-1, 1]. */
export function sampleFace(img: RawImage, a: number, b: number): [number, number, number] {
  const clamp = (v: number) => Math.max(0, Math.min(img.width - 1, v));
  return pixel(img, clamp(Math.floor(((a + 1) / 2) * img.width)), clamp(Math.floor(((b + 1) / 2) * img.width)));
}

/**
 * Mean absolute colour difference across each cube seam (keyed "face:edge"): for points along the edge (corners
 * left out), the pixel just inside the edge against the pixel just beyond it on whichever face the geometry says
 * is there. Small everywhere when the faces are oriented as cubeGeometry.ts says; large on the edges of any face
 * that is turned or swapped.
 */
export function seamMismatches(faces: Record<Face, RawImage>, samplesPerEdge = 64): Record<string, number> {
  const result: Record<string, number> = {};
  for (const face of FACES) {
    const size = faces[face].width;
    const inside = 1 - 1 / size,
      outside = 1 + 1 / size;
    const edges: Record<string, (t: number) => [number, number, number, number]> = {
      left: (t) => [-inside, t, -outside, t],
      right: (t) => [inside, t, outside, t],
      top: (t) => [t, -inside, t, -outside],
      bottom: (t) => [t, inside, t, outside],
    };
    for (const [edge, at] of Object.entries(edges)) {
      let total = 0;
      for (let k = 0; k < samplesPerEdge; k++) {
        const [ai, bi, ao, bo] = at(-0.8 + (1.6 * (k + 0.5)) / samplesPerEdge);
        const here = sampleFace(faces[face], ai, bi);
        const beyond = directionToFace(faceDirection(face, ao, bo));
        const there = sampleFace(faces[beyond.face], beyond.a, beyond.b);
        total += Math.abs(here[0] - there[0]) + Math.abs(here[1] - there[1]) + Math.abs(here[2] - there[2]);
      }
      result[`${face}:${edge}`] = total / (3 * samplesPerEdge);
    }
  }
  return result;
}

export const worstSeam = (faces: Record<Face, RawImage>) => Math.max(...Object.values(seamMismatches(faces)));

/** The six level-z faces of a scene of the fixture export, assembled from its tiles. */
export async function fixtureFaces(
  sceneId: string,
  z: number,
  tilesPerSide: number,
  tileSize: number,
): Promise<Record<Face, RawImage>> {
  const zip = await JSZip.loadAsync(fs.readFileSync(EXPORT_ZIP));
  const out = {} as Record<Face, RawImage>;
  for (const face of FACES) {
    const size = tilesPerSide * tileSize;
    const composites = [];
    for (let y = 0; y < tilesPerSide; y++) {
      for (let x = 0; x < tilesPerSide; x++) {
        const file = zip.file(`app-files/tiles/${sceneId}/${z}/${face}/${y}/${x}.jpg`);
        if (!file) throw new Error(`missing tile ${z}/${face}/${y}/${x}`);
        composites.push({ input: await file.async('nodebuffer'), left: x * tileSize, top: y * tileSize });
      }
    }
    const png = await sharp({ create: { width: size, height: size, channels: 3, background: '#000' } })
      .composite(composites)
      .png()
      .toBuffer();
    out[face] = await decodeRgb(png);
  }
  return out;
}

/** A copy of a raw image mirrored top to bottom (to simulate an orientation mistake). */
export function flipVertical(img: RawImage): RawImage {
  const data = Buffer.alloc(img.data.length);
  const row = img.width * img.channels;
  for (let y = 0; y < img.height; y++) img.data.copy(data, (img.height - 1 - y) * row, y * row, (y + 1) * row);
  return { ...img, data };
}

/** A copy of a raw image turned 180 degrees (to simulate an orientation mistake). */
export function rotate180(img: RawImage): RawImage {
  const data = Buffer.alloc(img.data.length);
  const n = img.width * img.height,
    c = img.channels;
  for (let p = 0; p < n; p++) img.data.copy(data, (n - 1 - p) * c, p * c, p * c + c);
  return { ...img, data };
}

/** Non-uniformity of a region: the spread (max - min) of its luminance. */
export async function lumaSpread(
  image: Buffer,
  region: { left: number; top: number; width: number; height: number },
): Promise<number> {
  const { data } = await sharp(image).extract(region).greyscale().raw().toBuffer({ resolveWithObject: true });
  let lo = 255,
    hi = 0;
  for (const v of data) {
    lo = Math.min(lo, v);
    hi = Math.max(hi, v);
  }
  return hi - lo;
}
