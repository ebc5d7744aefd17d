// The photo decoded once to raw RGB, turned upright (EXIF), alpha flattened, and placed in its full sphere in shared
// memory (placeOnSphere.ts). Bounded like every decode of an upload: a pixel limit, a timeout, and failOn so a
// damaged or cut-short file fails instead of decoding garbage.
import sharp from 'sharp';
import { DECODE_SECONDS, MAX_PHOTO_PIXELS } from './photoLimits.ts';
import type { PhotoPlan } from './photoPlan.ts';
import { refuse } from './photoRefused.ts';
import { placeOnSphere, UNCOVERED_GREY } from './placeOnSphere.ts';
import type { SharedSphere } from './sphereMemory.ts';

/** libvips repeats a decoder's complaint once per attempt: its first line says it. */
const firstLine = (e: unknown) => String((e as Error)?.message ?? e).split('\n')[0];

/** Into `into` when given (see placeOnSphere), so that threads reading it can start while the photo decodes; placed
 *  there only once `placeAfter` has settled (threads still writing to the fresh sphere, see touchRows). */
export async function decodeSphere(
  file: string,
  plan: PhotoPlan,
  into?: SharedSphere,
  placeAfter?: Promise<unknown>,
): Promise<SharedSphere> {
  const grey = { r: UNCOVERED_GREY, g: UNCOVERED_GREY, b: UNCOVERED_GREY };
  const pipeline = sharp(file, { limitInputPixels: MAX_PHOTO_PIXELS, failOn: 'error', sequentialRead: true })
    .autoOrient()
    .flatten({ background: grey })
    .toColourspace('srgb');
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
  if (info.width !== plan.width || info.height !== plan.height || data.length !== plan.width * plan.height * 3)
    throw refuse(
      plan.name,
      `decodes to ${info.width}x${info.height} pixels, not the ${plan.width}x${plan.height} its header says.`,
    );
  await placeAfter?.catch(() => undefined); // its failure is its owner's to tell
  return placeOnSphere({ data, width: info.width, height: info.height }, plan, into);
}
