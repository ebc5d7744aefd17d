// CPU reference for a photo's pyramid: the rectilinear view sampled straight from the SOURCE equirect (bilinear),
// never from tiles, so whatever the tiler or the renderer gets wrong (face order, mirroring, the seam, the poles)
// shows up as a picture that does not match. Equirect convention (Marzipano's EquirectGeometry): column
// 0.5 + yaw / 2π across the width (yaw 0 in the middle), row = angle from straight up / π (top row = zenith).
import sharp from 'sharp';
import { forEachViewRay, type RawImage, type RefView } from './referenceProjection';

/** Decode a photo to RGB, as the reference reads it. */
export async function decodeRgb(file: string): Promise<RawImage> {
  const { data, info } = await sharp(file).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, channels: info.channels, data };
}

/** width×height RGB of `src` (a whole-sphere equirect) seen from `view` (vertical fov). */
export function projectEquirect(src: RawImage, view: RefView, width: number, height: number): Buffer {
  const { data, width: W, height: H, channels: C } = src;
  const out = Buffer.alloc(width * height * 3);
  forEachViewRay(view, width, height, (o, x, y, z) => {
    const yaw = Math.atan2(x, -z);
    const polar = Math.acos(y / Math.hypot(x, y, z));
    // Continuous pixel coordinates, pixel centres at integer + 0.5: wrap across the ±180° seam, clamp at the poles.
    const u = (0.5 + yaw / (2 * Math.PI)) * W - 0.5;
    const v = Math.min(H - 1, Math.max(0, (polar / Math.PI) * H - 0.5));
    const x0 = Math.floor(u);
    const y0 = Math.floor(v);
    const fx = u - x0;
    const fy = v - y0;
    const xa = ((x0 % W) + W) % W;
    const xb = (xa + 1) % W;
    const yb = Math.min(H - 1, y0 + 1);
    for (let k = 0; k < 3; k++) {
      const top = data[(y0 * W + xa) * C + k]! * (1 - fx) + data[(y0 * W + xb) * C + k]! * fx;
      const bottom = data[(yb * W + xa) * C + k]! * (1 - fx) + data[(yb * W + xb) * C + k]! * fx;
      out[o + k] = Math.round(top * (1 - fy) + bottom * fy);
    }
  });
  return out;
}
