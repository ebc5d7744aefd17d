import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { equirectPhoto, missingFixtures } from '../../fixtures.ts';
import { FACES, type Face } from '../../../server/demo/cubeGeometry.ts';
import { decodeRgb, type RawImage } from '../../../server/demo/rawImage.ts';
import { expectedTiles, tileRelPath } from '../../../server/services/ingest/tilePaths.ts';
import { inspectPhoto } from '../../../server/services/tiler/inspectPhoto.ts';
import { planPhoto } from '../../../server/services/tiler/photoPlan.ts';
import { PhotoRefused } from '../../../server/services/tiler/photoRefused.ts';
import { placeOnSphere, UNCOVERED_GREY } from '../../../server/services/tiler/placeOnSphere.ts';
import { photoTileCount, tilePhoto } from '../../../server/services/tiler/tilePhoto.ts';
import { reprojectTools } from '../../../server/services/tiler/reprojectTools.ts';
import { seamMismatches } from '../demo/helpers.ts';
import { drawn, photoFile, tiledFiles, upscaled } from './photos.ts';

const skip = missingFixtures(equirectPhoto('city'));

/** Mean colour of a square of `r` px around (x, y) of a decoded picture. */
function meanAround(img: RawImage, x: number, y: number, r = 4): number[] {
  const sum = [0, 0, 0];
  let n = 0;
  for (let j = y - r; j <= y + r; j++)
    for (let i = x - r; i <= x + r; i++) {
      const o = (j * img.width + i) * img.channels;
      for (let k = 0; k < 3; k++) sum[k] += img.data[o + k];
      n++;
    }
  return sum.map((s) => Math.round(s / n));
}
const near = (got: number[], want: number[], tol = 12) => got.every((v, k) => Math.abs(v - want[k]) <= tol);

/** The tiles of a picture red on its left half and blue on its right, placed by GPano at `crop` of a 2048 sphere. */
async function tiledBand(name: string, crop: { left: number; top: number; width: number; height: number }) {
  const band = await drawn(crop.width, crop.height, (x) => (x < crop.width / 2 ? [220, 20, 20] : [20, 20, 220]))
    .jpeg({ quality: 95 })
    .toBuffer();
  const plan = planPhoto(name, crop, {
    FullPanoWidthPixels: '2048',
    FullPanoHeightPixels: '1024',
    CroppedAreaLeftPixels: String(crop.left),
    CroppedAreaTopPixels: String(crop.top),
  });
  return (await tiledFiles(photoFile(name, band), plan)).files;
}

