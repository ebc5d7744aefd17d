// The administrator's minimap (lazy: Konva loads only for administrators): the visitor minimap's behaviour
// (small or enlarged, nodes, view cone, click a node to go there) on a Konva canvas, plus the editor:
//   enlarged: Edit -> 'editing' the node on screen, with its form (or 'selecting', banner 'Select a Node to
//   Edit', when that node is not on this plan); choosing another node edits that one; drag the node or its
//   rotation handle, or type the numbers; Save persists
//   through the node routes and clears the selection; Cancel clears it; closing the enlarged map cancels.
//   while two dates are compared, the second side's scene too (CompareMarker);
//   small: floor name and tag with a Save control, and the floor-plan image (choose or drop, then Submit/Cancel).
// The edit flow is the pure machine of ./nodeEditor; this component renders its state, dispatches the taps and
// drags, and carries out its commands (go to a scene, store the node).
import { lazy, Suspense, useMemo, useRef } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import type { MinimapNodeEntry } from '../../../contract/api';
import { useMinimap, useMinimapFloors } from '../../api/queries/minimap';
import { useMinimapNodes, useUnplacedNodes } from '../../api/queries/surveys';
import { minimapEnlargedAtom, setMinimapEnlargedAtom, viewAtom } from '../../state/atoms';
import { coneHeadingDegrees, DEGREES_PER_RADIAN } from '../../domain/nodeRotation';
import { useViewerState } from '../../domain/viewer/ViewerStateContext';
import { toast } from '../../ui/notices/notices';
import { firstViewDoneAtom } from '../../state/firstView';
import { NodeEditForm } from './NodeEditForm';
import { draftOf, editModeOf, selectedIdOf } from './nodeEditor';
import { UnplacedTray } from './UnplacedTray';
import { unplacedHint } from './unplacedTray';
import { usePlaceScene } from './usePlaceScene';
import { placedOfScene, placeNodes, toDraft } from './placedNodes';
import { COORDS_FAILED, useMinimapNodeEditor } from './useMinimapNodeEditor';
import { useFloorPlanImage } from './useFloorPlanImage';
import { MinimapHeader } from './MinimapHeader';
import { NodeKeys } from './NodeKeys';
import { FloorAdmin } from './FloorAdmin';
import { CompareMarker } from '../../ui/minimap/CompareMarker';
import '../editor.css';

// The canvas (Konva, ~84 KB) loads once the viewer's first view is complete (or on the admin's first input),
// so it never competes with the first tiles; until then the plan shows as a plain image.
const MinimapCanvas = lazy(() => import('./MinimapCanvas').then((m) => ({ default: m.MinimapCanvas })));

export { COORDS_FAILED, ROTATION_FAILED } from './useMinimapNodeEditor';
export { isImageDrop, MINIMAP_IMAGE_FAILED } from './useFloorPlanImage';

