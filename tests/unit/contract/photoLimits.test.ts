import { describe, expect, it } from 'vitest';
import * as shared from '../../../contract/photoLimits';
import * as tiler from '../../../server/services/tiler/photoLimits';

describe('photo limits', () => {
  it("the upload page checks the same bounds as the server's tiler", () => {
    for (const key of [
      'MAX_PHOTO_BYTES',
      'MIN_PHOTO_WIDTH',
      'MAX_PHOTO_WIDTH',
      'MAX_PHOTO_PIXELS',
      'MAX_PHOTOS_PER_UPLOAD',
    ] as const)
      expect(shared[key], key).toBe(tiler[key]);
  });
});
