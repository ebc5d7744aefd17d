// Where a node sits on a floor plan, both ways. The plan shows a node at
//   percent = scale * (coordinate + pixel offset) * 100 / image size
// taking the other axis when the plan is xy_flipped; shown positions outside 0-100 clamp to 5 (below) or 95
// (above). The node editor goes back: coordinate = percent * size / (100 * scale) - offset.
import type { Minimap } from '../../contract/api';

export const PERCENT_SCALE = 100;
export const CLAMP_LOW = 5;
export const CLAMP_HIGH = 95;

export type PlanGeometry = Pick<
  Minimap,
  'x_pixel_offset' | 'y_pixel_offset' | 'x_scale' | 'y_scale' | 'img_width' | 'img_height' | 'xy_flipped'
>;

export function clampPercent(p: number): number {
  if (Number.isNaN(p)) return CLAMP_LOW;
  if (p < 0) return CLAMP_LOW;
  if (p > PERCENT_SCALE) return CLAMP_HIGH;
  return p;
}

/** One axis, unclamped: the percent a stored coordinate shows at. */
export function percentOfCoord(coord: number, scale: number, offset: number, size: number): number {
  return size > 0 ? (scale * (coord + offset) * PERCENT_SCALE) / size : 0;
}

/** One axis as shown on the plan (clamped; no image size puts the node at the low clamp). */
export function axisPercent(scale: number, coord: number, offset: number, size: number): number {
  if (!(size > 0)) return CLAMP_LOW;
  return clampPercent(percentOfCoord(coord, scale, offset, size));
}

/** One axis: the stored coordinate that shows at `percent`. */
export function coordOfPercent(percent: number, scale: number, offset: number, size: number): number {
  return (percent * size) / (PERCENT_SCALE * (scale || 1)) - offset;
}

interface PlanAxis {
  scale: number;
  offset: number;
  size: number;
  coord: 'x' | 'y';
}

/**
 * The plan's horizontal (left) and vertical (top) axes. When xy_flipped, the horizontal position is taken from
 * the node's y (with the y scale and offset) and the vertical from its x.
 */
function planAxes(plan: PlanGeometry): { left: PlanAxis; top: PlanAxis } {
  const x = { scale: plan.x_scale, offset: plan.x_pixel_offset, coord: 'x' as const };
  const y = { scale: plan.y_scale, offset: plan.y_pixel_offset, coord: 'y' as const };
  const [h, v] = plan.xy_flipped ? [y, x] : [x, y];
  return { left: { ...h, size: plan.img_width }, top: { ...v, size: plan.img_height } };
}

/** Left and top of a node in percent, as shown on the plan. */
export function nodePercent(node: { x: number; y: number }, plan: PlanGeometry): { left: number; top: number } {
  const { left, top } = planAxes(plan);
  return {
    left: axisPercent(left.scale, node[left.coord], left.offset, left.size),
    top: axisPercent(top.scale, node[top.coord], top.offset, top.size),
  };
}

/** Stored x and y of a place on the plan (left and top in percent of the image): the inverse of nodePercent. */
export function nodeCoordsOfPercent(pos: { left: number; top: number }, plan: PlanGeometry): { x: number; y: number } {
  const { left, top } = planAxes(plan);
  const out = { x: 0, y: 0 };
  out[left.coord] = coordOfPercent(pos.left, left.scale, left.offset, left.size);
  out[top.coord] = coordOfPercent(pos.top, top.scale, top.offset, top.size);
  return out;
}

/** Rounds a percent for the node editor's form (two decimals). */
export const roundPercent = (p: number) => Math.round(p * 100) / 100;
