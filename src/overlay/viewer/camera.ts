// Camera info numbers: tilt and rotation in degrees, zoom as a percentage of the 0.73-1.2 zoom scale.
export const DEGREES_PER_RADIAN = 57.2958;
export const FULL_CIRCLE = 360;
export const ZOOM_SCALE_MIN = 0.73;
export const ZOOM_SCALE_MAX = 1.2;
export const PERCENT = 100;

/** Pitch as tilt in whole degrees (positive looks down, as stored). */
export const tiltDegrees = (pitch: number) => Math.round(pitch * DEGREES_PER_RADIAN);

/** Yaw as rotation in whole degrees, 0-359. */
export function rotationDegrees(yaw: number): number {
  const d = Math.round(yaw * DEGREES_PER_RADIAN) % FULL_CIRCLE;
  return d < 0 ? d + FULL_CIRCLE : d;
}

/** The field of view shown as 100 % zoom: 90 degrees, the default initial fov. */
export const REFERENCE_FOV = Math.PI / 2;

/**
 * Zoom percentage from the vertical field of view (radians): the zoom factor REFERENCE_FOV / fov, kept on
 * the zoom scale [0.73, 1.2], as a percentage (73 % fully out, 100 % at 90 degrees, 120 % fully in).
 */
export function zoomPercent(fov: number): number {
  if (!Number.isFinite(fov) || fov <= 0) return Math.round(ZOOM_SCALE_MIN * PERCENT);
  const factor = Math.min(ZOOM_SCALE_MAX, Math.max(ZOOM_SCALE_MIN, REFERENCE_FOV / fov));
  return Math.round(factor * PERCENT);
}
