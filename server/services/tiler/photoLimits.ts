// Bounds of an uploaded 360 photo. All are checked on the file's size and header, before any pixel is decoded.

/** A photo file may weigh up to 200 MB: a 16384x8192 JPEG at the highest quality a camera writes is about 100 MB. */
export const MAX_PHOTO_BYTES = 200 * 1024 * 1024;

/**
 * The full sphere is at least 2048 px wide: narrower gives faces under 512 px, blurrier than the preview's
 * neighbours and below what the Marzipano Tool makes tiles of.
 */
export const MIN_PHOTO_WIDTH = 2048;

/**
 * The full sphere is at most 16384 px wide (faces of 4096 px, what the best 360 cameras shoot): its decoded RGB is
 * 400 MB, the most one tiling job may hold.
 */
export const MAX_PHOTO_WIDTH = 16384;

/** Most pixels of a photo as stored (or of its full sphere): 16384 x 8192. */
export const MAX_PHOTO_PIXELS = MAX_PHOTO_WIDTH * (MAX_PHOTO_WIDTH / 2);

/** One upload carries at most 100 photos: a floor's worth, and a bound on the work one request queues. */
export const MAX_PHOTOS_PER_UPLOAD = 100;

/** One decode that takes longer is given up (a file built to be slow to decode). */
export const DECODE_SECONDS = 120;
