// Images people upload (minimap floor plans, pin covers, site-map pictures): check that they decode, and
// re-encode sized variants. Only the raster formats browsers show everywhere are accepted (no SVG: it can carry script).
import sharp, { type Metadata, type OutputInfo } from 'sharp';
import { Invalid } from './errors.ts';

export const IMAGE_REQUIRED_MESSAGE = 'Please choose an image file (PNG, JPEG, WebP or GIF).';
/** Largest picture accepted, in pixels (about 10000 x 10000). */
const MAX_IMAGE_PIXELS = 100_000_000;
/** Longest side accepted: the decoder holds a few rows of the picture at a time, so a row's length is its memory. */
const MAX_IMAGE_SIDE = 16_384;
/**
 * Largest decoded copy kept in memory (the copies are made from it): 16 MP is 64 MB at 4 channels. A picture much
 * taller than wide (2,000 x 50,000) is shrunk until its copy fits, instead of being held at its full height.
 */
const MAX_DECODED_PIXELS = 16_000_000;
/**
 * Largest picture, in decoded bytes, of a kind the decoder must hold whole before giving its first row: a progressive
 * JPEG, an interlaced PNG, a GIF. A 600 KB progressive JPEG of 10000 x 10000 otherwise takes the process 320 MB above
 * its rest, an interlaced PNG or a GIF of that size about 490 MB. 100 MB still takes a 24-megapixel camera photo.
 */
const MAX_WHOLE_DECODE_BYTES = 100 * 1024 * 1024;
/** Largest image file accepted, in bytes. */
export const MAX_IMAGE_BYTES = 50 * 1024 * 1024;
const FORMATS: ReadonlySet<string> = new Set(['jpeg', 'png', 'webp', 'gif']);
const EXT: Record<string, string> = { jpeg: 'jpg', png: 'png', webp: 'webp', gif: 'gif' };

interface ImageInfo {
  format: string;
  ext: string;
  width: number;
  height: number;
  hasAlpha: boolean;
}

// libvips keeps decoded images in a cache for reuse; an upload server reuses nothing, so it keeps nothing.
sharp.cache(false);

/** The header's format and size, before any pixel is decoded: a lying header is refused here. */
async function readHeader(data: Buffer, formats: ReadonlySet<string>, required: string): Promise<Metadata> {
  let meta: Metadata;
  try {
    meta = await sharp(data, { limitInputPixels: false }).metadata();
  } catch {
    throw new Invalid(required);
  }
  if (!meta.format || !formats.has(meta.format) || !meta.width || !meta.height) throw new Invalid(required);
  if (meta.width * meta.height > MAX_IMAGE_PIXELS || Math.max(meta.width, meta.height) > MAX_IMAGE_SIDE) {
    throw new Invalid(
      `The image is too large (${meta.width} x ${meta.height} pixels); please use one of at most ${MAX_IMAGE_PIXELS / 1e6} megapixels and ${MAX_IMAGE_SIDE} pixels on a side.`,
    );
  }
  const whole = meta.isProgressive || meta.format === 'gif';
  const decodedBytes = meta.width * meta.height * (meta.channels ?? 4) * (meta.depth === 'ushort' ? 2 : 1);
  if (whole && decodedBytes > MAX_WHOLE_DECODE_BYTES) {
    throw new Invalid(
      `The image is too large for its kind (${meta.width} x ${meta.height} pixels, ${meta.format === 'gif' ? 'GIF' : 'progressive or interlaced'}); please save it as a plain JPEG, PNG or WebP, or at most ${Math.floor(MAX_WHOLE_DECODE_BYTES / (meta.channels ?? 4) / 1e6)} megapixels.`,
    );
  }
  return meta;
}

export interface PreparedImage {
  info: ImageInfo;
  variants: { data: Buffer; ext: 'png' | 'jpg' }[];
}

/**
 * Checks a picture and makes copies at most `widths` pixels wide (upright, without metadata; PNG when it has
 * transparency, otherwise JPEG). The pixels are decoded once, read in sequence and shrunk while loading, to the
 * largest width asked for (and at most MAX_DECODED_PIXELS); the smaller copies are made from that. A damaged
 * picture is refused with a message.
 */
export async function prepareImage(
  data: Buffer,
  widths: number[],
  only: { formats: ReadonlySet<string>; message: string } = { formats: FORMATS, message: IMAGE_REQUIRED_MESSAGE },
): Promise<PreparedImage> {
  const meta = await readHeader(data, only.formats, only.message);
  const swap = (meta.orientation ?? 1) >= 5;
  const info: ImageInfo = {
    format: meta.format!,
    ext: EXT[meta.format!],
    width: swap ? meta.height! : meta.width!,
    height: swap ? meta.width! : meta.height!,
    hasAlpha: !!meta.hasAlpha,
  };
  const damaged = () => new Invalid(`The image could not be read (it may be damaged). ${only.message}`);
  let decoded: { data: Buffer; info: OutputInfo };
  try {
    decoded = await sharp(data, {
      limitInputPixels: MAX_IMAGE_PIXELS,
      failOn: 'error',
      animated: false,
      sequentialRead: true,
    })
      .rotate()
      .resize({
        width: Math.max(...widths),
        height: Math.floor(MAX_DECODED_PIXELS / Math.max(...widths)),
        fit: 'inside',
        withoutEnlargement: true,
      })
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw damaged();
  }
  const { width, height, channels } = decoded.info;
  const variants = await Promise.all(
    widths.map(async (w) => {
      const img = sharp(decoded.data, { raw: { width, height, channels } }).resize({
        width: w,
        withoutEnlargement: true,
      });
      if (info.hasAlpha) return { data: await img.png({ compressionLevel: 9 }).toBuffer(), ext: 'png' as const };
      return { data: await img.jpeg({ quality: 85, mozjpeg: true }).toBuffer(), ext: 'jpg' as const };
    }),
  );
  return { info, variants };
}
