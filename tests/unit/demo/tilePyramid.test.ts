import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import JSZip from 'jszip';
import { FACES, type Face } from '../../../server/demo/cubeGeometry.ts';
import { buildTilePyramid, pyramidLevels, writePyramid, type FaceImage } from '../../../server/demo/tilePyramid.ts';
import { EXPORT_ZIP, hasFixture } from './helpers.ts';

const COLOUR: Record<Face, string> = {
  b: '#ff0000',
  d: '#00ff00',
  f: '#0000ff',
  l: '#ffff00',
  r: '#ff00ff',
  u: '#00ffff',
};

/** A face in its own colour, with a white square in the top-left quadrant so tile positions can be checked. */
async function marked(face: Face, size: number): Promise<Buffer> {
  const q = Math.floor(size / 2);
  const mark = await sharp({ create: { width: q, height: q, channels: 3, background: '#ffffff' } })
    .png()
    .toBuffer();
  return sharp({ create: { width: size, height: size, channels: 3, background: COLOUR[face] } })
    .composite([{ input: mark, left: 0, top: 0 }])
    .png()
    .toBuffer();
}

async function meanColour(
  jpg: Buffer,
  region?: { left: number; top: number; width: number; height: number },
): Promise<number[]> {
  // (sharp's stats() ignores extract(), so average the raw pixels here.)
  const { data, info } = await (region ? sharp(jpg).extract(region) : sharp(jpg))
    .raw()
    .toBuffer({ resolveWithObject: true });
  const sum = [0, 0, 0];
  for (let p = 0; p < data.length; p += info.channels) for (let k = 0; k < 3; k++) sum[k] += data[p + k];
  return sum.map((s) => s / (info.width * info.height));
}
const hex = (h: string) => [1, 3, 5].map((i) => parseInt(h.slice(i, i + 2), 16));
const near = (a: number[], b: number[]) => a.every((v, i) => Math.abs(v - b[i]) < 25);

