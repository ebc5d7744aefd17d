import { describe, expect, it } from 'vitest';
import {
  checkPhoto,
  choiceProblems,
  isPhotoFile,
  photoSubmitBlock,
  photosWithoutRow,
  type ChosenPhoto,
} from '../../../../src/editor/upload/photos/checkPhotos';
import { MAX_PHOTOS_PER_UPLOAD, MAX_PHOTO_BYTES } from '../../../../contract/photoLimits';

const read = (width: number, height: number, full: { width: number; height: number } | null = null) => ({
  format: 'jpeg' as const,
  size: { format: 'jpeg' as const, width, height, full },
});
const photo = (over: Partial<ChosenPhoto> = {}): ChosenPhoto => ({
  name: 'hall.jpg',
  type: 'image/jpeg',
  bytes: 1_000_000,
  header: read(4096, 2048),
  ...over,
});

describe('checkPhoto', () => {
  it('passes a 2:1 photo within the bounds and tells its pixels', () => {
    expect(checkPhoto(photo())).toEqual({ name: 'hall.jpg', pixels: '4096 x 2048', problem: null });
    expect(checkPhoto(photo({ header: read(2048, 1024) })).problem).toBeNull();
    expect(checkPhoto(photo({ header: read(16384, 8192) })).problem).toBeNull();
  });

  it('names the photo and the reason for each refusal', () => {
    expect(checkPhoto(photo({ name: 'a.gif', type: 'image/gif' })).problem).toBe(
      '"a.gif" is not a JPEG, PNG, WebP or AVIF picture.',
    );
    expect(checkPhoto(photo({ name: 'fake.jpg', header: { format: null, size: null } })).problem).toBe(
      '"fake.jpg" is not a JPEG, PNG, WebP or AVIF picture.',
    );
    expect(checkPhoto(photo({ bytes: MAX_PHOTO_BYTES + 1 })).problem).toMatch(
      /^"hall\.jpg" is 200\.0 mb: a photo may be at most 200\.0 mb\.$/,
    );
    expect(checkPhoto(photo({ bytes: 0 })).problem).toBe('"hall.jpg" is empty.');
    expect(checkPhoto(photo({ header: read(4000, 3000) })).problem).toBe(
      '"hall.jpg" is 4000x3000 pixels, not 2:1: upload the equirectangular photo the camera exports.',
    );
    expect(checkPhoto(photo({ header: read(1024, 512) })).problem).toBe(
      '"hall.jpg" is 1024x512 pixels: a 360 photo must be at least 2048x1024 pixels.',
    );
    expect(checkPhoto(photo({ header: read(32768, 16384) })).problem).toBe(
      '"hall.jpg" is 32768x16384 pixels: a 360 photo may be at most 16384x8192 pixels.',
    );
  });

  it('judges a cropped panorama by its full sphere', () => {
    expect(checkPhoto(photo({ header: read(6000, 2000, { width: 8192, height: 4096 }) })).problem).toBeNull();
    expect(checkPhoto(photo({ header: read(6000, 2000, { width: 8000, height: 3000 }) })).problem).toMatch(
      /^"hall\.jpg": its panorama metadata says the full sphere is 8000x3000 pixels, not 2:1\.$/,
    );
  });

  it('leaves a photo whose size lies beyond the bytes read to the server', () => {
    expect(checkPhoto(photo({ header: { format: 'jpeg', size: null } }))).toEqual({
      name: 'hall.jpg',
      pixels: null,
      problem: null,
    });
  });

  it('takes files by type, or by extension when the browser gives none', () => {
    expect(isPhotoFile({ name: 'a.JPG', type: '' })).toBe(true);
    expect(isPhotoFile({ name: 'a.avif', type: 'image/avif' })).toBe(true);
    expect(isPhotoFile({ name: 'a.tif', type: '' })).toBe(false);
    expect(isPhotoFile({ name: 'a.jpg', type: 'text/plain' })).toBe(false);
  });
});

describe('choiceProblems', () => {
  it('counts the photos against the bound', () => {
    const many = Array.from({ length: MAX_PHOTOS_PER_UPLOAD + 1 }, (_, i) => ({ name: `p${i}.jpg` }));
    expect(choiceProblems(many)).toEqual([
      `${MAX_PHOTOS_PER_UPLOAD + 1} photos are chosen: one upload takes at most ${MAX_PHOTOS_PER_UPLOAD}. Remove some.`,
    ]);
    expect(choiceProblems(many.slice(1))).toEqual([]);
  });

  it('names photos that would be the same scene', () => {
    expect(choiceProblems([{ name: 'hall.jpg' }, { name: 'Hall.png' }, { name: 'yard.jpg' }])).toEqual([
      '"hall.jpg" and "Hall.png" would be the same scene: rename or remove one.',
    ]);
  });
});

describe('photosWithoutRow', () => {
  it('names the photos no CSV row names, with their extension', () => {
    expect(photosWithoutRow(['a.jpg', 'b.png', 'c.jpg'], ['b', 'c'])).toBe(
      'No row of the CSV names "b.png", "c.jpg" (fileName is the photo\'s name without its extension).',
    );
    expect(photosWithoutRow(['a.jpg'], [])).toBeNull();
  });
});

describe('photoSubmitBlock', () => {
  const ok = { photos: 2, reading: false, failed: false, needsDate: false, uploading: false };
  it('says why Submit waits, most pressing first', () => {
    expect(photoSubmitBlock(ok)).toBeNull();
    expect(photoSubmitBlock({ ...ok, photos: 0 })).toBe('Add the 360 photos first.');
    expect(photoSubmitBlock({ ...ok, reading: true, failed: true })).toBe('Checking the files…');
    expect(photoSubmitBlock({ ...ok, failed: true, needsDate: true })).toBe('Fix the errors shown above first.');
    expect(photoSubmitBlock({ ...ok, needsDate: true })).toMatch(/date of the survey/);
    expect(photoSubmitBlock({ ...ok, uploading: true })).toBe('Uploading…');
  });
});
