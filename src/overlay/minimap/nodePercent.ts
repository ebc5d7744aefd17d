// Where a node sits on the floor plan, in percent of the image: scale * (coordinate + pixel offset) * 100 /
// image size, taking the other axis when the plan is xy_flipped; outside 0-100 clamps to 5 (below) or 95 (above).
import type { Minimap } from '../../../contract/api';

export const PERCENT_SCALE = 100;
export const CLAMP_LOW = 5;
export const CLAMP_HIGH = 95;

export type PlanGeometry = Pick<Minimap, 'x_pixel_offset' | 'y_pixel_offset' | 'x_scale' | 'y_scale' | 'img_width' | 'img_height' | 'xy_flipped'>;

export function clampPercent(p: number): number {
  if (Number.isNaN(p)) return CLAMP_LOW;
  if (p < 0) return CLAMP_LOW;
  if (p > PERCENT_SCALE) return CLAMP_HIGH;
  return p;
}

export function axisPercent(scale: number, coord: number, offset: number, size: number): number {
  if (!(size > 0)) return CLAMP_LOW;
  return clampPercent((scale * (coord + offset) * PERCENT_SCALE) / size);
}

/**
 * Left and top of a node in percent. When xy_flipped, the horizontal position is taken from the node's y
 * (with the y scale and offset) and the vertical from its x.
 */
export function nodePercent(node: { x: number; y: number }, plan: PlanGeometry): { left: number; top: number } {
  if (plan.xy_flipped) {
    return {
      left: axisPercent(plan.y_scale, node.y, plan.y_pixel_offset, plan.img_width),
      top: axisPercent(plan.x_scale, node.x, plan.x_pixel_offset, plan.img_height),
    };
  }
  return {
    left: axisPercent(plan.x_scale, node.x, plan.x_pixel_offset, plan.img_width),
    top: axisPercent(plan.y_scale, node.y, plan.y_pixel_offset, plan.img_height),
  };
}

/** Heading of a node's view cone on the plan, degrees clockwise from up: yaw + node rotation + site rotation_offset. */
export function coneHeadingDegrees(yaw: number, nodeRotation: number, rotationOffset: number): number {
  const d = ((yaw + nodeRotation + rotationOffset) * 180) / Math.PI;
  return ((d % 360) + 360) % 360;
}
