// What the tiler will make of one photo, decided from its header and metadata alone (nothing decoded): the full
// sphere, where the stored picture sits in it, the face size and the data.js levels. Pure: inspectPhoto.ts reads the
// file, this decides, and refuses with a sentence naming the photo.
import type { LevelSpec } from '../ingest/tilePaths.ts';
import { gpanoNumber, type GPano } from './gpano.ts';
import { refuse } from './photoRefused.ts';
import { MAX_PHOTO_PIXELS, MAX_PHOTO_WIDTH, MIN_PHOTO_WIDTH } from './photoLimits.ts';
import { pyramidLevels } from './pyramidLevels.ts';

export interface PhotoPlan {
  /** The photo's file name as uploaded (for messages). */
  name: string;
  /** The stored picture, after EXIF orientation. */
  width: number;
  height: number;
  /** The full sphere (GPano FullPano*, else width x height). */
  full: { width: number; height: number };
  /** GPano CroppedArea*, in full-sphere pixels; null = the picture is the whole sphere. */
  crop: { left: number; top: number; width: number; height: number } | null;
  /** GPano PoseHeadingDegrees in [0, 360): compass heading of the picture's centre column; null = unknown. */
  headingDegrees: number | null;
  /** Full sphere width / 4, as the Marzipano Tool chooses it (docs/tiling.md). */
  faceSize: number;
  /** data.js levels: 256 preview (fallbackOnly) + 512-px tiles doubling to >= faceSize. */
  levels: LevelSpec[];
}

export const TILE_SIZE = 512;

/** The stored picture's size, as its header says, already turned upright. */
export interface PictureSize {
  width: number;
  height: number;
}

type Sphere = Pick<PhotoPlan, 'full' | 'crop' | 'headingDegrees'>;

const isTwoToOne = (w: number, h: number) => Math.abs(w - 2 * h) <= 2; // a resize may round the height by a pixel

/** "unreadable metadata" refusal with the detail that made it so. */
function unreadable(name: string, detail: string) {
  return refuse(
    name,
    `has unreadable panorama metadata (GPano: ${detail}): remove the GPano fields or export the photo again.`,
  );
}

function headingOf(name: string, g: GPano): number | null {
  if (g.PoseHeadingDegrees === undefined) return null;
  const h = gpanoNumber(g.PoseHeadingDegrees);
  if (!Number.isFinite(h)) throw unreadable(name, `PoseHeadingDegrees is "${g.PoseHeadingDegrees}"`);
  return ((h % 360) + 360) % 360;
}

/**
 * The full sphere and the crop from GPano. The CroppedArea* numbers describe the picture as the camera wrote it;
 * a photo scaled down since keeps them, so they are scaled by the picture's width over CroppedAreaImageWidthPixels.
 */
