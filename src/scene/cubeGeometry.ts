// Cube-map geometry of Marzipano Tool pyramids: where each face sits and which way its image runs.
//
// Convention (Marzipano's, which all stored data uses): +x right, +y up, -z ahead at yaw 0. The cube has
// side 1 and is centred on the viewer. In face-image coordinates u runs left→right (tile x) and v runs
// top→bottom (tile y), both 0..1. Each face is the front face turned by a rotation about X (u, d) or Y
// (b, l, r) — this is how Marzipano's CubeGeometry places face vertices, restated as explicit axes so the
// rest of the code never has to compose rotations.

export type Vec3 = readonly [number, number, number];

export const FACES = ['b', 'd', 'f', 'l', 'r', 'u'] as const;
export type Face = (typeof FACES)[number];

export interface FaceBasis {
  /** Centre of the face on the unit cube (|component| = 0.5). Also the outward normal × 0.5. */
  center: Vec3;
  /** World direction in which the image's u (tile x) grows. */
  right: Vec3;
  /** World direction in which the image's v (tile y) grows. */
  down: Vec3;
}

export const FACE_BASIS: Record<Face, FaceBasis> = {
  f: { center: [0, 0, -0.5], right: [1, 0, 0], down: [0, -1, 0] },
  b: { center: [0, 0, 0.5], right: [-1, 0, 0], down: [0, -1, 0] },
  l: { center: [-0.5, 0, 0], right: [0, 0, -1], down: [0, -1, 0] },
  r: { center: [0.5, 0, 0], right: [0, 0, 1], down: [0, -1, 0] },
  // Up: the image's bottom edge meets the top of the front face; its top edge lies at the back (+z).
  u: { center: [0, 0.5, 0], right: [1, 0, 0], down: [0, 0, -1] },
  // Down: the image's top edge meets the bottom of the front face.
  d: { center: [0, -0.5, 0], right: [1, 0, 0], down: [0, 0, 1] },
};

/** Point on the unit cube for face-image coordinates (u, v) in 0..1. */
export function faceUvToPoint(face: Face, u: number, v: number): Vec3 {
  const { center: c, right: r, down: d } = FACE_BASIS[face];
  const a = u - 0.5;
  const b = v - 0.5;
  return [c[0] + a * r[0] + b * d[0], c[1] + a * r[1] + b * d[1], c[2] + a * r[2] + b * d[2]];
}

export interface FaceUv {
  face: Face;
  u: number;
  v: number;
}

/** Which face a direction hits, and where on that face's image (u, v in 0..1). */
export function directionToFaceUv(dir: Vec3): FaceUv {
  const [x, y, z] = dir;
  const ax = Math.abs(x);
  const ay = Math.abs(y);
  const az = Math.abs(z);
  let face: Face;
  // Ties go to the side faces first, then up/down: any choice is correct on an edge.
  if (az >= ax && az >= ay) face = z < 0 ? 'f' : 'b';
  else if (ax >= ay) face = x < 0 ? 'l' : 'r';
  else face = y > 0 ? 'u' : 'd';
  const { center: c, right: r, down: d } = FACE_BASIS[face];
  // Scale the ray so that it lands on the face plane (distance 0.5 from the centre).
  const along = dir[0] * c[0] + dir[1] * c[1] + dir[2] * c[2];
  const s = 0.25 / along;
  const p: Vec3 = [x * s, y * s, z * s];
  const u = 0.5 + (p[0] * r[0] + p[1] * r[1] + p[2] * r[2]);
  const v = 0.5 + (p[0] * d[0] + p[1] * d[1] + p[2] * d[2]);
  return { face, u, v };
}

export function normalize(v: Vec3): Vec3 {
  const n = Math.hypot(v[0], v[1], v[2]) || 1;
  return [v[0] / n, v[1] / n, v[2] / n];
}