// Each test tiles whole photos (a decode, six faces, JPEG encodes) on a machine that may be busy.
describe.skipIf(!!skip)('tilePhoto', { timeout: 30_000 }, () => {
  it('writes exactly the expected tile set, each at its pixel size, with progress per file', async () => {
    const file = photoFile('city-4096.jpg', await upscaled('city', 4096));
    const plan = await inspectPhoto(file, 'city.jpg');
    const { files, progress } = await tiledFiles(file, plan);
    const expected = expectedTiles(plan.levels).map((ref) => tileRelPath(ref));
    expect([...files.keys()].sort()).toEqual(expected.sort());
    expect(photoTileCount(plan)).toBe(31); // preview + 6 x (1 + 4)
    expect(progress.length).toBe(31);
    expect(progress.at(-1)).toEqual([31, 31]);
    expect(progress.every(([done], i) => done === i + 1)).toBe(true);
    for (const [rel, jpeg] of files) {
      const meta = await sharp(jpeg).metadata();
      expect(meta.format, rel).toBe('jpeg');
      expect(meta.chromaSubsampling, rel).toBe('4:2:0');
      expect([meta.width, meta.height], rel).toEqual(rel === 'preview.jpg' ? [256, 1536] : [512, 512]);
    }
  });

  it('lets the writes already started end before it tells a failed write', async () => {
    const file = photoFile('forest-4096.jpg', await upscaled('forest', 4096));
    const plan = await inspectPhoto(file, 'forest.jpg');
    let told = false;
    let late = 0;
    let written = 0;
    const failure = tilePhoto(file, plan, reprojectTools(), async (ref) => {
      // The last face's first tile fails at once; its siblings (encoded alongside) take a while to land.
      if (ref.kind === 'tile' && ref.face === FACES[FACES.length - 1] && ref.z === 2 && ref.x === 0 && ref.y === 0)
        throw new Error('disk gone');
      if (told) late++;
      await new Promise((r) => setTimeout(r, 100));
      if (told) late++;
      written++;
    });
    await expect(failure).rejects.toThrow('disk gone');
    told = true;
    await new Promise((r) => setTimeout(r, 1000));
    expect(late).toBe(0);
    expect(written).toBeGreaterThan(0);
  });

  it('makes faces that join at every seam, stacked b, d, f, l, r, u in the preview as in the tiles', async () => {
    // Each face of the preview strip against the face's single level-1 tile, scaled down alike.
    const file = photoFile('sunset-2048.jpg', await upscaled('sunset', 2048));
    const { files } = await tiledFiles(file, await inspectPhoto(file, 'sunset.jpg'));
    const faces = Object.fromEntries(
      await Promise.all(FACES.map(async (f) => [f, await decodeRgb(files.get(`1/${f}/0/0.jpg`)!)] as const)),
    ) as Record<Face, RawImage>;
    for (const [seam, diff] of Object.entries(seamMismatches(faces))) expect(diff, seam).toBeLessThan(12);
    const strip = await decodeRgb(files.get('preview.jpg')!);
    for (const [i, face] of FACES.entries()) {
      const tile = await decodeRgb(
        await sharp(files.get(`1/${face}/0/0.jpg`)!)
          .resize(256, 256)
          .toBuffer(),
      );
      for (const [x, y] of [
        [64, 64],
        [128, 128],
        [192, 200],
      ])
        expect(near(meanAround(strip, x, i * 256 + y), meanAround(tile, x, y)), `${face} ${x},${y}`).toBe(true);
    }
  });

  it('turns a photo stored on its side upright by its EXIF orientation', async () => {
    const upright = await upscaled('city', 2048);
    const stored = await sharp(upright).rotate(-90).withMetadata({ orientation: 6 }).jpeg({ quality: 95 }).toBuffer();
    const a = await tiledFiles(
      photoFile('up.jpg', upright),
      await inspectPhoto(photoFile('up.jpg', upright), 'up.jpg'),
    );
    const turnedFile = photoFile('turned.jpg', stored);
    const b = await tiledFiles(turnedFile, await inspectPhoto(turnedFile, 'turned.jpg'));
    for (const face of FACES) {
      const pa = await decodeRgb(a.files.get(`1/${face}/0/0.jpg`)!);
      const pb = await decodeRgb(b.files.get(`1/${face}/0/0.jpg`)!);
      let diff = 0;
      for (let k = 0; k < pa.data.length; k++) diff += Math.abs(pa.data[k] - pb.data[k]);
      expect(diff / pa.data.length, face).toBeLessThan(4);
    }
  });

  it('tiles a 16-bit PNG with alpha and a CMYK JPEG like the same picture in 8-bit RGB', async () => {
    const rgb = await sharp(await upscaled('forest', 2048))
      .png()
      .toBuffer();
    const variants = {
      'rgb.png': rgb,
      'deep.png': await sharp(rgb).toColourspace('rgb16').ensureAlpha(1).png().toBuffer(),
      'cmyk.jpg': await sharp(rgb).toColourspace('cmyk').jpeg({ quality: 95 }).toBuffer(),
    };
    const fronts: Record<string, RawImage> = {};
    for (const [name, bytes] of Object.entries(variants)) {
      const file = photoFile(name, bytes);
      const { files } = await tiledFiles(file, await inspectPhoto(file, name));
      fronts[name] = await decodeRgb(files.get('1/f/0/0.jpg')!);
    }
    // Converting to CMYK and back costs about 9.7 per channel by itself; a picture read as the wrong format, 100.
    for (const [name, within] of [
      ['deep.png', 2],
      ['cmyk.jpg', 12],
    ] as const) {
      let diff = 0;
      for (let k = 0; k < fronts[name].data.length; k++)
        diff += Math.abs(fronts[name].data[k] - fronts['rgb.png'].data[k]);
      expect(diff / fronts[name].data.length, name).toBeLessThan(within);
    }
  });

  it('places a cropped panorama where GPano says, the rest neutral grey', async () => {
    // The picture covers yaw -90..90 degrees (columns 512..1536 of 2048) and polar 45..135 degrees (rows 256..768):
    // red on its left half, blue on its right half.
    const files = await tiledBand('band.jpg', { left: 512, top: 256, width: 1024, height: 512 });
    const face = async (f: string) => decodeRgb(files.get(`1/${f}/0/0.jpg`)!);
    const front = await face('f');
    expect(meanAround(front, 128, 256)).toSatisfy((c: number[]) => near(c, [220, 20, 20])); // yaw -27
    expect(meanAround(front, 384, 256)).toSatisfy((c: number[]) => near(c, [20, 20, 220])); // yaw +27
    for (const f of ['b', 'u', 'd'])
      expect(meanAround(await face(f), 256, 256), f).toSatisfy((c: number[]) => near(c, [128, 128, 128]));
    // Straight left (yaw -90) is the picture's left edge: a row above the equator below 45 degrees is red.
    expect(meanAround(await face('l'), 300, 256)).toSatisfy((c: number[]) => near(c, [220, 20, 20]));
  });
});