function sphereOf(name: string, pic: PictureSize, g: GPano): Sphere {
  const headingDegrees = headingOf(name, g);
  if (g.ProjectionType !== undefined && g.ProjectionType.toLowerCase() !== 'equirectangular')
    throw refuse(
      name,
      `is a ${g.ProjectionType} panorama (GPano ProjectionType), not equirectangular: upload the equirectangular photo the camera exports.`,
    );
  if (g.FullPanoWidthPixels === undefined && g.FullPanoHeightPixels === undefined)
    return { full: { ...pic }, crop: null, headingDegrees };
  const num = (field: keyof GPano, fallback: number) => {
    const text = g[field];
    const v = text === undefined ? fallback : gpanoNumber(text);
    if (!(Number.isFinite(v) && v >= 0 && v <= 10 * MAX_PHOTO_WIDTH))
      throw unreadable(name, `${field} is ${text === undefined ? 'missing' : `"${text}"`}`);
    return v;
  };
  const fullW = num('FullPanoWidthPixels', NaN);
  const fullH = num('FullPanoHeightPixels', NaN);
  const cropW = num('CroppedAreaImageWidthPixels', pic.width);
  const cropH = num('CroppedAreaImageHeightPixels', pic.height);
  if (cropW <= 0 || cropH <= 0) throw unreadable(name, `a cropped area of ${cropW}x${cropH} pixels`);
  const scale = pic.width / cropW;
  if (Math.abs(cropH * scale - pic.height) > Math.max(2, scale))
    throw unreadable(
      name,
      `the cropped area is ${cropW}x${cropH} pixels but the picture ${pic.width}x${pic.height}, not the same shape`,
    );
  const s = (v: number) => Math.round(v * scale);
  const full = { width: s(fullW), height: s(fullH) };
  const crop = {
    left: s(num('CroppedAreaLeftPixels', 0)),
    top: s(num('CroppedAreaTopPixels', 0)),
    width: pic.width,
    height: pic.height,
  };
  if (full.width <= 0 || full.height <= 0) throw unreadable(name, `a full sphere of ${fullW}x${fullH} pixels`);
  // Past the right edge is fine (the sphere wraps round: placeOnSphere.ts); past the bottom or wider is not.
  if (crop.left >= full.width || crop.width > full.width || crop.top + crop.height > full.height)
    throw unreadable(
      name,
      `the picture (${crop.width}x${crop.height} at ${crop.left},${crop.top}) lies outside the full sphere of ${full.width}x${full.height}`,
    );
  const whole = crop.left === 0 && crop.top === 0 && crop.width === full.width && crop.height === full.height;
  return { full, crop: whole ? null : crop, headingDegrees };
}

const tooLarge = (name: string, { width, height }: PictureSize) =>
  refuse(
    name,
    `is ${width}x${height} pixels; at most ${MAX_PHOTO_WIDTH}x${MAX_PHOTO_WIDTH / 2} are taken: scale it down first.`,
  );

const ADVICE_2_1 = 'upload the equirectangular photo the camera exports.';

/** The plan for a picture of `pic` size with GPano `g`; throws PhotoRefused naming `name` when it cannot be tiled. */
export function planPhoto(name: string, pic: PictureSize, g: GPano): PhotoPlan {
  const { width, height } = pic;
  if (width * height > MAX_PHOTO_PIXELS) throw tooLarge(name, pic);
  const sphere = sphereOf(name, pic, g);
  const { full } = sphere;
  if (!isTwoToOne(full.width, full.height))
    throw refuse(
      name,
      sphere.crop || full.width !== width || full.height !== height
        ? `says its full sphere is ${full.width}x${full.height} pixels (GPano), not 2:1: ${ADVICE_2_1}`
        : `is ${width}x${height} pixels, not 2:1: ${ADVICE_2_1}`,
    );
  if (full.width < MIN_PHOTO_WIDTH)
    throw refuse(
      name,
      `is ${full.width}x${full.height} pixels; a 360 photo must be at least ${MIN_PHOTO_WIDTH}x${MIN_PHOTO_WIDTH / 2}: upload the camera's full-resolution photo.`,
    );
  if (full.width > MAX_PHOTO_WIDTH) throw tooLarge(name, full);
  // A tiny picture placed in a huge sphere would cost the whole sphere's decode and tiles for a few pixels: the
  // picture is as wide as the smallest photo taken, or covers half its sphere's width (a half-sphere crop).
  const minWidth = Math.min(MIN_PHOTO_WIDTH, Math.ceil(full.width / 2));
  if (sphere.crop && width < minWidth)
    throw refuse(
      name,
      `is ${width}x${height} pixels, placed in a ${full.width}x${full.height} sphere (GPano); in a sphere that large the picture itself must be at least ${minWidth} pixels wide: upload the camera's full-resolution photo.`,
    );
  const faceSize = Math.round(full.width / 4);
  return { name, width, height, ...sphere, faceSize, levels: pyramidLevels({ faceSize, tileSize: TILE_SIZE }) };
}
