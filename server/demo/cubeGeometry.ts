// The cube-map convention of the data (DESIGN.md section 4), in one place so every generator and test agrees.
//
// Derived from Marzipano 0.10.2 (src/geometries/Cube.js + src/renderers/WebGlBase.js): a tile quad has local
// coordinates (X, Y, -0.5) with X growing to the image's right and Y growing to the image's TOP (the texture is
// uploaded with UNPACK_FLIP_Y), and is turned into the world by rotateX(face.x) * rotateY(face.y) with
// f {0,0}, b {0,pi}, l {0,pi/2}, r {0,-pi/2}, u {pi/2,0}, d {-pi/2,0}. Working that through gives FACE_AXES
// below. Consequences worth knowing: the side faces are upright; u's bottom edge touches f and its top edge b;
// d's top edge touches f and its bottom edge b; u and d are both upright as seen when looking up/down at yaw 0.

export type Face = 'b' | 'd' | 'f' | 'l' | 'r' | 'u';

/** Marzipano Tool's order of the faces, both in the tiles folders and in preview.jpg's vertical strip. */
export const FACES: readonly Face[] = ['b', 'd', 'f', 'l', 'r', 'u'];

export type Vec3 = [number, number, number];

/**
 * For each face: the world direction of the face centre, and the world vectors that image-right (+a) and
 * image-down (+b) move along. A pixel at normalised image coordinates a, b in [-1, 1] (a left to right,
 * b top to bottom) looks along centre + a * right + b * down.
 */
export const FACE_AXES: Record<Face, { centre: Vec3; right: Vec3; down: Vec3 }> = {
  f: { centre: [0, 0, -1], right: [1, 0, 0], down: [0, -1, 0] },
  b: { centre: [0, 0, 1], right: [-1, 0, 0], down: [0, -1, 0] },
  l: { centre: [-1, 0, 0], right: [0, 0, -1], down: [0, -1, 0] },
  r: { centre: [1, 0, 0], right: [0, 0, 1], down: [0, -1, 0] },
  u: { centre: [0, 1, 0], right: [1, 0, 0], down: [0, 0, -1] },
  d: { centre: [0, -1, 0], right: [1, 0, 0], down: [0, 0, 1] },
};

/** Unnormalised world direction of the point (a, b) of a face, a and b in [-1, 1]. */
export function faceDirection(face: Face, a: number, b: number): Vec3 {
  const { centre: c, right: r, down: d } = FACE_AXES[face];
  return [c[0] + a * r[0] + b * d[0], c[1] + a * r[1] + b * d[1], c[2] + a * r[2] + b * d[2]];
}

/** Unnormalised direction through the centre of pixel (i, j) of a face `size` pixels wide. */
export function pixelDirection(face: Face, i: number, j: number, size: number): Vec3 {
  return faceDirection(face, (2 * (i + 0.5)) / size - 1, (2 * (j + 0.5)) / size - 1);
}

/** The face a direction hits and where: a, b in [-1, 1] as in faceDirection. */
export function directionToFace(v: Vec3): { face: Face; a: number; b: number } {
  const [x, y, z] = v;
  const ax = Math.abs(x),
    ay = Math.abs(y),
    az = Math.abs(z);
  let face: Face;
  if (ax >= ay && ax >= az) face = x > 0 ? 'r' : 'l';
  else if (ay >= az) face = y > 0 ? 'u' : 'd';
  else face = z > 0 ? 'b' : 'f';
  const { centre: c, right: r, down: d } = FACE_AXES[face];
  const depth = x * c[0] + y * c[1] + z * c[2]; // > 0: distance along the face normal
  return {
    face,
    a: (x * r[0] + y * r[1] + z * r[2]) / depth,
    b: (x * d[0] + y * d[1] + z * d[2]) / depth,
  };
}

/** Marzipano's (yaw, pitch) -> unit direction: positive yaw turns right, positive pitch looks down. */
export function yawPitchToDirection(yaw: number, pitch: number): Vec3 {
  return [Math.sin(yaw) * Math.cos(pitch), -Math.sin(pitch), -Math.cos(yaw) * Math.cos(pitch)];
}

/** Inverse of yawPitchToDirection; yaw in (-pi, pi], pitch in [-pi/2, pi/2]. */
export function directionToYawPitch(v: Vec3): { yaw: number; pitch: number } {
  const [x, y, z] = v;
  const len = Math.hypot(x, y, z);
  return { yaw: Math.atan2(x, -z), pitch: -Math.asin(Math.max(-1, Math.min(1, y / len))) };
}

/** Which face lies beyond each image edge of a face (used for the orientation hints drawn on the faces). */
export function neighbourFaces(face: Face): { top: Face; bottom: Face; left: Face; right: Face } {
  const { right: r, down: d } = FACE_AXES[face];
  const along = (v: Vec3) => directionToFace([v[0] * 2, v[1] * 2, v[2] * 2]).face; // pure axis -> its face
  const neg = (v: Vec3): Vec3 => [-v[0], -v[1], -v[2]];
  return { top: along(neg(d)), bottom: along(d), left: along(neg(r)), right: along(r) };
}
