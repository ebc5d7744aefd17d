// Both sides stand at the same place: a walk on one side takes the other to its date's scene nearest by plan
// position (the rule a date switch uses), and while locked the second side looks the same way in the world,
// its yaw turned by the two nodes' rotations on the plan.
import type { SurveyScene } from '../../contract/api';
import { type PlanNode, planSwitch } from '../domain/viewer/surveySwitch';

/** The scene of the other side's date nearest to `tilesId` on its own date's plan; null when that date has none. */
export function nearestOnOtherDate(
  tilesId: string,
  hereNodes: readonly PlanNode[],
  thereScenes: readonly SurveyScene[],
  thereNodes: readonly PlanNode[],
): string | null {
  return (
    planSwitch({ tilesId, nodes: hereNodes, view: null }, { scenes: thereScenes, nodes: thereNodes })?.node ?? null
  );
}

const rotationOf = (tilesId: string | undefined, nodes: readonly PlanNode[]): number =>
  nodes.find((n) => n.minimap_node.tiles_id === tilesId)?.rotation ?? 0;

/** What the second side adds to the first side's yaw to look the same way in the world (0 where a node has no
 *  rotation on the plan). */
export function lockedYawOffset(
  a: { tilesId: string | undefined; nodes: readonly PlanNode[] },
  b: { tilesId: string | undefined; nodes: readonly PlanNode[] },
): number {
  return rotationOf(a.tilesId, a.nodes) - rotationOf(b.tilesId, b.nodes);
}
