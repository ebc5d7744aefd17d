// Where a direction (yaw, pitch) is on screen for a view: the engine's perspective camera, in CSS pixels, so a
// DOM element placed there sits where the engine's sprite will be drawn.
import { type View, type Viewport, viewDirection } from './view';

/** CSS pixels from the viewport's top left corner; null when the direction is behind the camera. */
export function screenPoint(yaw: number, pitch: number, view: View, vp: Viewport): { x: number; y: number } | null {
  const d = viewDirection(yaw, pitch);
  const f = viewDirection(view.yaw, view.pitch);
  // Right and up of a camera without roll.
  const r = [Math.cos(view.yaw), 0, Math.sin(view.yaw)];
  const u = [r[1]! * f[2] - r[2]! * f[1], r[2]! * f[0] - r[0]! * f[2], r[0]! * f[1] - r[1]! * f[0]];
  const depth = d[0] * f[0] + d[1] * f[1] + d[2] * f[2];
  if (depth <= 1e-6 || vp.width <= 0 || vp.height <= 0) return null;
  const tanV = Math.tan(view.fov / 2);
  const tanH = (tanV * vp.width) / vp.height;
  const nx = (d[0] * r[0]! + d[2] * r[2]!) / depth / tanH;
  const ny = (d[0] * u[0]! + d[1] * u[1]! + d[2] * u[2]!) / depth / tanV;
  return { x: ((nx + 1) / 2) * vp.width, y: ((1 - ny) / 2) * vp.height };
}
