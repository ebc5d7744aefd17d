// The view: where the camera looks (yaw, pitch) and how wide (vertical fov), and the limits Marzipano's
// "traditional" limiter applies, so stored views and zoom ranges mean the same thing here as they did there.
import type { Vec3 } from './cubeGeometry';

export interface View {
  /** Radians; positive turns right. */
  yaw: number;
  /** Radians; positive looks DOWN (Marzipano's convention). */
  pitch: number;
  /** Vertical field of view, radians. */
  fov: number;
}

export interface Viewport {
  /** CSS pixels. */
  width: number;
  height: number;
  /** Device pixels per CSS pixel. */
  dpr: number;
}

export const DEG = Math.PI / 180;
export const MAX_VFOV = 100 * DEG;
export const MAX_HFOV = 120 * DEG;

/** Unit vector the view looks along: (sin yaw cos pitch, -sin pitch, -cos yaw cos pitch). */
export function viewDirection(yaw: number, pitch: number): Vec3 {
  const cp = Math.cos(pitch);
  return [Math.sin(yaw) * cp, -Math.sin(pitch), -Math.cos(yaw) * cp];
}

/** Inverse of viewDirection. */
export function directionToYawPitch(d: Vec3): { yaw: number; pitch: number } {
  const n = Math.hypot(d[0], d[1], d[2]) || 1;
  return { yaw: Math.atan2(d[0], -d[2]), pitch: Math.asin(Math.max(-1, Math.min(1, -d[1] / n))) };
}

/** Convert a field of view measured across one dimension to the same view measured across another. */
export function convertFov(fov: number, fromPixels: number, toPixels: number): number {
  return 2 * Math.atan((toPixels * Math.tan(fov / 2)) / fromPixels);
}

export const vfovToHfov = (vfov: number, vp: Viewport) => convertFov(vfov, vp.height, vp.width);
export const hfovToVfov = (hfov: number, vp: Viewport) => convertFov(hfov, vp.width, vp.height);

export interface FovLimits {
  min: number;
  max: number;
}

export interface LimitOptions {
  maxVfov?: number;
  maxHfov?: number;
}

/**
 * Vertical fov range for a viewport. The minimum is the resolution limit (a screen pixel is never smaller
 * than a texel of a face `faceSize` pixels wide); the maximum is the tighter of the vertical and horizontal
 * caps. As in Marzipano the caps are applied after the resolution limit, so on a tiny face they win.
 */
export function fovLimits(faceSize: number, vp: Viewport, opts: LimitOptions = {}): FovLimits {
  const maxV = opts.maxVfov ?? MAX_VFOV;
  const maxH = opts.maxHfov ?? MAX_HFOV;
  const max = vp.width > 0 && vp.height > 0 ? Math.min(maxV, hfovToVfov(maxH, vp)) : maxV;
  const min = vp.height > 0 ? 2 * Math.atan((vp.dpr * vp.height) / faceSize) : 0;
  return { min: Math.min(min, max), max };
}

/** Wrap an angle into [-π, π). */
export function wrapAngle(a: number): number {
  const t = (a + Math.PI) % (2 * Math.PI);
  return (t < 0 ? t + 2 * Math.PI : t) - Math.PI;
}

/** Apply the traditional limits: fov within fovLimits, pitch within ±90°, yaw wrapped. */
export function limitView(v: View, faceSize: number, vp: Viewport, opts: LimitOptions = {}): View {
  const { min, max } = fovLimits(faceSize, vp, opts);
  return {
    yaw: wrapAngle(v.yaw),
    pitch: Math.max(-Math.PI / 2, Math.min(Math.PI / 2, v.pitch)),
    fov: Math.max(min, Math.min(max, v.fov)),
  };
}

export function viewsEqual(a: View, b: View, eps = 1e-9): boolean {
  return Math.abs(a.yaw - b.yaw) < eps && Math.abs(a.pitch - b.pitch) < eps && Math.abs(a.fov - b.fov) < eps;
}
