// Images people upload (minimap floor plans, pin covers, site-map pictures): check that they decode, and
// re-encode sized variants. Only the raster formats browsers show everywhere are accepted (no SVG: it can carry script).
import sharp, { type Metadata } from 'sharp';
import { badRequest } from '../http/errors.ts';

export const IMAGE_REQUIRED_MESSAGE = 'Please choose an image file (PNG, JPEG, WebP or GIF).';
/** Largest picture accepted, in pixels (about 10000 x 10000). */
export const MAX_IMAGE_PIXELS = 100_000_000;
/** Largest image file accepted, in bytes. */
export const MAX_IMAGE_BYTES = 50 * 1024 * 1024;
const FORMATS = new Set(['jpeg', 'png', 'webp', 'gif']);
const EXT: Record<string, string> = { jpeg: 'jpg', png: 'png', webp: 'webp', gif: 'gif' };

export interface ImageInfo { format: string; ext: string; width: number; height: number; hasAlpha: boolean }

const open = (data: Buffer) => sharp(data, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error', animated: false });

/** Reads an image's format and displayed size (after its EXIF orientation); refuses anything else with a message. */
export async function inspectImage(data: Buffer): Promise<ImageInfo> {
  let meta: Metadata;
  try { meta = await sharp(data, { limitInputPixels: false }).metadata(); } catch { throw badRequest(IMAGE_REQUIRED_MESSAGE); }
  if (!meta.format || !FORMATS.has(meta.format) || !meta.width || !meta.height) throw badRequest(IMAGE_REQUIRED_MESSAGE);
  if (meta.width * meta.height > MAX_IMAGE_PIXELS) {
    throw badRequest(`The image is too large (${meta.width} x ${meta.height} pixels); please use one of at most ${MAX_IMAGE_PIXELS / 1e6} megapixels.`);
  }
  const swap = (meta.orientation ?? 1) >= 5;
  try { await open(data).stats(); } catch { throw badRequest(`The image could not be read (it may be damaged). ${IMAGE_REQUIRED_MESSAGE}`); }
  return { format: meta.format, ext: EXT[meta.format], width: swap ? meta.height : meta.width, height: swap ? meta.width : meta.height, hasAlpha: !!meta.hasAlpha };
}

/** A copy at most `width` pixels wide, upright, without metadata: PNG when the picture has transparency, otherwise JPEG. */
export async function encodeVariant(data: Buffer, width: number, hasAlpha: boolean): Promise<{ data: Buffer; ext: 'png' | 'jpg' }> {
  const img = open(data).rotate().resize({ width, withoutEnlargement: true });
  try {
    if (hasAlpha) return { data: await img.png({ compressionLevel: 9 }).toBuffer(), ext: 'png' };
    return { data: await img.jpeg({ quality: 85, mozjpeg: true }).toBuffer(), ext: 'jpg' };
  } catch {
    throw badRequest(`The image could not be read (it may be damaged). ${IMAGE_REQUIRED_MESSAGE}`);
  }
}
