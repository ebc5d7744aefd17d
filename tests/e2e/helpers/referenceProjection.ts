// CPU reference for the renderer: project the cube faces of a pyramid level into a rectilinear view,
// written from the data convention directly (not from src/scene), so a convention slip in the renderer
// shows up as a picture that does not match.
//   direction(yaw, pitch) = (sin yaw cos pitch, -sin pitch, -cos yaw cos pitch); faces f -z, b +z, l -x,
//   r +x, u +y, d -y; face images upright as seen from inside (Marzipano's CubeGeometry), u/d images with
//   their top edge towards the back (u) / the front (d).
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { FIXTURE_SCENE, fixtureTilesDir } from './fixtures';

export interface RawImage {
  width: number;
  height: number;
  channels: number;
  data: Buffer;
}

export type FaceImages = Record<'b' | 'd' | 'f' | 'l' | 'r' | 'u', RawImage>;

/** Assemble each face of level z from its tile JPEGs (decoded with sharp). */
export async function loadLevelFaces(
  tilesDir: string,
  z: number,
  level: { tileSize: number; size: number },
): Promise<FaceImages> {
  const out: Partial<FaceImages> = {};
  const n = Math.ceil(level.size / level.tileSize);
  for (const face of ['b', 'd', 'f', 'l', 'r', 'u'] as const) {
    const parts: Array<{ input: Buffer; left: number; top: number }> = [];
    for (let y = 0; y < n; y++)
      for (let x = 0; x < n; x++)
        parts.push({
          input: fs.readFileSync(path.join(tilesDir, String(z), face, String(y), `${x}.jpg`)),
          left: x * level.tileSize,
          top: y * level.tileSize,
        });
    const { data, info } = await sharp({
      create: { width: level.size, height: level.size, channels: 3, background: '#000' },
    })
      .composite(parts)
      .raw()
      .toBuffer({ resolveWithObject: true });
    out[face] = { width: info.width, height: info.height, channels: info.channels, data };
  }
  return out as FaceImages;
}

/** Face and image coordinates (0..1, v down) a direction lands on. */
export function lookup(x: number, y: number, z: number): { face: keyof FaceImages; u: number; v: number } {
  const ax = Math.abs(x);
  const ay = Math.abs(y);
  const az = Math.abs(z);
  if (az >= ax && az >= ay) {
    return z < 0
      ? { face: 'f', u: (x / az + 1) / 2, v: (-y / az + 1) / 2 }
      : { face: 'b', u: (-x / az + 1) / 2, v: (-y / az + 1) / 2 };
  }
  if (ax >= ay) {
    return x < 0
      ? { face: 'l', u: (-z / ax + 1) / 2, v: (-y / ax + 1) / 2 }
      : { face: 'r', u: (z / ax + 1) / 2, v: (-y / ax + 1) / 2 };
  }
  // u: image top at the back (+z); d: image top at the front (-z).
  return y > 0
    ? { face: 'u', u: (x / ay + 1) / 2, v: (-z / ay + 1) / 2 }
    : { face: 'd', u: (x / ay + 1) / 2, v: (z / ay + 1) / 2 };
}

function bilinear(img: RawImage, u: number, v: number, out: number[]): void {
  const fx = Math.min(img.width - 1, Math.max(0, u * img.width - 0.5));
  const fy = Math.min(img.height - 1, Math.max(0, v * img.height - 0.5));
  const x0 = Math.floor(fx);
  const y0 = Math.floor(fy);
  const x1 = Math.min(img.width - 1, x0 + 1);
  const y1 = Math.min(img.height - 1, y0 + 1);
  const tx = fx - x0;
  const ty = fy - y0;
  const c = img.channels;
  for (let k = 0; k < 3; k++) {
    const a = img.data[(y0 * img.width + x0) * c + k]!;
    const b = img.data[(y0 * img.width + x1) * c + k]!;
    const d = img.data[(y1 * img.width + x0) * c + k]!;
    const e = img.data[(y1 * img.width + x1) * c + k]!;
    out[k] = (a * (1 - tx) + b * tx) * (1 - ty) + (d * (1 - tx) + e * tx) * ty;
  }
}

export interface RefView {
  yaw: number;
  pitch: number;
  fov: number;
}

