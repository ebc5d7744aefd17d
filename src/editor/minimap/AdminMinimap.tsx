// The administrator's minimap (lazy: Konva loads only for administrators): the visitor minimap's behaviour
// (small or enlarged, nodes, view cone, click a node to go there) on a Konva canvas, plus the editor:
//   enlarged: Edit -> 'editing' the node on screen, with its form (or 'selecting', banner 'Select a Node to
//   Edit', when that node is not on this plan); choosing another node edits that one; drag the node or its
//   rotation handle, or type the numbers; Save persists
//   through the node routes and clears the selection; Cancel clears it; closing the enlarged map cancels.
//   small: floor name and tag with a Save control, and the floor-plan image (choose or drop, then Submit/Cancel).
// The edit flow is the pure machine of ./nodeEditor; this component renders its state, dispatches the taps and
// drags, and carries out its commands (go to a scene, store the node).
import { lazy, Suspense, useEffect, useMemo, useRef, useState, type DragEvent } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import type { MinimapNodeEntry } from '../../../contract/api';
import {
  useMinimap,
  useMinimapFloors,
  useUpdateNodeCoords,
  useUpdateNodeRotation,
  useUploadMinimapImage,
} from '../../api/queries/minimap';
import { useMinimapNodes, useUnplacedNodes } from '../../api/queries/surveys';
import { minimapEnlargedAtom, setMinimapEnlargedAtom, viewAtom } from '../../state/atoms';
import { CloseIcon, ExpandIcon, ImageIcon } from '../../ui/icons';
import { nodeCoordsOfPercent, nodePercent, roundPercent } from '../../domain/planGeometry';
import {
  coneHeadingDegrees,
  DEGREES_PER_RADIAN,
  degreesOfRotation,
  rotationOfDegrees,
} from '../../domain/nodeRotation';
import { useViewerState } from '../../domain/viewer/ViewerStateContext';
import { useViewerNavigate } from '../../domain/viewer/useViewerNavigate';
import { useMachine } from '../common/useMachine';
import { useEscape } from '../../ui/useEscape';
import { toast } from '../../ui/notices/notices';
import type { PlacedNode } from './MinimapCanvas';
import { firstViewDoneAtom } from '../../state/firstView';
import { NodeEditForm } from './NodeEditForm';
import {
  canSave,
  draftOf,
  editModeOf,
  IDLE,
  perform,
  selectedIdOf,
  type NodeDraft,
  type NodeEditorCommand,
  type NodeEditorEvent,
} from './nodeEditor';
import { FloorDetailsForm } from './FloorDetailsForm';
import { UnplacedTray } from './UnplacedTray';
import { unplacedHint } from './unplacedTray';
import { usePlaceScene } from './usePlaceScene';
import '../editor.css';

// The canvas (Konva, ~84 KB) loads once the viewer's first view is complete (or on the admin's first input),
// so it never competes with the first tiles; until then the plan shows as a plain image.
const MinimapCanvas = lazy(() => import('./MinimapCanvas').then((m) => ({ default: m.MinimapCanvas })));

export const COORDS_FAILED = 'Error! Failed to Update Node Coordinates';
export const ROTATION_FAILED = 'Error! Failed to Update Node Rotation';
export const MINIMAP_IMAGE_FAILED = 'Error! Failed to upload minimap image.';
export const isImageDrop = (f: File) => f.type.includes('image/');