export default function AdminMinimap() {
  const enlarged = useAtomValue(minimapEnlargedAtom);
  const canvasNow = useAtomValue(firstViewDoneAtom) || enlarged;
  const setEnlarged = useSetAtom(setMinimapEnlargedAtom);
  const view = useAtomValue(viewAtom);
  const { site, settings, floor, date, scene } = useViewerState();
  const plan = useMinimap(site, floor);
  const floors = useMinimapFloors(site);
  const nodes = useMinimapNodes(site, floor, date);
  // Read once the first view is complete (as the canvas loads): the small map says when scenes wait for a place.
  const unplaced = useUnplacedNodes(site, floor, date, canvasNow);
  const planBox = useRef<HTMLUListElement>(null);
  if (nodes.isError) console.error(nodes.error);

  const map = plan.data;
  const current = scene?.survey_node.tiles_id ?? null;
  const rotationOffset = settings.initial_settings.rotation_offset;
  const placed = useMemo(() => placeNodes(nodes.data ?? [], map), [nodes.data, map]);
  const { editor, dispatch } = useMinimapNodeEditor({ site, map, placed, current, enlarged, setEnlarged });
  const tray = usePlaceScene({
    site,
    map,
    unplaced: unplaced.data ?? [],
    // Whatever was being edited gives way to the scene just placed (as choosing another node does).
    edit: (d) => {
      dispatch({ type: 'cancel' });
      dispatch({ type: 'start', current: d });
    },
    fail: (message) => toast.error(`${COORDS_FAILED} ${message}`),
  });
  const image = useFloorPlanImage(site, floor, enlarged);
  if (!map) return null;

  const editMode = editModeOf(editor);
  const saving = editor.kind === 'saving';
  const selectedId = selectedIdOf(editor);
  const selected = placed.find((p) => p.node._id === selectedId) ?? null;
  const draft = selected ? draftOf(editor) : null;
  const mark = editor.kind === 'editing' || editor.kind === 'saving' ? editor.mark : null;
  const storedFloor = floors.data?.find((f) => f.floor === floor);
  const floorName = storedFloor?.floor_name || map.floor_name || `Floor ${floor}`;
  const pending = image.pending;
  const imageUrl = pending?.url ?? (enlarged && map.image_large_url ? map.image_large_url : map.image_url);
  const aspect = map.img_width > 0 && map.img_height > 0 ? map.img_width / map.img_height : 0;

  const onNodeTap = (n: MinimapNodeEntry) => {
    const p = placed.find((q) => q.node._id === n._id);
    if (p) dispatch({ type: 'tap', node: toDraft(p) });
  };
  const startEdit = () => {
    const cur = placedOfScene(placed, current);
    dispatch({ type: 'start', current: cur ? toDraft(cur) : null });
  };
  const cancelEdit = () => dispatch({ type: 'cancel' });

  const coneHeading = view
    ? coneHeadingDegrees(view.yaw, placedOfScene(placed, current)?.node.rotation ?? 0, rotationOffset)
    : null;
  const maxHeight = enlarged ? Math.round(window.innerHeight * 0.68) : 0;
  const trayShown = enlarged && !!imageUrl && !pending;
  // With cards to drag, the tray stands beside the plan where the screen is wide enough (editor.css), so a card
  // travels across to its place instead of up past the fold.
  const trayBeside = trayShown && (unplaced.data?.length ?? 0) > 0;
  const fallbackImage = <img src={imageUrl} alt="" className="minimap-image" draggable={false} />;

  return (
    <>
      {enlarged ? <div className="minimap-backdrop" onClick={() => setEnlarged(false)} aria-hidden="true" /> : null}
      <section
        className={`minimap admin-minimap${enlarged ? ' enlarged' : ''}${trayBeside ? ' with-tray' : ''}`}
        aria-label={`Minimap, ${floorName}`}
      >
        <MinimapHeader
          floorName={floorName}
          enlarged={enlarged}
          editor={editor}
          canEdit={placed.length > 0}
          canEnlarge={!!map.image_url || enlarged}
          onEdit={startEdit}
          dispatch={dispatch}
          setEnlarged={setEnlarged}
        />
        {enlarged && editMode === 'selecting' ? (
          <p className="minimap-banner" role="status">
            Select a Node to Edit
          </p>
        ) : null}
        {enlarged && editMode === 'editing' && selected ? (
          <p className="minimap-banner editing" role="status">
            Editing {selected.name}: drag it, turn its handle or type the values.
          </p>
        ) : null}
        <div className={`minimap-plan-row${trayBeside ? ' with-tray' : ''}`}>
          <div
            className={`minimap-plan${image.dropOver ? ' drop-over' : ''}`}
            {...image.dropHandlers}
            data-pending={pending ? 'true' : undefined}
          >
            {imageUrl && !canvasNow ? (
              fallbackImage
            ) : imageUrl ? (
              <Suspense fallback={fallbackImage}>
                <MinimapCanvas
                  imageUrl={imageUrl}
                  aspect={pending ? 0 : aspect}
                  maxHeight={maxHeight}
                  nodes={pending ? [] : placed}
                  currentId={current}
                  coneHeading={coneHeading}
                  enlarged={enlarged}
                  editMode={enlarged ? editMode : 'none'}
                  selectedId={selectedId}
                  draft={draft}
                  rotationOffsetDeg={rotationOffset * DEGREES_PER_RADIAN}
                  onNodeTap={onNodeTap}
                  onMove={(id, left, top) => dispatch({ type: 'move', id, left, top })}
                  onRotate={(id, deg) => dispatch({ type: 'rotate', id, deg })}
                />
              </Suspense>
            ) : (
              <p className="minimap-empty">No floor plan yet. Drop an image here or choose one.</p>
            )}
            {pending || !imageUrl ? null : (
              <NodeKeys
                placed={placed}
                listRef={planBox}
                aspect={aspect}
                selecting={enlarged && editMode !== 'none'}
                selectedId={selectedId}
                current={current}
                onTap={onNodeTap}
              />
            )}
            {pending || !imageUrl ? null : (
              <div
                className="map-keys minimap-node-keys"
                style={aspect > 0 ? { aspectRatio: aspect } : { width: '100%' }}
              >
                <CompareMarker site={site} floor={floor} map={map} rotationOffset={rotationOffset} />
              </div>
            )}
          </div>
          {trayShown ? (
            <UnplacedTray
              nodes={unplaced.data ?? []}
              mantaLink={scene?.survey_node.manta_link ?? null}
              planBox={planBox}
              place={tray.place}
              busy={tray.busy}
            />
          ) : null}
        </div>
        {enlarged && editMode === 'editing' && selected && draft && mark ? (
          <NodeEditForm
            name={selected.name}
            draft={draft}
            initial={mark}
            onChange={(d) => dispatch({ type: 'change', draft: d })}
            onSave={() => dispatch({ type: 'save' })}
            onCancel={cancelEdit}
            saving={saving}
          />
        ) : null}
        {!enlarged && unplaced.data?.length && map.image_url ? (
          <button type="button" className="minimap-unplaced-hint" onClick={() => setEnlarged(true)}>
            {unplacedHint(unplaced.data.length)}
          </button>
        ) : null}
        {!enlarged ? (
          <FloorAdmin
            site={site}
            floor={floor}
            storedName={storedFloor?.floor_name ?? map.floor_name}
            storedTag={storedFloor?.floor_tag ?? map.floor_tag}
            image={image}
          />
        ) : null}
      </section>
    </>
  );
}
