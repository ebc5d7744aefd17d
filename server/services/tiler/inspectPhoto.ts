// A photo's header and metadata, read without decoding a pixel, turned into its PhotoPlan (or a refusal).
import fs from 'node:fs/promises';
import sharp from 'sharp';
import { parseGPano } from './gpano.ts';
import { planPhoto, type PhotoPlan } from './photoPlan.ts';
import { MAX_PHOTO_BYTES } from './photoLimits.ts';
import { refuse } from './photoRefused.ts';

/** sharp's `format` of what we tile: JPEG, PNG, WebP, and AVIF (reported as heif with AV1 compression). */
const READABLE = new Set(['jpeg', 'png', 'webp']);
const NOT_A_PICTURE = 'is not a picture we can read (JPEG, PNG, WebP or AVIF): upload the equirectangular photo.';

/** EXIF orientations 5 to 8 turn the picture a quarter: its stored width is its height upright. */
const turnsQuarter = (orientation: number | undefined) => (orientation ?? 1) >= 5 && (orientation ?? 1) <= 8;

const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

export async function inspectPhoto(file: string, name: string): Promise<PhotoPlan> {
  const { size } = await fs.stat(file);
  if (size > MAX_PHOTO_BYTES)
    throw refuse(name, `weighs ${mb(size)}; at most ${mb(MAX_PHOTO_BYTES)} are taken: export it at a lower quality.`);
  // The header only: the pixel bound is checked below on its numbers, so that the refusal can say them.
  const meta = await sharp(file, { limitInputPixels: false })
    .metadata()
    .catch(() => {
      throw refuse(name, NOT_A_PICTURE);
    });
  const avif = meta.format === 'heif' && meta.compression === 'av1';
  if (!(READABLE.has(meta.format ?? '') || avif)) throw refuse(name, NOT_A_PICTURE);
  const stored = { width: meta.width ?? 0, height: meta.height ?? 0 };
  if (stored.width < 1 || stored.height < 1) throw refuse(name, NOT_A_PICTURE);
  const upright = turnsQuarter(meta.orientation) ? { width: stored.height, height: stored.width } : stored;
  return planPhoto(name, upright, meta.xmp ? parseGPano(meta.xmp.toString('utf8')) : {});
}