describe('tile pyramid', () => {
  it('chooses levels like the Marzipano Tool (faceSize 1000 -> 512 and 1024 with 512-px tiles)', () => {
    expect(pyramidLevels({ faceSize: 1000, tileSize: 512 })).toEqual([
      { tileSize: 256, size: 256, fallbackOnly: true },
      { tileSize: 512, size: 512 },
      { tileSize: 512, size: 1024 },
    ]);
    expect(pyramidLevels({ faceSize: 2048, tileSize: 512 }).map((l) => l.size)).toEqual([256, 512, 1024, 2048]);
    expect(pyramidLevels({ faceSize: 1024, tileSize: 256 }).map((l) => l.size)).toEqual([256, 256, 512, 1024]);
  });

  it('refuses levels Marzipano would refuse', () => {
    expect(() => pyramidLevels({ faceSize: 1000, tileSize: 512, levels: [512, 1000] })).toThrow(/multiple/);
    expect(() => pyramidLevels({ faceSize: 1000, tileSize: 512, levels: [384] })).toThrow(/multiple/);
    expect(() => pyramidLevels({ faceSize: 1000, tileSize: 512, levels: [1024, 512] })).toThrow(/multiple/);
    expect(() => pyramidLevels({ faceSize: 0, tileSize: 512 })).toThrow();
  });

  it('writes preview.jpg (256x1536, faces b d f l r u) and full tiles at {z}/{f}/{y}/{x}.jpg', async () => {
    const calls: Face[] = [];
    const { levels, faceSize, files } = await buildTilePyramid(
      async (f) => {
        calls.push(f);
        return marked(f, 1000);
      },
      { faceSize: 1000, tileSize: 512 },
    );
    expect(calls.sort()).toEqual([...FACES].sort());
    expect(faceSize).toBe(1000);
    expect(levels.map((l) => l.size)).toEqual([256, 512, 1024]);
    const paths = files.map((f) => f.path);
    const expected = ['preview.jpg'];
    for (const f of FACES)
      expected.push(`1/${f}/0/0.jpg`, `2/${f}/0/0.jpg`, `2/${f}/0/1.jpg`, `2/${f}/1/0.jpg`, `2/${f}/1/1.jpg`);
    expect(paths.sort()).toEqual(expected.sort());

    const byPath = new Map(files.map((f) => [f.path, f.buffer]));
    const preview = byPath.get('preview.jpg')!;
    expect(await sharp(preview).metadata()).toMatchObject({ format: 'jpeg', width: 256, height: 1536 });
    for (const [k, f] of FACES.entries()) {
      // The bottom-right quadrant of each 256-px slot shows that face's own colour.
      expect(
        near(await meanColour(preview, { left: 160, top: k * 256 + 160, width: 80, height: 80 }), hex(COLOUR[f])),
        f,
      ).toBe(true);
    }
    for (const [p, buf] of byPath) {
      if (p === 'preview.jpg') continue;
      expect(await sharp(buf).metadata(), p).toMatchObject({ format: 'jpeg', width: 512, height: 512 });
    }
    // Tile (y 0, x 0) of level 2 holds the white top-left quadrant; x 1 is the same row, further right.
    expect(near(await meanColour(byPath.get('2/f/0/0.jpg')!), [255, 255, 255])).toBe(true);
    expect(near(await meanColour(byPath.get('2/f/0/1.jpg')!), hex(COLOUR.f))).toBe(true);
    expect(near(await meanColour(byPath.get('2/f/1/0.jpg')!), hex(COLOUR.f))).toBe(true);
  });

  it.skipIf(!hasFixture(EXPORT_ZIP))('matches the layout and tile sizes of the real export', async () => {
    const zip = await JSZip.loadAsync(fs.readFileSync(EXPORT_ZIP));
    const prefix = 'app-files/tiles/0-prism_uat_newfield1/';
    const theirs = Object.keys(zip.files)
      .filter((p) => p.startsWith(prefix) && p.endsWith('.jpg'))
      .map((p) => p.slice(prefix.length));
    const dataJs = await zip.file('app-files/data.js')!.async('string');
    const data = JSON.parse(dataJs.slice(dataJs.indexOf('{'), dataJs.lastIndexOf('}') + 1)); // read as data, never run
    const scene = data.scenes[0];
    const faces = Object.fromEntries(
      await Promise.all(FACES.map(async (f) => [f, await marked(f, scene.faceSize)] as const)),
    ) as Record<Face, FaceImage>;
    const ours = await buildTilePyramid(faces, { faceSize: scene.faceSize, tileSize: 512 });
    expect(ours.levels).toEqual(scene.levels);
    expect(ours.files.map((f) => f.path).sort()).toEqual(theirs.sort());
    for (const f of ours.files) {
      const mine = await sharp(f.buffer).metadata();
      const real = await sharp(await zip.file(prefix + f.path)!.async('nodebuffer')).metadata();
      expect([mine.width, mine.height], f.path).toEqual([real.width, real.height]);
    }
  });

  it('writes the same files into a folder, with more tiles at smaller tile sizes', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pyramid-'));
    try {
      const faces = Object.fromEntries(
        await Promise.all(FACES.map(async (f) => [f, await marked(f, 1024)] as const)),
      ) as Record<Face, FaceImage>;
      const { levels, paths } = await writePyramid(dir, faces, {
        faceSize: 1024,
        tileSize: 256,
        levels: [256, 512, 1024],
      });
      expect(levels.map((l) => [l.size, l.tileSize])).toEqual([
        [256, 256],
        [256, 256],
        [512, 256],
        [1024, 256],
      ]);
      expect(paths).toHaveLength(1 + 6 * (1 + 4 + 16));
      for (const p of paths) expect(fs.existsSync(path.join(dir, p)), p).toBe(true);
      expect(await sharp(path.join(dir, '3/u/3/3.jpg')).metadata()).toMatchObject({ width: 256, height: 256 });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