describe.skipIf(!!skip)('tilePhoto of a crop across the back', { timeout: 30_000 }, () => {
  it('joins the part past the right edge to the left edge: the back face shows the picture whole', async () => {
    // Yaw 90..270 degrees (columns 1536..2560 of 2048, so 1536..2048 then 0..512): red, then blue past the seam.
    const files = await tiledBand('back.jpg', { left: 1536, top: 256, width: 1024, height: 512 });
    const back = await decodeRgb(files.get('1/b/0/0.jpg')!);
    expect(meanAround(back, 128, 256)).toSatisfy((c: number[]) => near(c, [220, 20, 20]));
    expect(meanAround(back, 384, 256)).toSatisfy((c: number[]) => near(c, [20, 20, 220]));
    const front = await decodeRgb(files.get('1/f/0/0.jpg')!);
    expect(meanAround(front, 256, 256)).toSatisfy((c: number[]) => near(c, [128, 128, 128]));
  });
});

describe('placeOnSphere', () => {
  it('continues a crop that passes the right edge at the left, and paints the rest grey', () => {
    // A 4x1 picture of columns 1..4 placed at column 6 of an 8x4 sphere, row 1: columns 6, 7, then 0, 1.
    const picture = { data: new Uint8Array([1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4]), width: 4, height: 1 };
    const sphere = placeOnSphere(picture, {
      full: { width: 8, height: 4 },
      crop: { left: 6, top: 1, width: 4, height: 1 },
    });
    expect(sphere.data.buffer).toBeInstanceOf(SharedArrayBuffer);
    const row = (y: number) => Array.from({ length: 8 }, (_, x) => sphere.data[(y * 8 + x) * 3]);
    expect(row(1)).toEqual([3, 4, 128, 128, 128, 128, 1, 2]);
    expect(row(0)).toEqual(Array(8).fill(UNCOVERED_GREY));
  });
});

describe.skipIf(!!skip)('tilePhoto failures', { timeout: 30_000 }, () => {
  it('refuses, naming the photo, a file that decodes to another size than its plan says', async () => {
    const plan = planPhoto('swapped.jpg', { width: 4096, height: 2048 }, {});
    const file = photoFile('swapped.jpg', await upscaled('night', 2048));
    const written: string[] = [];
    const failure = await tilePhoto(file, plan, reprojectTools(), async (ref) => {
      written.push(tileRelPath(ref));
    }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(PhotoRefused);
    expect((failure as Error).message).toBe(
      '"swapped.jpg" decodes to 2048x1024 pixels, not the 4096x2048 its header says.',
    );
    expect(written).toEqual([]);
  });

  it('stops with the error of a write that fails', async () => {
    const file = photoFile('night-2048.jpg', await upscaled('night', 2048));
    let writes = 0;
    const failing = tilePhoto(file, await inspectPhoto(file, 'night.jpg'), reprojectTools(), async () => {
      if (++writes === 3) throw new Error('the store is full');
    });
    await expect(failing).rejects.toThrow('the store is full');
  });
});
