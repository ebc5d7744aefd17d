// One frame's plan, shared by both renderers (the early stage's raw WebGL and the engine's three.js meshes):
// choose the level, list its visible tiles, let the caller take or queue them, then decide what to draw —
// preview patches under what nothing loaded covers, then the tiles coarse first. As Marzipano's Stage
// `_collectTiles`: written once here, the renderers only draw what it lists (see QuadDrawer).
import { drawList } from './drawList';
import { chooseLevel } from './levelChoice';
import { type PixelRect, tilePreviewPatch } from './previewPatch';
import { type PyramidLevel, type TileId, type UvRect, tileBleed, tileKey, tileUvRect } from './tileGrid';
import type { View, Viewport } from './view';
import { type ViewFrame, type VisibleTile, viewFrame, visibleTiles } from './visibleTiles';

/** One face rectangle to draw: a tile's own texture, or a patch of the preview strip under a tile. */
export type QuadDraw =
  | { kind: 'tile'; tile: TileId; key: string; rect: UvRect; bleed: number }
  | { kind: 'preview'; tile: TileId; key: string; rect: UvRect; bleed: number; show: PixelRect; clamp: PixelRect };

export interface FramePlan {
  frame: ViewFrame;
  /** The level chosen for this view. */
  level: number;
  /** Its visible tiles, with their distance from the centre (load priority). */
  visible: VisibleTile[];
  /** In drawing order: later ones over earlier ones. */
  draws: QuadDraw[];
  /** Every visible tile at the chosen level is itself drawable. */
  complete: boolean;
}

export interface PlanInput {
  levels: readonly PyramidLevel[];
  view: View;
  vp: Viewport;
  /** The preview strip's size once it can be drawn; null before (no patches then). */
  preview: { width: number; height: number } | null;
  /** Called with the visible tiles (of `level`) before the draw list is made: a chance to take what has arrived
   *  (so this very frame draws it) and to queue the rest. */
  want?: (visible: readonly VisibleTile[], level: number) => void;
  /** Whether a tile can be drawn now (may upload it, within the caller's budget). */
  isDrawable: (t: TileId) => boolean;
}

export function planFrame({ levels, view, vp, preview, want, isDrawable }: PlanInput): FramePlan {
  const level = chooseLevel(levels, view.fov, vp);
  const visible = visibleTiles(levels, level, view, vp);
  want?.(visible, level);
  const list = drawList(
    levels,
    visible.map((v) => v.tile),
    isDrawable,
  );
  const draws: QuadDraw[] = [];
  // The preview only under tiles that nothing loaded covers: drawn under everything it would double the
  // fill of every frame (on a CPU rasteriser, half the frame rate). Tiles bleed half a texel instead, which
  // closes the cracks where their edges meet at T-junctions.
  if (preview) {
    for (const t of list.floorTiles) {
      const p = tilePreviewPatch(levels, t, preview.width, preview.height);
      draws.push({ kind: 'preview', tile: t, key: tileKey(t), ...p });
    }
  }
  for (const t of list.tiles) {
    const l = levels[t.z]!;
    draws.push({ kind: 'tile', tile: t, key: tileKey(t), rect: tileUvRect(l, t.x, t.y), bleed: tileBleed(l) });
  }
  return { frame: viewFrame(view, vp), level, visible, draws, complete: list.complete };
}

/** What a renderer implements to draw a plan (Marzipano's startLayer / renderTile / endLayer). */
export interface QuadDrawer {
  startLayer(frame: ViewFrame): void;
  drawQuad(d: QuadDraw): void;
  endLayer(): void;
}

export function drawPlan(plan: FramePlan, drawer: QuadDrawer): void {
  drawer.startLayer(plan.frame);
  for (const d of plan.draws) drawer.drawQuad(d);
  drawer.endLayer();
}
