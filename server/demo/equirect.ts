// Equirectangular panorama -> cube faces, by sampling the equirect (bilinear) along each face pixel's direction.
// The equirect convention matches Marzipano's equirect shader: column 0.5 + yaw / 2pi across the width (yaw 0
// in the middle), row = polar angle from straight up / pi (the top row looks straight up).
import { FACES, FACE_AXES, type Face } from './cubeGeometry.ts';
import { decodeRgb, encodePng, type RawImage } from './rawImage.ts';

/** Raw RGB pixels (size x size x 3) of one cube face sampled from a decoded equirect. */
function sampleEquirectFace(src: RawImage, face: Face, size: number): Buffer {
  const { data, width: W, height: H, channels: C } = src;
  const out = Buffer.alloc(size * size * 3);
  const { centre: c, right: r, down: dn } = FACE_AXES[face];
  const twoPi = 2 * Math.PI;
  for (let j = 0; j < size; j++) {
    const b = (2 * (j + 0.5)) / size - 1;
    for (let i = 0; i < size; i++) {
      const a = (2 * (i + 0.5)) / size - 1;
      const x = c[0] + a * r[0] + b * dn[0];
      const y = c[1] + a * r[1] + b * dn[1];
      const z = c[2] + a * r[2] + b * dn[2];
      const yaw = Math.atan2(x, -z);
      const polar = Math.acos(y / Math.sqrt(x * x + y * y + z * z)); // 0 = straight up
      // Continuous pixel coordinates with pixel centres at integer + 0.5.
      const u = (0.5 + yaw / twoPi) * W - 0.5;
      const v = (polar / Math.PI) * H - 0.5;
      const x0f = Math.floor(u),
        y0f = Math.floor(v);
      const fx = u - x0f,
        fy = v - y0f;
      const xa = ((x0f % W) + W) % W,
        xb = (xa + 1) % W; // wrap around in yaw
      const ya = Math.max(0, Math.min(H - 1, y0f)),
        yb = Math.max(0, Math.min(H - 1, y0f + 1));
      const p00 = (ya * W + xa) * C,
        p10 = (ya * W + xb) * C,
        p01 = (yb * W + xa) * C,
        p11 = (yb * W + xb) * C;
      const o = (j * size + i) * 3;
      for (let k = 0; k < 3; k++) {
        const top = data[p00 + k] + (data[p10 + k] - data[p00 + k]) * fx;
        const bottom = data[p01 + k] + (data[p11 + k] - data[p01 + k]) * fx;
        out[o + k] = Math.round(top + (bottom - top) * fy);
      }
    }
  }
  return out;
}

function encodeFace(raw: Buffer, size: number): Promise<Buffer> {
  return encodePng({ data: raw, width: size, height: size, channels: 3 });
}

/** One cube face (PNG, size x size) of an equirectangular image. Decodes the input; use equirectToCubeFaces for all six. */
export async function equirectToCubeFace(equirect: Buffer, face: Face, size: number): Promise<Buffer> {
  return encodeFace(sampleEquirectFace(await decodeRgb(equirect), face, size), size);
}

/** All six cube faces (PNG) of an equirectangular image, decoding it once. */
export async function equirectToCubeFaces(equirect: Buffer, size: number): Promise<Record<Face, Buffer>> {
  const src = await decodeRgb(equirect);
  const entries = await Promise.all(
    FACES.map(async (f) => [f, await encodeFace(sampleEquirectFace(src, f, size), size)] as const),
  );
  return Object.fromEntries(entries) as Record<Face, Buffer>;
}
