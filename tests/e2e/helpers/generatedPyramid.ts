// Writes a Marzipano Tool style pyramid of a labelled test cube: each face its own colour, its letter,
// a grid, and a white marker square in its top-left corner, so orientation can be read off a screenshot.
// Optional noise makes tiles as heavy as photographs (for the benchmark).
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

export const FACE_COLOURS = {
  b: '#2a6fdb',
  d: '#7a4a1c',
  f: '#d62f2f',
  l: '#2f9e44',
  r: '#e8a317',
  u: '#8e44ad',
} as const;
type FaceName = keyof typeof FACE_COLOURS;
const FACE_ORDER: FaceName[] = ['b', 'd', 'f', 'l', 'r', 'u'];

export interface GenLevel {
  tileSize: number;
  size: number;
  fallbackOnly?: boolean;
}

function faceSvg(face: FaceName, size: number, noise: boolean): string {
  const grid = Array.from({ length: 9 }, (_, i) => (i + 1) * (size / 10))
    .map((p) => `<line x1="${p}" y1="0" x2="${p}" y2="${size}"/><line x1="0" y1="${p}" x2="${size}" y2="${p}"/>`)
    .join('');
  const filter = noise
    ? `<filter id="n"><feTurbulence type="fractalNoise" baseFrequency="${(0.9 * 512) / size}" numOctaves="3" seed="${face.charCodeAt(0)}"/><feColorMatrix type="saturate" values="0"/><feComponentTransfer><feFuncA type="linear" slope="0.45"/></feComponentTransfer></filter>`
    : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">
  <defs>${filter}</defs>
  <rect width="${size}" height="${size}" fill="${FACE_COLOURS[face]}"/>
  ${noise ? `<rect width="${size}" height="${size}" filter="url(#n)"/>` : ''}
  <g stroke="rgba(255,255,255,0.55)" stroke-width="${size / 250}">${grid}</g>
  <rect x="${size * 0.1}" y="${size * 0.1}" width="${size * 0.2}" height="${size * 0.2}" fill="#fff"/>
  <text x="${size / 2}" y="${size * 0.68}" font-family="DejaVu Sans, sans-serif" font-weight="bold" font-size="${size * 0.5}" text-anchor="middle" fill="#fff">${face.toUpperCase()}</text>
</svg>`;
}

/** Write preview.jpg and z/f/y/x.jpg tiles for the levels (level 0 must be the 256 fallback preview).
 *  `invert` writes the photographic negative (a second scene that differs everywhere from the first). */
export async function writeLabelledPyramid(
  dir: string,
  levels: GenLevel[],
  opts: { noise?: boolean; quality?: number; invert?: boolean } = {},
): Promise<void> {
  const quality = opts.quality ?? 85;
  fs.mkdirSync(dir, { recursive: true });
  const previewFaces: Buffer[] = [];
  for (const face of FACE_ORDER) {
    for (let z = 0; z < levels.length; z++) {
      const level = levels[z]!;
      const svg = sharp(Buffer.from(faceSvg(face, level.size, !!opts.noise))).removeAlpha();
      const img = await (opts.invert ? svg.negate({ alpha: false }) : svg).raw().toBuffer({ resolveWithObject: true });
      const raw = { width: img.info.width, height: img.info.height, channels: img.info.channels };
      if (z === 0 && level.fallbackOnly) {
        previewFaces.push(await sharp(img.data, { raw }).png().toBuffer());
        continue;
      }
      const n = Math.ceil(level.size / level.tileSize);
      for (let y = 0; y < n; y++) {
        for (let x = 0; x < n; x++) {
          const left = x * level.tileSize;
          const top = y * level.tileSize;
          const width = Math.min(level.tileSize, level.size - left);
          const height = Math.min(level.tileSize, level.size - top);
          const out = path.join(dir, String(z), face, String(y), `${x}.jpg`);
          fs.mkdirSync(path.dirname(out), { recursive: true });
          await sharp(img.data, { raw }).extract({ left, top, width, height }).jpeg({ quality }).toFile(out);
        }
      }
    }
  }
  const p = levels[0]!.size;
  await sharp({ create: { width: p, height: p * 6, channels: 3, background: '#000' } })
    .composite(previewFaces.map((input, i) => ({ input, left: 0, top: i * p })))
    .jpeg({ quality })
    .toFile(path.join(dir, 'preview.jpg'));
}
