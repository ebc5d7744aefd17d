// Moving through time and floors (pure): a change of date or floor opens the scene nearest the one on screen
// by plan position (the nearest-node rule) and keeps the visitor's world heading, pitch and zoom. The
// plan shows a node's heading as yaw + node rotation (+ the site's rotation_offset, the same for both), so
// the new yaw is the old one corrected by the two nodes' rotations: the minimap's cone points the same way.
// In contract/ because the server picks a compare deep link's second scene by it too (compareWalk.ts).
import type { MinimapNodeEntry, SurveyScene, ViewParameters } from './api';
import { resolveScene } from './viewerResolve';

/** A node's place on the plan (stored coordinates) and rotation (radians). */
export type PlanNode = Pick<MinimapNodeEntry, 'x' | 'y' | 'rotation'> & {
  minimap_node: { tiles_id: string; node_number: number };
};

/** Radians into (-π, π]. */
export function wrapYaw(yaw: number): number {
  const t = 2 * Math.PI;
  const r = yaw - t * Math.floor((yaw + Math.PI) / t);
  return r === -Math.PI ? Math.PI : r;
}

/** The node of `nodes` nearest `from` on the plan; ties go to the lower node number. Null when none. */
export function nearestNode<N extends PlanNode>(from: { x: number; y: number }, nodes: readonly N[]): N | null {
  let best: N | null = null;
  let bestD = Infinity;
  for (const n of nodes) {
    if (!Number.isFinite(n.x) || !Number.isFinite(n.y)) continue;
    const d = (n.x - from.x) ** 2 + (n.y - from.y) ** 2;
    if (d < bestD || (d === bestD && best && n.minimap_node.node_number < best.minimap_node.node_number)) {
      best = n;
      bestD = d;
    }
  }
  return best;
}

/** The view at the new node that looks the same way in the world: yaw corrected by the two rotations. */
export function keptView(view: ViewParameters, fromRotation: number, toRotation: number): ViewParameters {
  return { yaw: wrapYaw(view.yaw + fromRotation - toRotation), pitch: view.pitch, fov: view.fov };
}

export interface SwitchFrom {
  /** The scene on screen (tiles id), its node entries on its own floor and date, and the view on screen. */
  tilesId: string;
  nodes: readonly PlanNode[];
  view: ViewParameters | null;
}

export interface SwitchTo {
  scenes: readonly SurveyScene[];
  nodes: readonly PlanNode[];
  /** The site's initial scene: the fallback when the plan says nothing. */
  initialPano?: string;
}

/**
 * The scene to open after the switch and the view to open it at. Nearest by plan position among the target's
 * scenes; without positions, the target's own initial scene (as a plain switch would). The view is kept
 * (corrected by the rotations, 0 where a node has none) whenever one is on screen; null otherwise.
 */
export function planSwitch(from: SwitchFrom, to: SwitchTo): { node: string; view: ViewParameters | null } | null {
  const here = from.nodes.find((n) => n.minimap_node.tiles_id === from.tilesId);
  const inSurvey = new Set(to.scenes.map((s) => s.survey_node.tiles_id));
  const candidates = to.nodes.filter((n) => inSurvey.has(n.minimap_node.tiles_id));
  const near = here ? nearestNode(here, candidates) : null;
  const scene = near
    ? to.scenes.find((s) => s.survey_node.tiles_id === near.minimap_node.tiles_id)!
    : resolveScene(to.scenes, null, to.initialPano);
  if (!scene) return null;
  const node = scene.survey_node.tiles_id;
  const there = near ?? candidates.find((n) => n.minimap_node.tiles_id === node);
  return { node, view: from.view ? keptView(from.view, here?.rotation ?? 0, there?.rotation ?? 0) : null };
}
