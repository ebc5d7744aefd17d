// The floor's nodes where the plan shows them (percent of the image), and a placed node as the editor handles it.
import type { Minimap, MinimapNodeEntry } from '../../../contract/api';
import { nodePercent, roundPercent } from '../../domain/planGeometry';
import { degreesOfRotation } from '../../domain/nodeRotation';
import type { PlacedNode } from './MinimapCanvas';
import type { NodeDraft } from './nodeEditor';

export function placeNodes(nodes: readonly MinimapNodeEntry[], map: Minimap | undefined): PlacedNode[] {
  if (!map) return [];
  return nodes.map((node) => ({
    node,
    ...nodePercent(node, map),
    name: node.minimap_node.title || node.minimap_node.tiles_name,
  }));
}

/** The form's precision: percent to two decimals, whole degrees. */
export const toDraft = (p: PlacedNode): NodeDraft => ({
  id: p.node._id,
  left: roundPercent(p.left),
  top: roundPercent(p.top),
  rotationDeg: degreesOfRotation(p.node.rotation),
});

/** The placed node of the scene on screen (by its tiles id), if it is on this plan. */
export const placedOfScene = (placed: readonly PlacedNode[], tilesId: string | null): PlacedNode | undefined =>
  placed.find((p) => p.node.minimap_node.tiles_id === tilesId);
