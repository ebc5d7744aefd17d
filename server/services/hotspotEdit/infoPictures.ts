// The picture of an info hotspot, uploaded from the hotspot editor. It is decoded and re-encoded (no metadata, no
// script-carrying format) under a new key `hotspots/<uuid>.<ext>`, and only then named by a save of the scene's
// set. The blob is recorded as pending for a day (BlobStore.put), so undo and redo can bring back a picture the
// set no longer names; once no row names it and that day is over, the sweep removes it.
import { randomUUID } from 'node:crypto';
import type { BlobStore } from '../../storage/blobStore.ts';
import { prepareImage } from '../uploadedImages.ts';
import { Invalid } from '../errors.ts';

export const INFO_PICTURE_REQUIRED = 'Please choose a picture file (JPEG, PNG or WebP).';
/** Largest picture file accepted for an info panel. */
export const INFO_PICTURE_MAX_BYTES = 20 * 1024 * 1024;
/** Width of the stored copy: the panel shows it 400 px wide, enlarged up to the screen. */
const STORED_WIDTH = 1600;
const FORMATS: ReadonlySet<string> = new Set(['jpeg', 'png', 'webp']);
/** Keys of pictures made for info hotspots (uploaded here, or the demo's). */
const PICTURE_KEY = /^hotspots\/[A-Za-z0-9_-]+\.(jpg|png)$/;

/** Checks and stores an uploaded picture; answers its URL. */
export async function storeInfoPicture(blobs: BlobStore, data: Buffer): Promise<string> {
  const {
    variants: [img],
  } = await prepareImage(data, [STORED_WIDTH], { formats: FORMATS, message: INFO_PICTURE_REQUIRED });
  return blobs.put(`hotspots/${randomUUID()}.${img.ext}`, img.data);
}

/**
 * The pictures a save names that are info pictures of this store and still stored. Any other picture a save names
 * must be the one its hotspot has now (checked in the transaction), so nobody points a panel at an address of
 * their choosing or at a picture the sweep has removed.
 */
export async function storedInfoPictures(blobs: BlobStore, urls: readonly string[]): Promise<Set<string>> {
  const out = new Set<string>();
  for (const url of new Set(urls)) {
    const key = url ? blobs.keyOfUrl(url) : null;
    if (key && PICTURE_KEY.test(key) && (await blobs.exists(key))) out.add(url);
  }
  return out;
}

/** Refuses a picture that is neither unchanged, removed, nor one `verified` holds. */
export function checkInfoPicture(
  image: string | undefined,
  prior: string | undefined,
  verified: Set<string>,
  n: number,
) {
  if (image === undefined || image === '' || image === prior || verified.has(image)) return;
  throw new Invalid(`The picture of info hotspot ${n} is not one uploaded here (or it was removed); upload it again.`);
}
