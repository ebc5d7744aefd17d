// Bounds of a 360 photo upload, shared by the upload page (checked before anything is sent) and the server's tiler
// (checked on the header, before any decode), so both refuse the same photos with the same numbers.

/** One photo file: a 16384x8192 JPEG at high quality is about 60 MB; PNG may be several times that. */
export const MAX_PHOTO_BYTES = 200 * 1024 * 1024;
/** Width of the full sphere: below 2048 the tiles would be blurrier than the preview; above 16384 no camera goes. */
export const MIN_PHOTO_WIDTH = 2048;
export const MAX_PHOTO_WIDTH = 16384;
/** Pixels of the stored picture (16384x8192): bounds the memory one decode takes. */
export const MAX_PHOTO_PIXELS = MAX_PHOTO_WIDTH * (MAX_PHOTO_WIDTH / 2);
/** Photos in one upload. */
export const MAX_PHOTOS_PER_UPLOAD = 100;

/** The picture formats the tiler reads, by MIME type and by file-name extension. */
export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/avif'] as const;
export const PHOTO_EXTENSIONS = ['.jpg', '.jpeg', '.png', '.webp', '.avif'] as const;

/** A photo's file name without its extension: what the positions CSV's fileName column names it by. */
export const photoBaseName = (name: string) => name.replace(/\.[^./\\]*$/, '');
