// Hugin's nona making the six 90° cube faces of an equirect (the way Pannellum's generate.py drives it): one
// rectilinear output of faceSize², and the photo listed six times, each turned so one face lands in that output.
// nona writes <prefix>0000.jpg … <prefix>0005.jpg, one per image line.

/** Yaw and pitch (degrees) that bring each face of the sphere in front of the camera. */
const FACE_TURNS: Array<[face: string, yaw: number, pitch: number]> = [
  ['f', 0, 0],
  ['r', -90, 0],
  ['b', 180, 0],
  ['l', 90, 0],
  ['u', 0, -90],
  ['d', 0, 90],
];

/** The PTO script for nona. */
export function cubeFacesPto(photo: string, width: number, height: number, faceSize: number): string {
  const lines = [
    // p: the output, rectilinear (f0), 90° wide, faceSize square, one JPEG per image (JPEG_m) at the tiles' quality.
    `p f0 w${faceSize} h${faceSize} v90 E0 R0 n"JPEG_m q80"`,
    // m: gamma 1, interpolator 2 (spline 36).
    'm g1 i2',
    ...FACE_TURNS.map(
      ([, yaw, pitch]) => `i f4 w${width} h${height} v360 y${yaw} p${pitch} r0 a0 b0 c0 d0 e0 n"${photo}"`,
    ),
  ];
  return `${lines.join('\n')}\n`;
}

export const NONA_FACES = FACE_TURNS.map(([face]) => face);
