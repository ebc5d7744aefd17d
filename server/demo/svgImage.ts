// SVG -> encoded image, the last step of every flat generated picture (floor plans, maps, cards).
import sharp from 'sharp';

export type ImageFormat = 'png' | 'jpeg';

/** Rasterises an SVG document (which must not use <text>: see font.ts) as an RGB PNG or JPEG. */
export function svgToImage(svg: string, format: ImageFormat, quality = 85): Promise<Buffer> {
  const img = sharp(Buffer.from(svg)).flatten({ background: '#ffffff' });
  return format === 'jpeg'
    ? img.jpeg({ quality, mozjpeg: false }).toBuffer()
    : img.png({ compressionLevel: 6 }).toBuffer();
}
