// Both sides stand at the same place: a walk on one side takes the other to its date's scene nearest by plan
// position (the rule a date switch uses). While locked, the second side's yaw follows contract/compareYaw.ts.
// One rule for the viewer and for the server, which names a compare deep link's second side in the page even when
// the link does not name its scene (server/bootstrap/firstLoad.ts).
import type { SurveyScene } from './api';
import { type PlanNode, planSwitch } from './surveySwitch';

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
