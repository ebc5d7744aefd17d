import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { equirectPhoto, missingFixtures } from '../../fixtures.ts';
import { inspectPhoto } from '../../../server/services/tiler/inspectPhoto.ts';
import { MAX_PHOTO_BYTES } from '../../../server/services/tiler/photoLimits.ts';
import { PhotoRefused } from '../../../server/services/tiler/photoRefused.ts';
import { tilePhoto } from '../../../server/services/tiler/tilePhoto.ts';
import { reprojectTools } from '../../../server/services/tiler/reprojectTools.ts';
import { photoFile, tmpDir, upscaled } from './photos.ts';

const skip = missingFixtures(equirectPhoto('city'));

/** A JPEG whose header (SOF0) says width x height; its few bytes of data could never fill them. */
async function jpegClaiming(width: number, height: number): Promise<Buffer> {
  const jpeg = await sharp({ create: { width: 16, height: 8, channels: 3, background: '#888' } })
    .jpeg({ progressive: false })
    .toBuffer();
  const sof = jpeg.indexOf(Buffer.from([0xff, 0xc0]));
  jpeg.writeUInt16BE(height, sof + 5);
  jpeg.writeUInt16BE(width, sof + 7);
  return jpeg;
}

const gpanoXmp = (fields: Record<string, string | number>) =>
  `<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">` +
  `<rdf:Description rdf:about="" xmlns:GPano="http://ns.google.com/photos/1.0/panorama/" ` +
  Object.entries(fields)
    .map(([k, v]) => `GPano:${k}="${v}"`)
    .join(' ') +
  `/></rdf:RDF></x:xmpmeta>`;

describe.skipIf(!!skip)('inspectPhoto', { timeout: 20_000 }, () => {
  it('plans a real photograph from its header', async () => {
    const file = photoFile('city-4096.jpg', await upscaled('city', 4096));
    const plan = await inspectPhoto(file, 'city.jpg');
    expect(plan).toMatchObject({ name: 'city.jpg', width: 4096, height: 2048, faceSize: 1024, crop: null });
    expect(plan.levels.map((l) => l.size)).toEqual([256, 512, 1024]);
  });

  it('refuses a header of 60000x30000 without decoding it', async () => {
    const file = photoFile('huge.jpg', await jpegClaiming(60000, 30000));
    await expect(inspectPhoto(file, 'huge.jpg')).rejects.toThrow(
      /^"huge.jpg" is 60000x30000 pixels; at most 16384x8192 are taken/,
    );
  });

  it('refuses a file larger than MAX_PHOTO_BYTES by its size alone', async () => {
    const file = path.join(tmpDir, 'heavy.jpg');
    fs.writeFileSync(file, await upscaled('city', 2048));
    fs.truncateSync(file, MAX_PHOTO_BYTES + 1); // sparse: nothing is written, nothing is read
    await expect(inspectPhoto(file, 'heavy.jpg')).rejects.toThrow(/^"heavy.jpg" weighs 200 MB; at most 200 MB/);
  });

  it('refuses what is not a picture, and pictures of another kind', async () => {
    const text = photoFile('notes.jpg', Buffer.from('these are my notes, not a photo'));
    await expect(inspectPhoto(text, 'notes.jpg')).rejects.toThrow(
      '"notes.jpg" is not a picture we can read (JPEG, PNG, WebP or AVIF)',
    );
    const gif = photoFile(
      'anim.gif',
      await sharp(await upscaled('city', 2048))
        .resize(64, 32)
        .gif()
        .toBuffer(),
    );
    await expect(inspectPhoto(gif, 'anim.gif')).rejects.toThrow(/^"anim.gif" is not a picture we can read/);
    await expect(inspectPhoto(text, 'notes.jpg')).rejects.toBeInstanceOf(PhotoRefused);
  });

  it('refuses a photo that is not 2:1 and one too small', async () => {
    const flat = photoFile(
      'flat.jpg',
      await sharp(await upscaled('city', 4096))
        .resize(4000, 3000)
        .toBuffer(),
    );
    await expect(inspectPhoto(flat, 'IMG_0042.jpg')).rejects.toThrow(
      '"IMG_0042.jpg" is 4000x3000 pixels, not 2:1: upload the equirectangular photo the camera exports.',
    );
    const small = photoFile('small.jpg', fs.readFileSync(equirectPhoto('city')));
    await expect(inspectPhoto(small, 'small.jpg')).rejects.toThrow(/"small.jpg" is 1024x512 pixels; a 360 photo/);
  });

  it('reads PNG, WebP and AVIF as well', async () => {
    const jpeg = await upscaled('forest', 2048);
    for (const [ext, bytes] of [
      ['png', await sharp(jpeg).png({ compressionLevel: 1 }).toBuffer()],
      ['webp', await sharp(jpeg).webp().toBuffer()],
      ['avif', await sharp(jpeg).avif({ effort: 0 }).toBuffer()],
    ] as const) {
      const plan = await inspectPhoto(photoFile(`forest.${ext}`, bytes), `forest.${ext}`);
      expect(plan.faceSize, ext).toBe(512);
    }
  });

  it('turns the size by EXIF orientations 5 to 8', async () => {
    const stored = await sharp(await upscaled('city', 2048))
      .rotate(-90)
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    expect((await sharp(stored).metadata()).width).toBe(1024);
    const plan = await inspectPhoto(photoFile('turned.jpg', stored), 'turned.jpg');
    expect([plan.width, plan.height]).toEqual([2048, 1024]);
  });

  it('reads GPano from the XMP packet, and refuses numbers that make no sense', async () => {
    const band = await sharp(await upscaled('city', 4096))
      .resize(4096, 1024)
      .toBuffer();
    const xmp = { FullPanoWidthPixels: 4096, FullPanoHeightPixels: 2048, CroppedAreaTopPixels: 512 };
    const good = await sharp(band)
      .withXmp(gpanoXmp({ ...xmp, PoseHeadingDegrees: 45 }))
      .jpeg()
      .toBuffer();
    const plan = await inspectPhoto(photoFile('band.jpg', good), 'band.jpg');
    expect(plan).toMatchObject({ crop: { left: 0, top: 512, width: 4096, height: 1024 }, headingDegrees: 45 });
    const bad = await sharp(band)
      .withXmp(gpanoXmp({ ...xmp, CroppedAreaTopPixels: 1500 }))
      .jpeg()
      .toBuffer();
    await expect(inspectPhoto(photoFile('bad.jpg', bad), 'bad.jpg')).rejects.toThrow(
      /^"bad.jpg" has unreadable panorama metadata \(GPano: the picture .* lies outside the full sphere/,
    );
  });

  it('passes a truncated JPEG whose header is whole, which then fails to decode cleanly', async () => {
    const whole = await upscaled('city', 2048);
    const file = photoFile('cut.jpg', whole.subarray(0, Math.floor(whole.length * 0.6)));
    const plan = await inspectPhoto(file, 'cut.jpg');
    await expect(tilePhoto(file, plan, reprojectTools(), async () => {})).rejects.toThrow(
      /^"cut.jpg" could not be decoded \(.*\): the file is damaged or cut short/,
    );
  });
});