/** Calls `sample(o, x, y, z)` with the (unnormalised) direction through each pixel's centre of a width×height
 *  view (vertical fov), `o` being the pixel's offset in a 3-bytes-per-pixel buffer. */
export function forEachViewRay(
  view: RefView,
  width: number,
  height: number,
  sample: (o: number, x: number, y: number, z: number) => void,
): void {
  const cp = Math.cos(view.pitch);
  const fwd = [Math.sin(view.yaw) * cp, -Math.sin(view.pitch), -Math.cos(view.yaw) * cp];
  const right = [Math.cos(view.yaw), 0, Math.sin(view.yaw)];
  // up = right × forward
  const up = [
    right[1]! * fwd[2]! - right[2]! * fwd[1]!,
    right[2]! * fwd[0]! - right[0]! * fwd[2]!,
    right[0]! * fwd[1]! - right[1]! * fwd[0]!,
  ];
  const ty = Math.tan(view.fov / 2);
  const tx = (ty * width) / height;
  for (let j = 0; j < height; j++) {
    const sy = (1 - (2 * (j + 0.5)) / height) * ty;
    for (let i = 0; i < width; i++) {
      const sx = ((2 * (i + 0.5)) / width - 1) * tx;
      sample(
        (j * width + i) * 3,
        fwd[0]! + sx * right[0]! + sy * up[0]!,
        fwd[1]! + sx * right[1]! + sy * up[1]!,
        fwd[2]! + sx * right[2]! + sy * up[2]!,
      );
    }
  }
}

/** Render width×height RGB (3 bytes per pixel) of the faces seen from a view (vertical fov). */
export function projectView(faces: FaceImages, view: RefView, width: number, height: number): Buffer {
  const out = Buffer.alloc(width * height * 3);
  const px: number[] = [0, 0, 0];
  forEachViewRay(view, width, height, (o, x, y, z) => {
    const { face, u, v } = lookup(x, y, z);
    bilinear(faces[face], u, v, px);
    out[o] = px[0]!;
    out[o + 1] = px[1]!;
    out[o + 2] = px[2]!;
  });
  return out;
}

/** Decode a PNG screenshot to RGB. */
export async function decodeScreenshot(png: Buffer): Promise<RawImage> {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, channels: info.channels, data };
}

/** Mean absolute difference per channel (0..255). */
export function meanAbsError(a: Buffer, b: Buffer): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs(a[i]! - b[i]!);
  return sum / a.length;
}

/** Save a side-by-side (ours | reference) PNG to look at when a comparison fails. */
export async function saveComparison(
  file: string,
  ours: Buffer,
  ref: Buffer,
  width: number,
  height: number,
): Promise<void> {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const raw = { width, height, channels: 3 as const };
  await sharp({ create: { width: width * 2, height, channels: 3, background: '#000' } })
    .composite([
      { input: await sharp(ours, { raw }).png().toBuffer(), left: 0, top: 0 },
      { input: await sharp(ref, { raw }).png().toBuffer(), left: width, top: 0 },
    ])
    .png()
    .toFile(file);
}

/** The level Marzipano would draw for a view `height` pixels high (smallest with tan(fov/2)·size ≥ height,
 *  level 0 being the preview), written out here rather than taken from src/scene. */
export function levelForView(levels: ReadonlyArray<{ size: number }>, fov: number, height: number): number {
  for (let z = 1; z < levels.length; z++) if (Math.tan(fov / 2) * levels[z]!.size >= height) return z;
  return levels.length - 1;
}

/** Pixels of the test background (#ff00ff): a hole in the panorama shows it. */
export function magentaPixels(img: RawImage): number {
  let n = 0;
  for (let i = 0; i < img.data.length; i += img.channels)
    if (img.data[i]! > 235 && img.data[i + 1]! < 25 && img.data[i + 2]! > 235) n++;
  return n;
}

/** Every selectable level of the real fixture's first scene, assembled into faces (z → faces). */
export async function fixtureFaces(): Promise<Map<number, FaceImages>> {
  const dir = path.join(await fixtureTilesDir(), FIXTURE_SCENE.tilesId);
  const faces = new Map<number, FaceImages>();
  for (let z = 1; z < FIXTURE_SCENE.levels.length; z++)
    faces.set(z, await loadLevelFaces(dir, z, FIXTURE_SCENE.levels[z]!));
  return faces;
}
