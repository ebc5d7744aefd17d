// From the node editor's numbers back to what the server stores. The plan shows a node at
//   percent = scale * (coord + pixel offset) * 100 / image size   (the other axis when xy_flipped),
// so the stored coordinate of a percent is  coord = percent * size / (100 * scale) - offset.
// Rotation is stored in radians and edited in degrees (factor 57.2958, spec section 9).
import type { PlanGeometry } from '../../overlay/minimap/nodePercent';

export const DEGREES_PER_RADIAN = 57.2958;
export const FULL_CIRCLE = 360;
export const ROTATION_STEP = 15;

/** One axis: the stored coordinate that shows at `percent`. */
export function coordOfPercent(percent: number, scale: number, offset: number, size: number): number {
  return (percent * size) / (100 * (scale || 1)) - offset;
}

/** One axis, unclamped: the percent a stored coordinate shows at. */
export function percentOfCoord(coord: number, scale: number, offset: number, size: number): number {
  return size > 0 ? (scale * (coord + offset) * 100) / size : 0;
}

/** Stored x and y of a place on the plan (left and top in percent of the image). */
export function nodeCoordsOfPercent(pos: { left: number; top: number }, plan: PlanGeometry): { x: number; y: number } {
  if (plan.xy_flipped) {
    return {
      y: coordOfPercent(pos.left, plan.y_scale, plan.y_pixel_offset, plan.img_width),
      x: coordOfPercent(pos.top, plan.x_scale, plan.x_pixel_offset, plan.img_height),
    };
  }
  return {
    x: coordOfPercent(pos.left, plan.x_scale, plan.x_pixel_offset, plan.img_width),
    y: coordOfPercent(pos.top, plan.y_scale, plan.y_pixel_offset, plan.img_height),
  };
}

/** Normalises degrees to [0, 360). */
export const wrapDegrees = (d: number) => ((d % FULL_CIRCLE) + FULL_CIRCLE) % FULL_CIRCLE;

/** Stored radians to the form's whole degrees in [0, 360). */
export const degreesOfRotation = (rad: number) => wrapDegrees(Math.round(rad * DEGREES_PER_RADIAN));

/** The form's degrees to stored radians. */
export const rotationOfDegrees = (deg: number) => deg / DEGREES_PER_RADIAN;

/** Degrees snapped to the 15-degree step (the rotation handle). */
export const snapDegrees = (d: number) => wrapDegrees(Math.round(d / ROTATION_STEP) * ROTATION_STEP);

/** Rounds a percent for the form (two decimals). */
export const roundPercent = (p: number) => Math.round(p * 100) / 100;
