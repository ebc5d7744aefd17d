// Browser-side checks of chosen 360 photos before anything is sent, each sentence naming the photo: type, file size,
// pixel size and 2:1 shape (from the header only), the number of photos and names that would make the same scene.
// Pure: the page feeds it names, sizes and headers.
import {
  MAX_PHOTOS_PER_UPLOAD,
  MAX_PHOTO_BYTES,
  MAX_PHOTO_PIXELS,
  MAX_PHOTO_WIDTH,
  MIN_PHOTO_WIDTH,
  PHOTO_EXTENSIONS,
  PHOTO_TYPES,
  photoBaseName,
} from '../../../../contract/photoLimits';
import { formatFileSize } from '../../../ui/fileSize';
import type { ImageHeader } from './imageHeader';

/** What the page knows of one chosen photo. `header`: undefined while its first bytes are read; null when they are
 *  no picture; `size: null` in it when the picture is one we recognise but its size lies beyond the bytes read. */
export interface ChosenPhoto {
  name: string;
  type: string;
  bytes: number;
  header?: { format: ImageHeader['format'] | null; size: ImageHeader | null };
}

export interface PhotoCheck {
  name: string;
  /** "4096 x 2048" once read. */
  pixels: string | null;
  /** Why this photo cannot be sent, naming it; null: fine (or not read yet). */
  problem: string | null;
}

const TYPE_WORDS = 'a JPEG, PNG, WebP or AVIF picture';
const hasPhotoExtension = (name: string) => PHOTO_EXTENSIONS.some((ext) => name.toLowerCase().endsWith(ext));
const isPhotoType = (type: string) => (PHOTO_TYPES as readonly string[]).includes(type);

/** Whether a dropped or chosen file may be a photo (by type, else by extension: some systems give no type). */
export const isPhotoFile = (f: { name: string; type: string }) =>
  isPhotoType(f.type) || (f.type === '' && hasPhotoExtension(f.name));

function shapeProblem(name: string, h: ImageHeader): string | null {
  const sphere = h.full ?? h;
  const px = `"${name}" is ${h.width}x${h.height} pixels`;
  if (sphere.width !== sphere.height * 2)
    return h.full
      ? `"${name}": its panorama metadata says the full sphere is ${sphere.width}x${sphere.height} pixels, not 2:1.`
      : `${px}, not 2:1: upload the equirectangular photo the camera exports.`;
  if (sphere.width < MIN_PHOTO_WIDTH)
    return `${px}: a 360 photo must be at least ${MIN_PHOTO_WIDTH}x${MIN_PHOTO_WIDTH / 2} pixels.`;
  if (sphere.width > MAX_PHOTO_WIDTH || h.width * h.height > MAX_PHOTO_PIXELS)
    return `${px}: a 360 photo may be at most ${MAX_PHOTO_WIDTH}x${MAX_PHOTO_WIDTH / 2} pixels.`;
  return null;
}

/** One photo's verdict. */
export function checkPhoto(p: ChosenPhoto): PhotoCheck {
  const size = p.header?.size ?? null;
  const pixels = size ? `${size.width} x ${size.height}` : null;
  const problem =
    !isPhotoFile(p) || p.header?.format === null
      ? `"${p.name}" is not ${TYPE_WORDS}.`
      : p.bytes > MAX_PHOTO_BYTES
        ? `"${p.name}" is ${formatFileSize(p.bytes)}: a photo may be at most ${formatFileSize(MAX_PHOTO_BYTES)}.`
        : p.bytes === 0
          ? `"${p.name}" is empty.`
          : size
            ? shapeProblem(p.name, size)
            : null;
  return { name: p.name, pixels, problem };
}

/** Problems of the choice as a whole: too many photos, two photos that would be the same scene. */
export function choiceProblems(photos: readonly { name: string }[]): string[] {
  const out: string[] = [];
  if (photos.length > MAX_PHOTOS_PER_UPLOAD)
    out.push(`${photos.length} photos are chosen: one upload takes at most ${MAX_PHOTOS_PER_UPLOAD}. Remove some.`);
  const byBase = new Map<string, string[]>();
  for (const p of photos) {
    const key = photoBaseName(p.name).toLowerCase();
    byBase.set(key, [...(byBase.get(key) ?? []), p.name]);
  }
  for (const names of byBase.values())
    if (names.length > 1)
      out.push(`${names.map((n) => `"${n}"`).join(' and ')} would be the same scene: rename or remove one.`);
  return out;
}

/** Photos with no CSV row (a CSV names each photo by its file name without extension), as one sentence. */
export function photosWithoutRow(photoNames: readonly string[], unmatched: readonly string[]): string | null {
  if (unmatched.length === 0) return null;
  const names = photoNames.filter((n) => unmatched.includes(photoBaseName(n)));
  return `No row of the CSV names ${names.map((n) => `"${n}"`).join(', ')} (fileName is the photo's name without its extension).`;
}

/** Whether a photo has been read and found fine: the page sends only when every photo has. */
export const photoReady = (p: ChosenPhoto) => p.header !== undefined && checkPhoto(p).problem === null;

export interface PhotoSubmitState {
  photos: number;
  /** Some photo's header is still being read, or the CSV parsed. */
  reading: boolean;
  /** Some check found something to fix first. */
  failed: boolean;
  /** No CSV: the survey's date is needed (yyyy-mm-dd). */
  needsDate: boolean;
  uploading: boolean;
}

/** Why Submit cannot send the photos yet, in the words its title shows; null once it can. */
export function photoSubmitBlock(s: PhotoSubmitState): string | null {
  if (s.uploading) return 'Uploading…';
  if (s.photos === 0) return 'Add the 360 photos first.';
  if (s.reading) return 'Checking the files…';
  if (s.failed) return 'Fix the errors shown above first.';
  if (s.needsDate) return 'Give the date of the survey first (or a positions .csv with dates).';
  return null;
}
