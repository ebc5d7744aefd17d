// The enlarged minimap's node editor: the pure machine of ./nodeEditor run here, its save stored through the node
// routes (failures are error toasts), a tap outside editing going to the node's scene; closing the enlarged map
// cancels the edit, and Escape steps back out of an edit first, then out of the enlarged map.
import { useEffect } from 'react';
import type { Minimap } from '../../../contract/api';
import { useUpdateNodeCoords, useUpdateNodeRotation } from '../../api/queries/minimap';
import { nodeCoordsOfPercent } from '../../domain/planGeometry';
import { rotationOfDegrees } from '../../domain/nodeRotation';
import { useViewerNavigate } from '../../domain/viewer/useViewerNavigate';
import { toast } from '../../ui/notices/notices';
import { useEscape } from '../../ui/useEscape';
import { useMachine } from '../common/useMachine';
import type { PlacedNode } from './MinimapCanvas';
import { editModeOf, IDLE, perform, type NodeEditorCommand, type NodeEditorEvent } from './nodeEditor';

export const COORDS_FAILED = 'Error! Failed to Update Node Coordinates';
export const ROTATION_FAILED = 'Error! Failed to Update Node Rotation';

export function useMinimapNodeEditor(opts: {
  site: string;
  map: Minimap | undefined;
  placed: readonly PlacedNode[];
  /** The tiles id of the scene on screen. */
  current: string | null;
  enlarged: boolean;
  setEnlarged: (enlarged: boolean) => void;
}) {
  const { site, map, placed, current, enlarged, setEnlarged } = opts;
  const go = useViewerNavigate();
  const updateCoords = useUpdateNodeCoords(site);
  const updateRotation = useUpdateNodeRotation(site);
  const canInvert = !!map && map.img_width > 0 && map.img_height > 0;

  /** Stores the changed parts one after the other, then tells the editor which of them are stored now. */
  const save = async (c: Extract<NodeEditorCommand, { kind: 'save' }>, dispatch: (e: NodeEditorEvent) => void) => {
    let placeStored = true,
      rotationStored = true;
    // The revision the edit started from; a stored position answers the next one.
    let revision = placed.find((p) => p.node._id === c.id)?.node.revision ?? 0;
    if (c.place) {
      if (!map || !canInvert) {
        toast.error(`${COORDS_FAILED} The floor plan has no image size to place the node on.`);
        placeStored = false;
      } else {
        try {
          ({ revision } = await updateCoords.mutateAsync({ id: c.id, revision, ...nodeCoordsOfPercent(c.place, map) }));
        } catch (e) {
          placeStored = false;
          toast.failed(COORDS_FAILED, e);
        }
      }
    }
    if (c.rotationDeg !== null) {
      try {
        await updateRotation.mutateAsync({ id: c.id, revision, rotation: rotationOfDegrees(c.rotationDeg) });
      } catch (e) {
        rotationStored = false;
        toast.failed(ROTATION_FAILED, e);
      }
    }
    dispatch({ type: 'saved', placeStored, rotationStored });
  };
  const run = (c: NodeEditorCommand, dispatch: (e: NodeEditorEvent) => void) => {
    if (c.kind === 'save') {
      void save(c, dispatch);
      return;
    }
    // A tap outside editing goes to the node's scene and collapses the map.
    const target = placed.find((p) => p.node._id === c.id)?.node.minimap_node.tiles_id;
    if (target && target !== current) go({ node: target });
    setEnlarged(false);
  };
  const [stored, dispatch] = useMachine(perform, IDLE, run);
  // Editing happens on the enlarged map only: closing it, from here or from elsewhere, cancels.
  const editor = enlarged ? stored : IDLE;
  useEffect(() => {
    if (!enlarged) dispatch({ type: 'cancel' });
  }, [enlarged, dispatch]);
  useEscape(enlarged, () => (editModeOf(editor) === 'none' ? setEnlarged(false) : dispatch({ type: 'cancel' })));
  return { editor, dispatch };
}
