// Synthetic panorama faces for the demo site. The background is computed per pixel from the true viewing
// direction (sky above the horizon, a ground plane with a 1 m grid below it), so the six faces join without
// seams exactly when the face orientation is right; a large label names each face and node, and small hints
// at the edges name the neighbouring faces, so any orientation mistake in a viewer is obvious at a glance.
import sharp from 'sharp';
import { FACE_AXES, neighbourFaces, type Face } from './cubeGeometry.ts';
import { fitCell, measureText, textSvg } from './font.ts';
import { hashString } from './random.ts';
import { encodePng, type RawImage } from './rawImage.ts';

export { equirectToCubeFace, equirectToCubeFaces } from './equirect.ts';
export type { Face } from './cubeGeometry.ts';

export const FACE_NAMES: Record<Face, string> = { f: 'FRONT', b: 'BACK', l: 'LEFT', r: 'RIGHT', u: 'UP', d: 'DOWN' };

// A tint per face (strongest at the face centre, zero at its edges so the seams stay continuous).
const FACE_TINT: Record<Face, [number, number, number]> = {
  f: [255, 140, 60],
  b: [170, 90, 220],
  l: [60, 200, 120],
  r: [40, 190, 230],
  u: [255, 230, 90],
  d: [230, 80, 80],
};
const TINT_STRENGTH = 0.3;

const CAMERA_HEIGHT = 1.6; // metres above the ground plane, so the grid has a believable scale
const FOG_DISTANCE = 40; // metres; the grid fades into haze towards the horizon instead of aliasing

/** Coverage (0-1) of a pixel `footprint` wide by a grid line of half-width `half` at every integer of p. */
function gridLine(p: number, half: number, footprint: number): number {
  const f = Math.abs(p - Math.round(p));
  const cover = (half + footprint / 2 - f) / (footprint > 1e-6 ? footprint : 1e-6);
  return cover <= 0 ? 0 : cover >= 1 ? 1 : cover;
}

/** Raw RGB pixels of the sky/ground background of one face. */
function renderFaceBackground(face: Face, nodeLabel: string, size: number): Buffer {
  const out = Buffer.alloc(size * size * 3);
  // Plain local numbers throughout: this loop runs for every pixel of every demo face.
  const { centre: c, right: r, down: dn } = FACE_AXES[face];
  const [tR, tG, tB] = FACE_TINT[face];
  const h = hashString(nodeLabel);
  // The sun sits 20-37 degrees up, at a yaw that differs per node.
  const sunYaw = ((h % 360) * Math.PI) / 180;
  const sunPitch = 0.35 + ((h >>> 9) % 30) / 100;
  const sx = Math.sin(sunYaw) * Math.cos(sunPitch),
    sy = Math.sin(sunPitch),
    sz = -Math.cos(sunYaw) * Math.cos(sunPitch);
  const grassShift = ((h >>> 17) % 40) - 20;
  const gR = 110 + grassShift,
    gG = 125,
    gB = 70 - grassShift / 2;
  const hR = 200,
    hG = 215,
    hB = 225; // haze at the horizon
  const pixAngle = 2 / size; // angular size of a pixel near the face centre, for grid anti-aliasing

  for (let j = 0; j < size; j++) {
    const b = (2 * (j + 0.5)) / size - 1;
    const x0 = c[0] + b * dn[0],
      y0 = c[1] + b * dn[1],
      z0 = c[2] + b * dn[2];
    const rx = r[0],
      ry = r[1],
      rz = r[2];
    const wb = TINT_STRENGTH * (1 - b * b);
    let o = j * size * 3;
    for (let i = 0; i < size; i++, o += 3) {
      const a = (2 * (i + 0.5)) / size - 1;
      let x = x0 + a * rx,
        y = y0 + a * ry,
        z = z0 + a * rz;
      const inv = 1 / Math.sqrt(x * x + y * y + z * z);
      x *= inv;
      y *= inv;
      z *= inv;
      let R: number, G: number, B: number;
      if (y >= 0) {
        // Sky: pale at the horizon, deep blue at the zenith, plus a sun disc with a glow.
        const t = Math.sqrt(y);
        R = 185 - 140 * t;
        G = 210 - 105 * t;
        B = 240 - 20 * t;
        const cosSun = x * sx + y * sy + z * sz;
        if (cosSun > 0.9985) {
          R = 255;
          G = 250;
          B = 215;
        } else if (cosSun > 0.97) {
          const g = (cosSun - 0.97) / 0.0285,
            g2 = g * g;
          R += (255 - R) * g2 * 0.7;
          G += (245 - G) * g2 * 0.7;
          B += (200 - B) * g2 * 0.5;
        }
      } else {
        // Ground: where the ray meets the plane y = -CAMERA_HEIGHT; grid lines every metre, heavier every 5 m.
        const dist = CAMERA_HEIGHT / -y;
        const px = x * dist,
          pz = z * dist;
        const footprint = (dist * pixAngle) / -y; // metres covered by one pixel along the ray
        R = gR;
        G = gG;
        B = gB;
        if (footprint < 0.35) {
          const minor = Math.max(gridLine(px, 0.015, footprint), gridLine(pz, 0.015, footprint));
          const major = Math.max(
            gridLine(px * 0.2, 0.006, footprint * 0.2),
            gridLine(pz * 0.2, 0.006, footprint * 0.2),
          );
          const ink = Math.max(minor * 0.55, major) * (1 - footprint / 0.35);
          R += (235 - R) * ink;
          G += (235 - G) * ink;
          B += (220 - B) * ink;
        }
        // A red line on the ground from under the viewer straight ahead (yaw 0, towards -z): a compass needle.
        if (pz < 0 && Math.abs(px) < 0.06 + footprint / 2) {
          R = 215;
          G = 40;
          B = 40;
        }
        const fog = dist / (dist + FOG_DISTANCE); // cheap stand-in for 1 - exp(-dist / FOG_DISTANCE)
        R += (hR - R) * fog;
        G += (hG - G) * fog;
        B += (hB - B) * fog;
      }
      // A thin dark horizon line (pitch 0), about 1.5 px thick.
      if (y < 0.75 * pixAngle && y > -0.75 * pixAngle) {
        R = 70;
        G = 80;
        B = 95;
      }
      const w = wb * (1 - a * a);
      // Every colour above is a blend of in-range colours, so rounding by truncating x + 0.5 cannot overflow.
      out[o] = (R + (tR - R) * w + 0.5) | 0;
      out[o + 1] = (G + (tG - G) * w + 0.5) | 0;
      out[o + 2] = (B + (tB - B) * w + 0.5) | 0;
    }
  }
  return out;
}

