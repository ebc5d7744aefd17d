// The pixel size of a picture read from its first bytes (JPEG SOF, PNG IHDR, WebP VP8/VP8L/VP8X, AVIF ispe), so
// the upload page checks a 360 photo's 2:1 shape without decoding megapixels in the browser. Pure: bytes in.

export type ImageFormat = 'jpeg' | 'png' | 'webp' | 'avif';

export interface ImageHeader {
  format: ImageFormat;
  /** As shown: a JPEG's EXIF orientation 5-8 (quarter turns) swaps width and height. */
  width: number;
  height: number;
  /** The full sphere of a cropped panorama (GPano FullPanoWidthPixels/HeightPixels), when its XMP says so. */
  full: { width: number; height: number } | null;
}

const ascii = (b: Uint8Array, at: number, n: number) => String.fromCharCode(...b.subarray(at, at + n));
const u16be = (b: Uint8Array, at: number) => (b[at] << 8) | b[at + 1];
const u32be = (b: Uint8Array, at: number) => ((b[at] << 24) >>> 0) + (b[at + 1] << 16) + (b[at + 2] << 8) + b[at + 3];
const u24le = (b: Uint8Array, at: number) => b[at] | (b[at + 1] << 8) | (b[at + 2] << 16);

/** JPEG start-of-frame markers (baseline, progressive, lossless, arithmetic); not DHT (C4), JPG (C8), DAC (CC). */
const isSof = (m: number) => m >= 0xc0 && m <= 0xcf && m !== 0xc4 && m !== 0xc8 && m !== 0xcc;

/** EXIF orientation (tag 0x0112 of IFD0) of an APP1 "Exif" payload starting at `at`; 1 when absent. */
function exifOrientation(b: Uint8Array, at: number, end: number): number {
  const tiff = at + 6;
  if (tiff + 8 > end) return 1;
  const le = b[tiff] === 0x49;
  const u16 = (p: number) => (le ? b[p] | (b[p + 1] << 8) : u16be(b, p));
  const u32 = (p: number) => (le ? (b[p] | (b[p + 1] << 8) | (b[p + 2] << 16) | (b[p + 3] << 24)) >>> 0 : u32be(b, p));
  const ifd = tiff + u32(tiff + 4);
  if (ifd + 2 > end) return 1;
  const count = u16(ifd);
  for (let i = 0; i < count; i++) {
    const entry = ifd + 2 + i * 12;
    if (entry + 12 > end) break;
    if (u16(entry) === 0x0112) return u16(entry + 8);
  }
  return 1;
}

function jpegSize(b: Uint8Array): { width: number; height: number } | null {
  let orientation = 1;
  let i = 2;
  while (i + 4 <= b.length) {
    if (b[i] !== 0xff) return null;
    const marker = b[i + 1];
    if (marker === 0xff) {
      i += 1; // fill byte
      continue;
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      i += 2;
      continue;
    }
    const length = u16be(b, i + 2);
    if (isSof(marker)) {
      if (i + 9 > b.length) return null;
      const height = u16be(b, i + 5);
      const width = u16be(b, i + 7);
      return orientation >= 5 && orientation <= 8 ? { width: height, height: width } : { width, height };
    }
    if (marker === 0xda || marker === 0xd9) return null; // scan data before any frame header: not a picture
    if (marker === 0xe1 && ascii(b, i + 4, 6) === 'Exif\0\0')
      orientation = exifOrientation(b, i + 4, Math.min(b.length, i + 2 + length));
    i += 2 + length;
  }
  return null;
}

function pngSize(b: Uint8Array) {
  if (b.length < 24 || ascii(b, 12, 4) !== 'IHDR') return null;
  return { width: u32be(b, 16), height: u32be(b, 20) };
}

function webpSize(b: Uint8Array) {
  const chunk = ascii(b, 12, 4);
  if (chunk === 'VP8X' && b.length >= 30) return { width: 1 + u24le(b, 24), height: 1 + u24le(b, 27) };
  if (chunk === 'VP8L' && b.length >= 25) {
    const [b0, b1, b2, b3] = [b[21], b[22], b[23], b[24]];
    return { width: 1 + (((b1 & 0x3f) << 8) | b0), height: 1 + (((b3 & 0x0f) << 10) | (b2 << 2) | ((b1 & 0xc0) >> 6)) };
  }
  if (chunk === 'VP8 ' && b.length >= 30) return { width: u16le(b, 26) & 0x3fff, height: u16le(b, 28) & 0x3fff };
  return null;
}
const u16le = (b: Uint8Array, at: number) => b[at] | (b[at + 1] << 8);

/** AVIF: the largest 'ispe' (image spatial extents) property; a grid picture's own is larger than its cells'. */
function avifSize(b: Uint8Array) {
  let best: { width: number; height: number } | null = null;
  for (let i = 4; i + 16 <= b.length; i++) {
    if (b[i] !== 0x69 || ascii(b, i, 4) !== 'ispe') continue;
    const width = u32be(b, i + 8);
    const height = u32be(b, i + 12);
    if (!best || width * height > best.width * best.height) best = { width, height };
  }
  return best;
}

const GPANO = (field: string) => new RegExp(`GPano:${field}(?:="|>)\\s*(\\d+)`);

/** The full sphere a GPano XMP packet declares, anywhere in `text` (attribute or element form). */
export function gpanoFullSize(text: string): { width: number; height: number } | null {
  const w = GPANO('FullPanoWidthPixels').exec(text);
  const h = GPANO('FullPanoHeightPixels').exec(text);
  return w && h ? { width: Number(w[1]), height: Number(h[1]) } : null;
}

/** The format of a picture from its signature, or null. */
export function imageFormat(b: Uint8Array): ImageFormat | null {
  if (b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpeg';
  if (b.length >= 8 && ascii(b, 0, 8) === '\x89PNG\r\n\x1a\n') return 'png';
  if (ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 4) === 'WEBP') return 'webp';
  if (ascii(b, 4, 4) === 'ftyp' && /avi[fs]/.test(ascii(b, 8, Math.min(64, u32be(b, 0)) - 8))) return 'avif';
  return null;
}

/**
 * The size of the picture whose first bytes are `head` (the frame header of a JPEG may follow up to ~64 KB per
 * metadata segment: pass a few hundred KB); `tail` (its last bytes) is only searched for GPano XMP, which WebP and
 * AVIF may keep after the pixels. null: not a picture we read, or its header lies beyond `head`.
 */
export function readImageHeader(head: Uint8Array, tail: Uint8Array = new Uint8Array()): ImageHeader | null {
  const format = imageFormat(head);
  if (!format) return null;
  const size =
    format === 'jpeg'
      ? jpegSize(head)
      : format === 'png'
        ? pngSize(head)
        : format === 'webp'
          ? webpSize(head)
          : avifSize(head);
  if (!size || size.width <= 0 || size.height <= 0) return null;
  const latin1 = (b: Uint8Array) => new TextDecoder('latin1').decode(b);
  return { format, ...size, full: gpanoFullSize(latin1(head)) ?? gpanoFullSize(latin1(tail)) };
}
