// Clip a face rectangle to (a slightly widened) view pyramid on the CPU, keeping texture coordinates.
// Why: a quad that reaches behind the eye has corners at or near w = 0 in clip space, and some GPUs
// (SwiftShader, which the tests use, among them — Marzipano shows the same smears there) interpolate such
// triangles wrongly. After this clip every vertex is in front of the eye and near the screen.
import type { Face } from './cubeGeometry';
import { type UvRect, tileCorners } from './tileGrid';
import type { ViewFrame } from './visibleTiles';

/** Vertex: camera x, y, z (z forward), world x, y, z, texture u, v (0..1 across the rectangle). */
type V = [number, number, number, number, number, number, number, number];

function clipBy(poly: V[], a: number, b: number, c: number, d: number): V[] {
  const out: V[] = [];
  for (let i = 0; i < poly.length; i++) {
    const p = poly[i]!;
    const q = poly[(i + 1) % poly.length]!;
    const dp = a * p[0] + b * p[1] + c * p[2] + d;
    const dq = a * q[0] + b * q[1] + c * q[2] + d;
    if (dp >= 0) out.push(p);
    if (dp >= 0 !== dq >= 0) {
      // From the same end whichever way the edge runs: two tiles sharing this edge (walked in opposite
      // directions) get the very same vertex, so their clipped edges still meet exactly.
      const [a0, b0, da, db] = before(p, q) ? [p, q, dp, dq] : [q, p, dq, dp];
      const t = da / (da - db);
      out.push(a0.map((v, k) => v + t * (b0[k]! - v)) as V);
    }
  }
  return out;
}

/** A fixed order of vertices by world position. */
function before(p: V, q: V): boolean {
  return p[3] !== q[3] ? p[3] < q[3] : p[4] !== q[4] ? p[4] < q[4] : p[5] < q[5];
}

export interface ClippedPolygon {
  /** World positions, 3 per vertex, convex, in order (draw as a fan). */
  positions: number[];
  /** Texture coordinates across the rectangle, 2 per vertex; (0,0) = its top-left. */
  uvs: number[];
  count: number;
}

/**
 * The visible part of a face rectangle, with `margin` (fraction) of slack around the screen so edges
 * stay off-screen and the GPU clips them harmlessly; null if nothing of it is in view. `bleed` (face
 * units) widens the rectangle on every side, its texture coordinates going on past 0..1 (see bleedRect).
 */
export function clipFaceRectToView(
  face: Face,
  r: UvRect,
  f: ViewFrame,
  margin = 0.1,
  bleed = 0,
): ClippedPolygon | null {
  const { corners, uv } = bleedRect(face, r, bleed);
  let poly: V[] = corners.map((p, i) => {
    const cx = p[0] * f.right[0] + p[1] * f.right[1] + p[2] * f.right[2];
    const cy = p[0] * f.up[0] + p[1] * f.up[1] + p[2] * f.up[2];
    const cz = p[0] * f.forward[0] + p[1] * f.forward[1] + p[2] * f.forward[2];
    return [cx, cy, cz, p[0], p[1], p[2], uv[i]![0], uv[i]![1]];
  });
  const tx = f.tanX * (1 + margin);
  const ty = f.tanY * (1 + margin);
  // Keep well in front of the eye: the cube is 0.5 away at its nearest, so 1e-3 loses nothing visible.
  poly = clipBy(poly, 0, 0, 1, -1e-3);
  if (poly.length) poly = clipBy(poly, -1, 0, tx, 0);
  if (poly.length) poly = clipBy(poly, 1, 0, tx, 0);
  if (poly.length) poly = clipBy(poly, 0, -1, ty, 0);
  if (poly.length) poly = clipBy(poly, 0, 1, ty, 0);
  if (poly.length < 3) return null;
  const positions: number[] = [];
  const uvs: number[] = [];
  for (const v of poly) {
    positions.push(v[3], v[4], v[5]);
    uvs.push(v[6], v[7]);
  }
  return { positions, uvs, count: poly.length };
}

/**
 * Corners and texture coordinates of a face rectangle widened by `bleed` on every side. Neighbouring
 * tiles then overlap by a hair, which closes the sub-pixel cracks a rasteriser can leave where edges meet
 * at a T-junction (a coarse tile beside two finer ones); the texture is clamped to the tile, so the
 * overlap repeats the edge texel and the picture does not move.
 */
export function bleedRect(
  face: Face,
  r: UvRect,
  bleed: number,
): { corners: ReturnType<typeof tileCorners>; uv: Array<[number, number]> } {
  if (bleed <= 0)
    return {
      corners: tileCorners(face, r),
      uv: [
        [0, 0],
        [1, 0],
        [1, 1],
        [0, 1],
      ],
    };
  const bu = bleed / (r.u1 - r.u0);
  const bv = bleed / (r.v1 - r.v0);
  return {
    corners: tileCorners(face, { u0: r.u0 - bleed, v0: r.v0 - bleed, u1: r.u1 + bleed, v1: r.v1 + bleed }),
    uv: [
      [-bu, -bv],
      [1 + bu, -bv],
      [1 + bu, 1 + bv],
      [-bu, 1 + bv],
    ],
  };
}

/** A convex polygon clipped by 5 planes has at most 4 + 5 vertices. */
export const MAX_CLIPPED_VERTICES = 9;
