// The photo decoded once to raw RGB of its full sphere: turned upright (EXIF), alpha flattened, and a cropped
// panorama placed where GPano says in a neutral grey sphere. Bounded like every decode of an upload: a pixel limit,
// a timeout, and failOn so a damaged or cut-short file fails instead of decoding garbage.
import sharp from 'sharp';
import { DECODE_SECONDS, MAX_PHOTO_PIXELS } from './photoLimits.ts';
import type { PhotoPlan } from './photoPlan.ts';
import { refuse } from './photoRefused.ts';
import type { RgbImage } from './reproject.ts';

/** What the sphere shows where the photo has no pixels (above and below a cropped panorama). */
export const UNCOVERED_GREY = { r: 128, g: 128, b: 128 };

/** libvips repeats a decoder's complaint once per attempt: its first line says it. */
const firstLine = (e: unknown) => String((e as Error)?.message ?? e).split('\n')[0];

export async function decodeSphere(file: string, plan: PhotoPlan): Promise<RgbImage> {
  let pipeline = sharp(file, { limitInputPixels: MAX_PHOTO_PIXELS, failOn: 'error', sequentialRead: true })
    .autoOrient()
    .flatten({ background: UNCOVERED_GREY })
    .toColourspace('srgb');
  const { crop, full } = plan;
  if (crop)
    pipeline = pipeline.extend({
      left: crop.left,
      top: crop.top,
      right: full.width - crop.left - crop.width,
      bottom: full.height - crop.top - crop.height,
      background: UNCOVERED_GREY,
    });
  let result;
  try {
    result = await pipeline.timeout({ seconds: DECODE_SECONDS }).raw().toBuffer({ resolveWithObject: true });
  } catch (e) {
    throw refuse(
      plan.name,
      `could not be decoded (${firstLine(e)}): the file is damaged or cut short; upload it again.`,
    );
  }
  const { data, info } = result;
  // 8-bit RGB whatever was stored (16-bit, grey, CMYK, alpha): the reprojection reads 3 bytes a pixel.
  if (info.width !== full.width || info.height !== full.height || data.length !== full.width * full.height * 3)
    throw refuse(
      plan.name,
      `decodes to ${info.width}x${info.height} pixels, not the ${full.width}x${full.height} its header says.`,
    );
  return { data, width: info.width, height: info.height };
}
