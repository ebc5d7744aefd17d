// The sphere direction under a point of the screen: the inverse of screenPoint (src/scene/screenPoint.ts), the
// engine's perspective camera without roll, so a hotspot placed or dragged there is drawn under the pointer.
import { directionToYawPitch, viewDirection, type View } from '../../scene/view';

/** Yaw and pitch (radians, pitch positive down) under CSS pixel (x, y) of a viewport `width` x `height`. */
export function screenDirection(
  x: number,
  y: number,
  view: View,
  vp: { width: number; height: number },
): { yaw: number; pitch: number } {
  const f = viewDirection(view.yaw, view.pitch);
  const r = [Math.cos(view.yaw), 0, Math.sin(view.yaw)] as const;
  const u = [r[1] * f[2] - r[2] * f[1], r[2] * f[0] - r[0] * f[2], r[0] * f[1] - r[1] * f[0]] as const;
  const tanV = Math.tan(view.fov / 2);
  const tanH = (tanV * vp.width) / vp.height;
  const nx = ((2 * x) / vp.width - 1) * tanH;
  const ny = (1 - (2 * y) / vp.height) * tanV;
  return directionToYawPitch([
    f[0] + nx * r[0] + ny * u[0],
    f[1] + nx * r[1] + ny * u[1],
    f[2] + nx * r[2] + ny * u[2],
  ]);
}

/** A yaw turned into (-π, π], as exports store it. */
export const wrapYaw = (yaw: number) => Math.atan2(Math.sin(yaw), Math.cos(yaw));