/** SVG (size x size, transparent) with the big face/node label and the neighbour hints at the edges. */
export function faceLabelSvg(face: Face, nodeLabel: string, size: number): string {
  const title = FACE_NAMES[face];
  const node = nodeLabel.toUpperCase();
  const titleCell = Math.min(size * 0.5, fitCell(title, size * 0.6, size * 0.16));
  const nodeCell = Math.min(titleCell * 0.75, fitCell(node, size * 0.8));
  const titleBox = measureText(title, titleCell);
  const nodeBox = measureText(node, nodeCell);
  const gap = titleCell * 3;
  const pad = titleCell * 2.5;
  const boxW = Math.max(titleBox.width, nodeBox.width) + 2 * pad;
  const boxH = titleBox.height + gap + nodeBox.height + 2 * pad;
  const top = (size - boxH) / 2;
  const cx = size / 2;
  const parts = [
    `<rect x="${cx - boxW / 2}" y="${top}" width="${boxW}" height="${boxH}" rx="${pad}" fill="#101820" fill-opacity="0.55"/>`,
    textSvg(title, cx, top + pad, { cell: titleCell, fill: '#ffffff', align: 'center' }),
    textSvg(node, cx, top + pad + titleBox.height + gap, { cell: nodeCell, fill: '#ffe680', align: 'center' }),
  ];
  // Neighbour hints just inside each edge (kept off the outermost pixels so seams stay clean; the side ones
  // sit above the label plate).
  const n = neighbourFaces(face);
  const hintCell = size / 110;
  const inset = size * 0.04;
  const hint = { cell: hintCell, fill: '#ffffff', outline: { color: '#202020', width: hintCell * 0.8 } };
  const hintH = measureText('X', hintCell).height;
  parts.push(
    textSvg(`^ ${FACE_NAMES[n.top]}`, cx, inset, { ...hint, align: 'center' }),
    textSvg(`v ${FACE_NAMES[n.bottom]}`, cx, size - inset - hintH, { ...hint, align: 'center' }),
    textSvg(`< ${FACE_NAMES[n.left]}`, inset, size * 0.2, { ...hint, align: 'left' }),
    textSvg(`${FACE_NAMES[n.right]} >`, size - inset, size * 0.2, { ...hint, align: 'right' }),
  );
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}">${parts.join('')}</svg>`;
}

/** Blends straight-alpha RGBA `over` onto RGB `under` in place (both size x size). */
function blendOver(under: Buffer, over: Buffer): void {
  for (let p = 0, q = 0; p < under.length; p += 3, q += 4) {
    const alpha = over[q + 3];
    if (alpha === 0) continue;
    const k = alpha / 255;
    under[p] = (under[p] + (over[q] - under[p]) * k + 0.5) | 0;
    under[p + 1] = (under[p + 1] + (over[q + 1] - under[p + 1]) * k + 0.5) | 0;
    under[p + 2] = (under[p + 2] + (over[q + 2] - under[p + 2]) * k + 0.5) | 0;
  }
}

/**
 * One face of a synthetic panorama as raw RGB pixels (size x size x 3), as seen from the centre in Marzipano's
 * orientation (see cubeGeometry.ts). The label SVG is rasterised alone and blended here, which is several times
 * cheaper than a sharp composite over the whole face.
 */
export async function renderCubeFaceRaw(face: Face, nodeLabel: string, size: number): Promise<RawImage> {
  const data = renderFaceBackground(face, nodeLabel, size);
  const label = await sharp(Buffer.from(faceLabelSvg(face, nodeLabel, size)))
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  if (label.info.width !== size || label.info.height !== size || label.info.channels !== 4)
    throw new Error('label raster has the wrong shape');
  blendOver(data, label.data);
  return { data, width: size, height: size, channels: 3 };
}

export interface CubeFaceOptions {
  /** Encoding of the result: lossless PNG (default) or JPEG (smaller, for storing directly). */
  format?: 'png' | 'jpeg';
}

/** One face of a synthetic panorama (see renderCubeFaceRaw), encoded as a size x size RGB PNG or JPEG. */
export async function renderCubeFace(
  face: Face,
  nodeLabel: string,
  size: number,
  opts: CubeFaceOptions = {},
): Promise<Buffer> {
  const img = await renderCubeFaceRaw(face, nodeLabel, size);
  return opts.format === 'jpeg'
    ? sharp(img.data, { raw: { width: size, height: size, channels: 3 } })
        .jpeg({ quality: 90, mozjpeg: false })
        .toBuffer()
    : encodePng(img);
}
