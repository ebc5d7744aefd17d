// Tile addresses: the uploaded JPEG by default, the AVIF copy when the source says so, and back.
import { describe, expect, it } from 'vitest';
import { jpegUrlOf, previewUrl, tileUrl } from '../../contract/tileUrls';

const source = { mantaLink: '/media/tiles/', tilesId: 'a b' };

describe('tile addresses', () => {
  it('name the JPEG unless the AVIF copy is asked for', () => {
    const t = { z: 2, face: 'f', x: 1, y: 0 };
    expect(tileUrl(source, t)).toBe('/media/tiles/a%20b/2/f/0/1.jpg');
    expect(tileUrl({ ...source, format: 'avif' }, t)).toBe('/media/tiles/a%20b/2/f/0/1.avif');
    expect(previewUrl(source)).toBe('/media/tiles/a%20b/preview.jpg');
    expect(previewUrl({ ...source, format: 'avif' })).toBe('/media/tiles/a%20b/preview.avif');
  });

  it('turn an AVIF address into its JPEG and leave others alone', () => {
    expect(jpegUrlOf('/media/tiles/x/1/f/0/0.avif')).toBe('/media/tiles/x/1/f/0/0.jpg');
    expect(jpegUrlOf('/media/tiles/x/preview.avif')).toBe('/media/tiles/x/preview.jpg');
    expect(jpegUrlOf('/media/tiles/x/preview.jpg')).toBe('/media/tiles/x/preview.jpg');
  });
});
