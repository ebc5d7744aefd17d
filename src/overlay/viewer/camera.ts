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

/**
 * Zoom percentage from the vertical field of view (radians): the fov is placed on the zoom scale
 * [0.73, 1.2]; the widest (1.2 or more) is 0 %, the narrowest (0.73 or less) 100 %.
 */
export function zoomPercent(fov: number): number {
  if (!Number.isFinite(fov)) return 0;
  const t = (ZOOM_SCALE_MAX - fov) / (ZOOM_SCALE_MAX - ZOOM_SCALE_MIN);
  return Math.round(Math.min(1, Math.max(0, t)) * PERCENT);
}
