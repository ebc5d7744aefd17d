// While two dates are compared and locked, the second side looks the same way in the world as the first: its yaw
// is the first's turned by the two nodes' rotations on their plans. One rule for the viewer (src/compare/) and for
// the server, which names the second side's opening view in a compare deep link's page (server/bootstrap/firstLoad.ts).

/** A node on a date's plan, as much of it as the rule needs. */
export interface RotatedNode {
  minimap_node: { tiles_id: string };
  rotation: number;
}

const rotationOf = (tilesId: string | undefined, nodes: readonly RotatedNode[]): number =>
  nodes.find((n) => n.minimap_node.tiles_id === tilesId)?.rotation ?? 0;

/** What the second side adds to the first side's yaw to look the same way in the world (0 where a node has no
 *  rotation on the plan). */
export function lockedYawOffset(
  a: { tilesId: string | undefined; nodes: readonly RotatedNode[] },
  b: { tilesId: string | undefined; nodes: readonly RotatedNode[] },
): number {
  return rotationOf(a.tilesId, a.nodes) - rotationOf(b.tilesId, b.nodes);
}
