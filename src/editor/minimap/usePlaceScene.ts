// Placing a scene from the unplaced tray: its position stored (which places it: it leaves the tray and shows on
// the plan), then, when asked, the node handed to the editor to be moved from there.
import type { Minimap, MinimapNodeEntry } from '../../../contract/api';
import { useUpdateNodeCoords } from '../../api/queries/minimap';
import { nodeCoordsOfPercent, roundPercent } from '../../domain/planGeometry';
import { degreesOfRotation } from '../../domain/nodeRotation';
import type { NodeDraft } from './nodeEditor';
import type { PlaceScene } from './useUnplacedTray';

export function usePlaceScene(opts: {
  site: string;
  map: Minimap | undefined;
  unplaced: MinimapNodeEntry[];
  edit: (draft: NodeDraft) => void;
  fail: (message: string) => void;
}): { place: PlaceScene; busy: boolean } {
  const updateCoords = useUpdateNodeCoords(opts.site);
  const { map, unplaced, edit, fail } = opts;
  const place: PlaceScene = (id, at, then) => {
    if (!map || !(map.img_width > 0 && map.img_height > 0))
      return fail('The floor plan has no image size to place the node on.');
    const node = unplaced.find((n) => n._id === id);
    updateCoords.mutateAsync({ id, revision: node?.revision ?? 0, ...nodeCoordsOfPercent(at, map) }).then(
      () => {
        if (then !== 'edit' || !node) return;
        const left = roundPercent(at.left);
        edit({ id, left, top: roundPercent(at.top), rotationDeg: degreesOfRotation(node.rotation) });
      },
      (e: unknown) => fail(e instanceof Error ? e.message : String(e)),
    );
  };
  return { place, busy: updateCoords.isPending };
}