/** A placed node as the editor handles it (the form's precision: percent to two decimals, whole degrees). */
const toDraft = (p: PlacedNode): NodeDraft => ({
  id: p.node._id,
  left: roundPercent(p.left),
  top: roundPercent(p.top),
  rotationDeg: degreesOfRotation(p.node.rotation),
});

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
  const go = useViewerNavigate();
  const updateCoords = useUpdateNodeCoords(site);
  const updateRotation = useUpdateNodeRotation(site);
  const uploadImage = useUploadMinimapImage(site);
  const fileInput = useRef<HTMLInputElement>(null);
  const [pending, setPending] = useState<{ file: File; url: string } | null>(null);
  const [dropOver, setDropOver] = useState(false);
  if (nodes.isError) console.error(nodes.error);

  const map = plan.data;
  const current = scene?.survey_node.tiles_id ?? null;
  const rotationOffset = settings.initial_settings.rotation_offset;
  const placed = useMemo<PlacedNode[]>(
    () =>
      map
        ? (nodes.data ?? []).map((node) => ({
            node,
            ...nodePercent(node, map),
            name: node.minimap_node.title || node.minimap_node.tiles_name,
          }))
        : [],
    [nodes.data, map],
  );
  const canInvert = !!map && map.img_width > 0 && map.img_height > 0;

  /** Stores the changed parts one after the other, then tells the editor which of them are stored now. */
  const save = async (c: Extract<NodeEditorCommand, { kind: 'save' }>, dispatch: (e: NodeEditorEvent) => void) => {
    let placeStored = true,
      rotationStored = true;
    if (c.place) {
      if (!map || !canInvert) {
        toast.error(`${COORDS_FAILED} The floor plan has no image size to place the node on.`);
        placeStored = false;
      } else {
        try {
          await updateCoords.mutateAsync({ id: c.id, ...nodeCoordsOfPercent(c.place, map) });
        } catch (e) {
          placeStored = false;
          toast.failed(COORDS_FAILED, e);
        }
      }
    }
    if (c.rotationDeg !== null) {
      try {
        await updateRotation.mutateAsync({ id: c.id, rotation: rotationOfDegrees(c.rotationDeg) });
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
  // Editing happens on the enlarged map only: closing it, from here or from elsewhere, cancels.
  const editor = enlarged ? stored : IDLE;
  useEffect(() => {
    if (!enlarged) dispatch({ type: 'cancel' });
  }, [enlarged, dispatch]);
  // Escape steps back: out of an edit first, then out of the enlarged map.
  useEscape(enlarged, () => (editModeOf(editor) === 'none' ? setEnlarged(false) : dispatch({ type: 'cancel' })));
  if (!map) return null;

  const editMode = editModeOf(editor);
  const saving = editor.kind === 'saving';
  const selectedId = selectedIdOf(editor);
  const selected = placed.find((p) => p.node._id === selectedId) ?? null;
  const draft = selected ? draftOf(editor) : null;
  const mark = editor.kind === 'editing' || editor.kind === 'saving' ? editor.mark : null;
  const storedFloor = floors.data?.find((f) => f.floor === floor);
  const floorName = storedFloor?.floor_name || map.floor_name || `Floor ${floor}`;
  const imageUrl = pending?.url ?? (enlarged && map.image_large_url ? map.image_large_url : map.image_url);
  const aspect = map.img_width > 0 && map.img_height > 0 ? map.img_width / map.img_height : 0;

  const draftOfNode = (n: MinimapNodeEntry): NodeDraft | null => {
    const p = placed.find((q) => q.node._id === n._id);
    return p ? toDraft(p) : null;
  };
  const onNodeTap = (n: MinimapNodeEntry) => {
    const d = draftOfNode(n);
    if (d) dispatch({ type: 'tap', node: d });
  };
  const startEdit = () => {
    const cur = placed.find((p) => p.node.minimap_node.tiles_id === current);
    dispatch({ type: 'start', current: cur ? toDraft(cur) : null });
  };
  const cancelEdit = () => dispatch({ type: 'cancel' });
  const onMove = (id: string, left: number, top: number) => dispatch({ type: 'move', id, left, top });
  const onRotate = (id: string, deg: number) => dispatch({ type: 'rotate', id, deg });

  const chooseImage = (f: File | undefined) => {
    if (!f) return;
    if (pending) URL.revokeObjectURL(pending.url);
    setPending({ file: f, url: URL.createObjectURL(f) });
  };
  const cancelImage = () => {
    if (pending) URL.revokeObjectURL(pending.url);
    setPending(null);
  };
  const submitImage = () => {
    if (!pending) return;
    const p = pending;
    uploadImage.mutate(
      { floor, file: p.file },
      {
        onError: (e) => toast.failed(MINIMAP_IMAGE_FAILED, e),
        onSettled: () => {
          URL.revokeObjectURL(p.url);
          setPending(null);
        },
      },
    );
  };
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDropOver(false);
    if (enlarged) return;
    const f = e.dataTransfer.files?.[0];
    if (f && isImageDrop(f)) chooseImage(f);
  };

  const coneHeading = view
    ? coneHeadingDegrees(
        view.yaw,
        placed.find((p) => p.node.minimap_node.tiles_id === current)?.node.rotation ?? 0,
        rotationOffset,
      )
    : null;
  const maxHeight = enlarged ? Math.round(window.innerHeight * 0.68) : 0;
  const trayShown = enlarged && !!imageUrl && !pending;
  // With cards to drag, the tray stands beside the plan where the screen is wide enough (editor.css), so a card
  // travels across to its place instead of up past the fold.
  const trayBeside = trayShown && (unplaced.data?.length ?? 0) > 0;

  return (
    <>
      {enlarged ? <div className="minimap-backdrop" onClick={() => setEnlarged(false)} aria-hidden="true" /> : null}
      <section
        className={`minimap admin-minimap${enlarged ? ' enlarged' : ''}${trayBeside ? ' with-tray' : ''}`}
        aria-label={`Minimap, ${floorName}`}
      >
        <div className="minimap-header">
          <h2 className="minimap-title name-line" title={floorName}>
            {floorName}
          </h2>
          <div className="minimap-header-actions">
            {enlarged && editMode === 'none' && placed.length > 0 ? (
              <button type="button" className="secondary-button small-button" onClick={startEdit}>
                Edit
              </button>
            ) : null}
            {enlarged && editMode === 'editing' ? (
              <button
                type="button"
                className="primary-button small-button"
                disabled={!canSave(editor)}
                onClick={() => dispatch({ type: 'save' })}
              >
                Save
              </button>
            ) : null}
            {enlarged && editMode !== 'none' ? (
              <button type="button" className="secondary-button small-button" onClick={cancelEdit} disabled={saving}>
                Cancel
              </button>
            ) : null}
            <button
              type="button"
              className="icon-button"
              onClick={() => setEnlarged(!enlarged)}
              aria-label={enlarged ? 'Close enlarged minimap' : 'Enlarge minimap'}
              aria-expanded={enlarged}
              disabled={!map.image_url && !enlarged}
            >
              {enlarged ? <CloseIcon /> : <ExpandIcon />}
            </button>
          </div>
        </div>
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
            className={`minimap-plan${dropOver ? ' drop-over' : ''}`}
            onDragOver={(e) => {
              if (!enlarged) {
                e.preventDefault();
                setDropOver(true);
              }
            }}
            onDragLeave={() => setDropOver(false)}
            onDrop={onDrop}
            data-pending={pending ? 'true' : undefined}
          >
            {imageUrl && !canvasNow ? (
              <img src={imageUrl} alt="" className="minimap-image" draggable={false} />
            ) : imageUrl ? (
              <Suspense fallback={<img src={imageUrl} alt="" className="minimap-image" draggable={false} />}>
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
                  onMove={onMove}
                  onRotate={onRotate}
                />
              </Suspense>
            ) : (
              <p className="minimap-empty">No floor plan yet. Drop an image here or choose one.</p>
            )}
            {/* The nodes as buttons over the plan (the canvas takes the pointer): Tab reaches each, and its focus ring
            shows on the map where the node is. */}
            {pending || !imageUrl ? null : (
              <ul
                ref={planBox}
                className="map-keys minimap-node-keys"
                aria-label="Nodes on this floor"
                style={aspect > 0 ? { aspectRatio: aspect } : { width: '100%' }}
              >
                {placed.map((p) => (
                  <li key={p.node._id}>
                    <button
                      type="button"
                      className="minimap-node-key"
                      style={{ left: `${p.left}%`, top: `${p.top}%` }}
                      onClick={() => onNodeTap(p.node)}
                      aria-pressed={enlarged && editMode !== 'none' ? p.node._id === selectedId : undefined}
                    >
                      {enlarged && editMode !== 'none'
                        ? `Select ${p.name}`
                        : p.node.minimap_node.tiles_id === current
                          ? `${p.name} (you are here)`
                          : `Go to ${p.name}`}
                    </button>
                    <span className="visually-hidden" data-node-id={p.node._id}>
                      {' '}
                      at {roundPercent(p.left)}% {roundPercent(p.top)}%, rotation {degreesOfRotation(p.node.rotation)}°
                    </span>
                  </li>
                ))}
              </ul>
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
          <details className="minimap-admin">
            <summary>Edit floor</summary>
            <FloorDetailsForm
              site={site}
              floor={floor}
              storedName={storedFloor?.floor_name ?? map.floor_name}
              storedTag={storedFloor?.floor_tag ?? map.floor_tag}
            />
            <div className="minimap-image-actions">
              <input
                ref={fileInput}
                type="file"
                accept="image/*"
                className="visually-hidden"
                // The Floor plan image button is its keyboard stop (a hidden input would be an invisible one).
                tabIndex={-1}
                aria-label="Choose a floor-plan image"
                onChange={(e) => {
                  chooseImage(e.target.files?.[0]);
                  e.target.value = '';
                }}
              />
              {pending ? (
                <>
                  <button
                    type="button"
                    className="primary-button small-button"
                    onClick={submitImage}
                    disabled={uploadImage.isPending}
                  >
                    Submit
                  </button>
                  <button
                    type="button"
                    className="secondary-button small-button"
                    onClick={cancelImage}
                    disabled={uploadImage.isPending}
                  >
                    Cancel
                  </button>
                </>
              ) : (
                <button
                  type="button"
                  className="secondary-button small-button"
                  onClick={() => fileInput.current?.click()}
                >
                  <ImageIcon /> Floor plan image
                </button>
              )}
            </div>
          </details>
        ) : null}
      </section>
    </>
  );
}
