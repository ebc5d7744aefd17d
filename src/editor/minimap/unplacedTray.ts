// The unplaced scenes tray's rules, apart from React: which face of the preview strip its cards show, where on the
// plan a dragged card was let go, and when a press on a card became a drag.
import { PREVIEW_FACE_ORDER } from '../../../contract/tileUrls';
import { PERCENT_SCALE } from '../../domain/planGeometry';

/** Where "Place at centre" puts a scene (percent of the plan), to be moved from there with the editor. */
export const PLAN_CENTRE = { left: 50, top: 50 } as const;

/** A press that moves less than this (CSS pixels) is a tap that selects the card, not a drag. */
export const DRAG_THRESHOLD = 6;

/**
 * CSS object-position that shows one face of the preview strip (square faces stacked in PREVIEW_FACE_ORDER) in a
 * square box with object-fit: cover: the strip is as wide as the box, and a percentage p moves it up by
 * p * (strip height - box height) = p * (faces - 1) * side, so face i shows at p = i / (faces - 1).
 */
export function previewFacePosition(face = 'f'): string {
  const i = Math.max(0, PREVIEW_FACE_ORDER.indexOf(face as (typeof PREVIEW_FACE_ORDER)[number]));
  return `50% ${(i * PERCENT_SCALE) / (PREVIEW_FACE_ORDER.length - 1)}%`;
}

export interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** The plan position (percent, as nodes are shown) of a point let go over the plan's box; null when outside it. */
export function dropPercent(point: { x: number; y: number }, plan: Box): { left: number; top: number } | null {
  if (!(plan.width > 0 && plan.height > 0)) return null;
  const left = ((point.x - plan.left) / plan.width) * PERCENT_SCALE;
  const top = ((point.y - plan.top) / plan.height) * PERCENT_SCALE;
  if (left < 0 || top < 0 || left > PERCENT_SCALE || top > PERCENT_SCALE) return null;
  return { left, top };
}

/** Whether a press that started at `from` and is now at `to` has become a drag. */
export const isDrag = (from: { x: number; y: number }, to: { x: number; y: number }) =>
  Math.hypot(to.x - from.x, to.y - from.y) >= DRAG_THRESHOLD;
