// Decoded RGB pixels passed between the generators, so a face is not encoded and decoded again between steps.
import sharp from 'sharp';

export interface RawImage {
  data: Buffer;
  width: number;
  height: number;
  channels: number;
}

/** Decodes any image sharp reads into raw 3-channel sRGB. */
export async function decodeRgb(input: Buffer): Promise<RawImage> {
  const { data, info } = await sharp(input)
    .removeAlpha()
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: info.channels };
}

/** Encodes raw RGB as PNG; compressionLevel 1 because these are intermediates where speed beats size. */
export function encodePng(img: RawImage): Promise<Buffer> {
  return sharp(img.data, { raw: { width: img.width, height: img.height, channels: img.channels as 3 } })
    .png({ compressionLevel: 1 })
    .toBuffer();
}
