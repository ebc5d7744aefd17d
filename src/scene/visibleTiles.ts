// Which tiles of a level the view can see, and how far each is from the screen centre (for load order).
// Each tile quad is clipped against the view pyramid (four planes through the eye), which is exact for
// convex quads: no tile is loaded that is not on screen (a part of no real area does not count), none on
// screen is missed — at poles and cube corners too, where a bounding-cone test would over- or under-fetch.
import { FACES, type Face, type Vec3 } from './cubeGeometry';
import { type PyramidLevel, type TileId, type UvRect, tileCorners, tilesPerSide } from './tileGrid';
import { type View, type Viewport, viewDirection } from './view';

export interface ViewFrame {
  forward: Vec3;
  right: Vec3;
  up: Vec3;
  /** tan of half the horizontal and vertical fov. */
  tanX: number;
  tanY: number;
}

export function viewFrame(view: View, vp: Viewport): ViewFrame {
  const forward = viewDirection(view.yaw, view.pitch);
  // d(direction)/d(yaw), normalised: independent of pitch, so it stays defined at the poles.
  const right: Vec3 = [Math.cos(view.yaw), 0, Math.sin(view.yaw)];
  const up: Vec3 = [
    right[1] * forward[2] - right[2] * forward[1],
    right[2] * forward[0] - right[0] * forward[2],
    right[0] * forward[1] - right[1] * forward[0],
  ];
  const tanY = Math.tan(view.fov / 2);
  const aspect = vp.height > 0 ? vp.width / vp.height : 1;
  return { forward, right, up, tanX: tanY * aspect, tanY };
}

type P3 = [number, number, number];
const dot = (a: Vec3, b: Vec3) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];

/** Camera-space coordinates (x right, y up, z forward). */
function toCamera(p: Vec3, f: ViewFrame): P3 {
  return [dot(p, f.right), dot(p, f.up), dot(p, f.forward)];
}

/** Clip a convex polygon (camera space) by the half-space a·x + b·y + c·z >= 0 (Sutherland–Hodgman). */
function clip(poly: P3[], a: number, b: number, c: number): P3[] {
  const out: P3[] = [];
  for (let i = 0; i < poly.length; i++) {
    const p = poly[i]!;
    const q = poly[(i + 1) % poly.length]!;
    const dp = a * p[0] + b * p[1] + c * p[2];
    const dq = a * q[0] + b * q[1] + c * q[2];
    if (dp >= 0) out.push(p);
    if (dp >= 0 !== dq >= 0) {
      const t = dp / (dp - dq);
      out.push([p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1]), p[2] + t * (q[2] - p[2])]);
    }
  }
  return out;
}

/**
 * Below this area (normalised screen units, the screen being 2 x 2) a clipped part is a rounding sliver, not
 * a visible one: a thousandth of a pixel even on a 4K screen, far too thin to hold a pixel centre. Without it
 * a tile whose edge merely touches the screen's edge (the upper and lower faces at a vertical fov of 90°)
 * would be fetched for nothing.
 */
const MIN_VISIBLE_AREA = 1e-9;

/** Area of a polygon (shoelace). */
function area(poly: ReadonlyArray<readonly [number, number]>): number {
  let a = 0;
  for (let i = 0; i < poly.length; i++) {
    const [x1, y1] = poly[i]!;
    const [x2, y2] = poly[(i + 1) % poly.length]!;
    a += x1 * y2 - x2 * y1;
  }
  return Math.abs(a) / 2;
}

/**
 * The part of a face rectangle inside the view, in normalised screen units (-1..1 on both axes), or null
 * when none of it is visible: nothing left after clipping, or only a sliver of no real area. `margin`
 * widens the view (as a fraction); none by default, the area test is what decides.
 */
export function clipRectToScreen(face: Face, r: UvRect, f: ViewFrame, margin = 0): Array<[number, number]> | null {
  let poly: P3[] = tileCorners(face, r).map((p) => toCamera(p, f));
  const tx = f.tanX * (1 + margin);
  const ty = f.tanY * (1 + margin);
  poly = clip(poly, -1, 0, tx);
  if (poly.length) poly = clip(poly, 1, 0, tx);
  if (poly.length) poly = clip(poly, 0, -1, ty);
  if (poly.length) poly = clip(poly, 0, 1, ty);
  // The four planes meet only in front of the eye, but keep z > 0 explicit against degenerate slivers.
  if (poly.length) poly = clip(poly, 0, 0, 1);
  if (poly.length < 3) return null;
  const screen = poly.map(([x, y, z]) => [x / z / f.tanX, y / z / f.tanY] as [number, number]);
  return area(screen) > MIN_VISIBLE_AREA ? screen : null;
}

/** Distance in normalised screen units from the screen centre to a convex polygon (0 when it covers it). */
export function distanceFromCentre(poly: Array<[number, number]>): number {
  let inside = true;
  let sign = 0;
  let best = Infinity;
  for (let i = 0; i < poly.length; i++) {
    const [ax, ay] = poly[i]!;
    const [bx, by] = poly[(i + 1) % poly.length]!;
    const cross = ax * by - ay * bx; // which side of edge a→b the origin is on
    if (cross !== 0) {
      const s = Math.sign(cross);
      if (sign === 0) sign = s;
      else if (s !== sign) inside = false;
    }
    const ex = bx - ax;
    const ey = by - ay;
    const len2 = ex * ex + ey * ey;
    const t = len2 > 0 ? Math.max(0, Math.min(1, -(ax * ex + ay * ey) / len2)) : 0;
    best = Math.min(best, Math.hypot(ax + t * ex, ay + t * ey));
  }
  return inside ? 0 : best;
}

export interface VisibleTile {
  tile: TileId;
  /** Distance from the screen centre, normalised screen units; 0 = under the centre. */
  distance: number;
}

/**
 * Visible tiles of level z, nearest the centre first. Searches each face as a quadtree of tile ranges,
 * so a 64×64-tile level costs a few dozen clip tests, not 24 576.
 */
export function visibleTiles(levels: readonly PyramidLevel[], z: number, view: View, vp: Viewport): VisibleTile[] {
  const level = levels[z]!;
  const n = tilesPerSide(level);
  const step = level.tileSize / level.size;
  const f = viewFrame(view, vp);
  const out: VisibleTile[] = [];
  const rectOf = (x0: number, y0: number, x1: number, y1: number): UvRect => ({
    u0: x0 * step,
    v0: y0 * step,
    u1: Math.min(1, (x1 + 1) * step),
    v1: Math.min(1, (y1 + 1) * step),
  });
  const search = (face: Face, x0: number, y0: number, x1: number, y1: number) => {
    const poly = clipRectToScreen(face, rectOf(x0, y0, x1, y1), f);
    if (!poly) return;
    if (x0 === x1 && y0 === y1) {
      out.push({ tile: { z, face, x: x0, y: y0 }, distance: distanceFromCentre(poly) });
      return;
    }
    if (x1 - x0 >= y1 - y0) {
      const m = (x0 + x1) >> 1;
      search(face, x0, y0, m, y1);
      search(face, m + 1, y0, x1, y1);
    } else {
      const m = (y0 + y1) >> 1;
      search(face, x0, y0, x1, m);
      search(face, x0, m + 1, x1, y1);
    }
  };
  for (const face of FACES) search(face, 0, 0, n - 1, n - 1);
  out.sort((a, b) => a.distance - b.distance);
  return out;
}
