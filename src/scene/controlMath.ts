// The arithmetic of view controls, kept apart from DOM events so it can be tested: drag, zoom, inertia,
// and turning device-orientation angles into yaw and pitch.
import type { Vec3 } from './cubeGeometry';
import { type View, directionToYawPitch } from './view';

/** Angle one CSS pixel spans at the centre of a viewport `height` pixels tall. */
export function radiansPerPixel(fov: number, height: number): number {
  return height > 0 ? (2 * Math.tan(fov / 2)) / height : 0;
}

/** Drag mode: the picture follows the pointer, so dragging right turns left and dragging down looks up. */
export function dragView(v: View, dx: number, dy: number, height: number): View {
  const k = radiansPerPixel(v.fov, height);
  return { yaw: v.yaw - dx * k, pitch: v.pitch - dy * k, fov: v.fov };
}

/** Zoom by scaling the visible extent (tan of half the fov): factor > 1 zooms out. */
export function zoomView(v: View, factor: number): View {
  return { ...v, fov: 2 * Math.atan(Math.tan(v.fov / 2) * factor) };
}

/** Wheel delta (pixels) to zoom factor: a notch (~100 px) is about 10 %. */
export function wheelZoomFactor(deltaY: number): number {
  return Math.exp(deltaY * 0.001);
}

export interface Velocity {
  yaw: number; // rad/s
  pitch: number; // rad/s
}

/** Inertia: the velocity decays exponentially with time constant tau; returns the new velocity and the move. */
export function inertiaStep(
  v: Velocity,
  dtMs: number,
  tauMs = 250,
): { velocity: Velocity; dYaw: number; dPitch: number } {
  const decay = Math.exp(-dtMs / tauMs);
  // Exact integral of v·e^(-t/tau) over the step.
  const travel = (tauMs / 1000) * (1 - decay);
  return { velocity: { yaw: v.yaw * decay, pitch: v.pitch * decay }, dYaw: v.yaw * travel, dPitch: v.pitch * travel };
}

export const INERTIA_STOP = 0.02; // rad/s: below this the view is still.

/**
 * QTVR mode: the view turns at a speed proportional to how far the pointer is from where it was pressed
 * (in viewport heights), like the old QuickTime VR players.
 */
export function qtvrVelocity(offsetX: number, offsetY: number, height: number, fov: number): Velocity {
  const k = height > 0 ? (2 * fov) / height : 0; // one viewport height of offset turns 2 fovs a second
  return { yaw: offsetX * k, pitch: offsetY * k };
}

/**
 * Where the back of a phone points, from DeviceOrientationEvent angles (degrees; W3C frame: x east, y north,
 * z up; rotation Z(alpha)·X(beta)·Y(gamma)). The screen's roll is dropped: a panorama viewer keeps the
 * horizon level.
 */
export function orientationToYawPitch(alpha: number, beta: number, gamma: number): { yaw: number; pitch: number } {
  const d = Math.PI / 180;
  const [ca, sa, cb, sb, cg, sg] = [
    Math.cos(alpha * d),
    Math.sin(alpha * d),
    Math.cos(beta * d),
    Math.sin(beta * d),
    Math.cos(gamma * d),
    Math.sin(gamma * d),
  ];
  // R·(0,0,-1): the third column of R, negated.
  const east = -(ca * sg + sa * sb * cg);
  const north = -(sa * sg - ca * sb * cg);
  const up = -(cb * cg);
  // Ours: x right (east at yaw 0 facing north), y up, -z ahead (north).
  const dir: Vec3 = [east, up, -north];
  const { yaw, pitch } = directionToYawPitch(dir);
  return { yaw, pitch };
}
