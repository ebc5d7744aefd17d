// The tile grid of each pyramid level: how many tiles, how big each is (edge tiles may be partial when a
// level's size is not a multiple of its tile size), and where a tile sits on its face and in 3D.
import { FACES, type Face, type Vec3, faceUvToPoint } from './cubeGeometry';

/** One level of a Marzipano Tool pyramid, as stored (smallest first; level 0 is usually the preview). */
export interface PyramidLevel {
  tileSize: number;
  size: number;
  fallbackOnly?: boolean;
}

export interface TileId {
  /** Index into the levels array (the z of the tile URL). */
  z: number;
  face: Face;
  x: number;
  y: number;
}

/** Rectangle on a face image in 0..1 units: u0 left, v0 top, u1 right, v1 bottom. */
export interface UvRect {
  u0: number;
  v0: number;
  u1: number;
  v1: number;
}

export function tileKey(t: TileId): string {
  return `${t.z}/${t.face}/${t.y}/${t.x}`;
}

/** Tiles per row (and per column: faces are square). */
export function tilesPerSide(level: PyramidLevel): number {
  return Math.ceil(level.size / level.tileSize);
}

/** Pixel size of the tile's image: tileSize, or less for the last row/column of a ragged level. */
export function tilePixelSize(level: PyramidLevel, x: number, y: number): { width: number; height: number } {
  return {
    width: Math.min(level.tileSize, level.size - x * level.tileSize),
    height: Math.min(level.tileSize, level.size - y * level.tileSize),
  };
}

/** Where the tile lies on its face image. Partial edge tiles end exactly at the face edge. */
export function tileUvRect(level: PyramidLevel, x: number, y: number): UvRect {
  const s = level.size;
  const t = level.tileSize;
  return { u0: (x * t) / s, v0: (y * t) / s, u1: Math.min((x + 1) * t, s) / s, v1: Math.min((y + 1) * t, s) / s };
}

/** How far (face units) a tile of this level is drawn past its edges: half a texel (see bleedRect). */
export function tileBleed(level: PyramidLevel): number {
  return 0.5 / level.size;
}

/** The tile's four corners on the unit cube: top-left, top-right, bottom-right, bottom-left (as seen from inside). */
export function tileCorners(face: Face, r: UvRect): [Vec3, Vec3, Vec3, Vec3] {
  return [
    faceUvToPoint(face, r.u0, r.v0),
    faceUvToPoint(face, r.u1, r.v0),
    faceUvToPoint(face, r.u1, r.v1),
    faceUvToPoint(face, r.u0, r.v1),
  ];
}

/** Every tile of a level, all six faces. */
export function levelTiles(levels: readonly PyramidLevel[], z: number): TileId[] {
  const n = tilesPerSide(levels[z]!);
  const out: TileId[] = [];
  for (const face of FACES) for (let y = 0; y < n; y++) for (let x = 0; x < n; x++) out.push({ z, face, x, y });
  return out;
}

/**
 * Tiles of level `z` that overlap a rectangle of a face. Used to find a missing tile's parents (coarser z)
 * or children (finer z); with ragged levels the grids need not nest, so this works in face units, not
 * by halving indices.
 */
export function tilesOverlapping(levels: readonly PyramidLevel[], z: number, face: Face, r: UvRect): TileId[] {
  const level = levels[z]!;
  const n = tilesPerSide(level);
  const step = level.tileSize / level.size;
  // A tiny inset keeps rectangles that merely touch at an edge from counting as overlapping.
  const eps = 1e-9;
  const x0 = Math.max(0, Math.floor((r.u0 + eps) / step));
  const x1 = Math.min(n - 1, Math.floor((r.u1 - eps) / step));
  const y0 = Math.max(0, Math.floor((r.v0 + eps) / step));
  const y1 = Math.min(n - 1, Math.floor((r.v1 - eps) / step));
  const out: TileId[] = [];
  for (let y = y0; y <= y1; y++) for (let x = x0; x <= x1; x++) out.push({ z, face, x, y });
  return out;
}

/** Check a level list the way the renderer relies on it: sizes positive and growing. */
export function validateLevels(levels: readonly PyramidLevel[]): void {
  if (levels.length === 0) throw new Error('Pyramid has no levels');
  levels.forEach((l, i) => {
    if (!(l.size > 0 && l.tileSize > 0)) throw new Error(`Level ${i} has a non-positive size`);
    if (i > 0 && l.size <= levels[i - 1]!.size) throw new Error(`Level ${i} is not larger than level ${i - 1}`);
  });
}
