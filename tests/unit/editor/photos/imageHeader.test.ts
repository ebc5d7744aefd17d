import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { gpanoFullSize, imageFormat, readImageHeader } from '../../../../src/editor/upload/photos/imageHeader';

const picture = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 90, g: 120, b: 150 } } });

describe('readImageHeader', () => {
  it('reads the size of each format sharp writes, without decoding', async () => {
    const cases = [
      ['jpeg', await picture(640, 320).jpeg().toBuffer()],
      ['jpeg', await picture(640, 320).jpeg({ progressive: true }).toBuffer()],
      ['png', await picture(640, 320).png().toBuffer()],
      ['webp', await picture(640, 320).webp().toBuffer()],
      ['webp', await picture(640, 320).webp({ lossless: true }).toBuffer()],
      ['avif', await picture(640, 320).avif().toBuffer()],
    ] as const;
    for (const [format, bytes] of cases)
      expect(readImageHeader(new Uint8Array(bytes)), format).toEqual({ format, width: 640, height: 320, full: null });
  });

  it('reads a WebP with metadata (VP8X)', async () => {
    const bytes = await picture(512, 256)
      .webp()
      .withExif({ IFD0: { Copyright: 'x' } })
      .toBuffer();
    expect(readImageHeader(new Uint8Array(bytes))).toMatchObject({ format: 'webp', width: 512, height: 256 });
  });

  it('swaps a JPEG whose EXIF orientation turns it a quarter', async () => {
    const turned = await picture(640, 320).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    expect(readImageHeader(new Uint8Array(turned))).toMatchObject({ width: 320, height: 640 });
    const upsideDown = await picture(640, 320).jpeg().withMetadata({ orientation: 3 }).toBuffer();
    expect(readImageHeader(new Uint8Array(upsideDown))).toMatchObject({ width: 640, height: 320 });
  });

  it('finds the frame header after large metadata segments', async () => {
    const exif = { IFD0: { ImageDescription: 'x'.repeat(60_000) } };
    const bytes = await picture(800, 400).jpeg().withExif(exif).toBuffer();
    expect(bytes.length).toBeGreaterThan(60_000);
    expect(readImageHeader(new Uint8Array(bytes))).toMatchObject({ width: 800, height: 400 });
  });

  it('reads the full sphere of a cropped panorama from its GPano XMP (attributes or elements)', async () => {
    const xmp = `<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:GPano="http://ns.google.com/photos/1.0/panorama/" GPano:FullPanoWidthPixels="8192" GPano:FullPanoHeightPixels="4096"/></rdf:RDF></x:xmpmeta>`;
    const bytes = await picture(800, 300).jpeg().withXmp(xmp).toBuffer();
    expect(readImageHeader(new Uint8Array(bytes))).toEqual({
      format: 'jpeg',
      width: 800,
      height: 300,
      full: { width: 8192, height: 4096 },
    });
    expect(
      gpanoFullSize(
        '<GPano:FullPanoWidthPixels>4000</GPano:FullPanoWidthPixels><GPano:FullPanoHeightPixels>2000</GPano:FullPanoHeightPixels>',
      ),
    ).toEqual({ width: 4000, height: 2000 });
    expect(gpanoFullSize('GPano:FullPanoWidthPixels="4000"')).toBeNull();
  });

  it('reads XMP kept after the pixels from the tail', () => {
    const head = new Uint8Array(
      Buffer.concat([
        Buffer.from('RIFF\0\0\0\0WEBPVP8X'),
        Buffer.alloc(8),
        Buffer.from([0xff, 0x0f, 0, 0xff, 0x07, 0]),
      ]),
    );
    const tail = new Uint8Array(
      Buffer.from(
        '<GPano:FullPanoWidthPixels>4096</GPano:FullPanoWidthPixels><GPano:FullPanoHeightPixels>2048</GPano:FullPanoHeightPixels>',
      ),
    );
    expect(readImageHeader(head, tail)).toEqual({
      format: 'webp',
      width: 4096,
      height: 2048,
      full: { width: 4096, height: 2048 },
    });
  });

  it('gives null for what is no picture, and for a header beyond the bytes given', async () => {
    expect(readImageHeader(new Uint8Array(Buffer.from('GIF89a............')))).toBeNull();
    expect(imageFormat(new Uint8Array(Buffer.from('hello world, not a picture')))).toBeNull();
    expect(readImageHeader(new Uint8Array())).toBeNull();
    const jpeg = await picture(640, 320)
      .jpeg()
      .withExif({ IFD0: { ImageDescription: 'y'.repeat(30_000) } })
      .toBuffer();
    const cut = new Uint8Array(jpeg.subarray(0, 1000));
    expect(imageFormat(cut)).toBe('jpeg');
    expect(readImageHeader(cut)).toBeNull();
  });
});
