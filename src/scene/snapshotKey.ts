// The name a first view's snapshot is kept under (src/scene/firstViewSnapshot.ts): what the picture depends on, and
// nothing else. The tiles under one tiles_id never change (they are served immutable; a new upload is a new id), so
// a snapshot is exactly as fresh as the HTTP cache's copy of the same tiles. Pure.
import { type TileSource, previewUrl } from '../../contract/tileUrls';
import type { View, Viewport } from './view';

/** Bumped when the drawing changes in a way old snapshots would not match. */
const VERSION = 1;

/** A same-origin address (never fetched: Cache Storage keys are requests) naming the snapshot of `view` of the scene
 *  `source` drawn at `vp`. The view as the page asked for it, before any limit; angles to 1e-6 rad. */
export function snapshotKey(source: TileSource, view: View, vp: Viewport): string {
  const q = new URLSearchParams({
    v: String(VERSION),
    s: previewUrl(source),
    y: view.yaw.toFixed(6),
    p: view.pitch.toFixed(6),
    f: view.fov.toFixed(6),
    w: String(Math.floor(vp.width * vp.dpr)),
    h: String(Math.floor(vp.height * vp.dpr)),
    d: String(vp.dpr),
  });
  return `/__first-view-snapshot?${q}`;
}
