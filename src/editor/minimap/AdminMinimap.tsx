// The administrator's minimap (lazy: Konva loads only for administrators): the visitor minimap's behaviour
// (small or enlarged, nodes, view cone, click a node to go there) on a Konva canvas, plus the editor:
//   enlarged: Edit -> 'selecting' (banner 'Select a Node to Edit', the current node pre-selected); choosing a
//   node -> 'editing' with the form; drag the node or its rotation handle, or type the numbers; Save persists
//   through the node routes and clears the selection; Cancel clears it; closing the enlarged map cancels.
//   small: floor name and tag with a Save control, and the floor-plan image (choose or drop, then Submit/Cancel).
import { useMemo, useRef, useState, type DragEvent } from 'react';
import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { useQueryClient } from '@tanstack/react-query';
import type { MinimapNodeEntry } from '../../../contract/api';
import { useMinimap, useMinimapFloors, useUpdateNodeCoords, useUpdateNodeRotation, useUploadMinimapImage } from '../../api/queries/minimap';
import { useMinimapNodes } from '../../api/queries/surveys';
import { keys } from '../../api/queries/keys';
import { minimapEditModeAtom, minimapEnlargedAtom, selectedMinimapNodeAtom, setMinimapEnlargedAtom, viewAtom } from '../../state/atoms';
import { CloseIcon, ExpandIcon } from '../../ui/icons';
import { nodeCoordsOfPercent, nodePercent, roundPercent } from '../../domain/planGeometry';
import { coneHeadingDegrees, DEGREES_PER_RADIAN, degreesOfRotation, rotationOfDegrees } from '../../domain/nodeRotation';
import { useViewerState } from '../../domain/viewer/ViewerStateContext';
import { useViewerNavigate } from '../../domain/viewer/useViewerNavigate';
import { ImageIcon } from '../common/editorIcons';
import { MinimapCanvas, type NodeDraft, type PlacedNode } from './MinimapCanvas';
import { NodeEditForm, draftChanged } from './NodeEditForm';
import { FloorDetailsForm } from './FloorDetailsForm';
import '../editor.css';

export const COORDS_FAILED = 'Error! Failed to Update Node Coordinates';
export const ROTATION_FAILED = 'Error! Failed to Update Node Rotation';
export const MINIMAP_IMAGE_FAILED = 'Error! Failed to upload minimap image.';
export const isImageDrop = (f: File) => f.type.includes('image/');

const draftOf = (p: PlacedNode): NodeDraft => ({ id: p.node._id, left: roundPercent(p.left), top: roundPercent(p.top), rotationDeg: degreesOfRotation(p.node.rotation) });

export default function AdminMinimap() {
  const enlarged = useAtomValue(minimapEnlargedAtom);
  const setEnlarged = useSetAtom(setMinimapEnlargedAtom);
  const [editMode, setEditMode] = useAtom(minimapEditModeAtom);
  const [selectedId, setSelectedId] = useAtom(selectedMinimapNodeAtom);
  const view = useAtomValue(viewAtom);
  const { site, settings, floor, date, scene } = useViewerState();
  const plan = useMinimap(site, floor);
  const floors = useMinimapFloors(site);
  const nodes = useMinimapNodes(site, floor, date);
  const go = useViewerNavigate();
  const qc = useQueryClient();
  const updateCoords = useUpdateNodeCoords(site);
  const updateRotation = useUpdateNodeRotation(site);
  const uploadImage = useUploadMinimapImage(site);
  const fileInput = useRef<HTMLInputElement>(null);
  const [draft, setDraft] = useState<NodeDraft | null>(null);
  const [pending, setPending] = useState<{ file: File; url: string } | null>(null);
  const [dropOver, setDropOver] = useState(false);
  const [saving, setSaving] = useState(false);
  if (nodes.isError) console.error(nodes.error);

  const map = plan.data;
  const current = scene?.survey_node.tiles_id ?? null;
  const rotationOffset = settings.initial_settings.rotation_offset;
  const placed = useMemo<PlacedNode[]>(() => (map ? (nodes.data ?? []).map((node) => ({
    node, ...nodePercent(node, map), name: node.minimap_node.title || node.minimap_node.tiles_name,
  })) : []), [nodes.data, map]);
  if (!map) return null;

  const storedFloor = floors.data?.find((f) => f.floor === floor);
  const floorName = storedFloor?.floor_name || map.floor_name || `Floor ${floor}`;
  const selected = placed.find((p) => p.node._id === selectedId) ?? null;
  const initial = selected ? draftOf(selected) : null;
  const liveDraft = selected && draft?.id === selected.node._id ? draft : initial;
  const imageUrl = pending?.url ?? (enlarged && map.image_large_url ? map.image_large_url : map.image_url);
  const aspect = map.img_width > 0 && map.img_height > 0 ? map.img_width / map.img_height : 0;
  const canInvert = map.img_width > 0 && map.img_height > 0;

  const select = (n: MinimapNodeEntry) => {
    const p = placed.find((q) => q.node._id === n._id);
    setSelectedId(n._id);
    setDraft(p ? draftOf(p) : null);
    setEditMode('editing');
  };
  const startEdit = () => {
    const cur = placed.find((p) => p.node.minimap_node.tiles_id === current);
    setSelectedId(cur?.node._id ?? null);
    setDraft(cur ? draftOf(cur) : null);
    setEditMode('selecting');
  };
  const stopEdit = () => { setSelectedId(null); setDraft(null); setEditMode('none'); };
  const onNodeTap = (n: MinimapNodeEntry) => {
    if (enlarged && editMode !== 'none') { if (n._id !== selectedId || editMode === 'selecting') select(n); return; }
    if (n.minimap_node.tiles_id !== current) go({ node: n.minimap_node.tiles_id });
    setEnlarged(false);
  };
  const onMove = (id: string, left: number, top: number) => {
    if (id !== selectedId) return;
    setDraft((d) => ({ ...(d && d.id === id ? d : initial!), left: roundPercent(left), top: roundPercent(top) }));
    if (editMode === 'selecting') setEditMode('editing');
  };
  const onRotate = (id: string, deg: number) => {
    if (id !== selectedId) return;
    setDraft((d) => ({ ...(d && d.id === id ? d : initial!), rotationDeg: deg }));
    if (editMode === 'selecting') setEditMode('editing');
  };

  const save = async () => {
    if (!selected || !liveDraft || !initial || !draftChanged(liveDraft, initial)) return;
    setSaving(true);
    let ok = true;
    const id = selected.node._id;
    if (roundPercent(liveDraft.left) !== initial.left || roundPercent(liveDraft.top) !== initial.top) {
      if (!canInvert) { alert(`${COORDS_FAILED} The floor plan has no image size to place the node on.`); ok = false; }
      else {
        try {
          await updateCoords.mutateAsync({ id, ...nodeCoordsOfPercent({ left: liveDraft.left, top: liveDraft.top }, map) });
        } catch (e) { ok = false; alert(`${COORDS_FAILED} ${e instanceof Error ? e.message : String(e)}`); }
      }
    }
    if (liveDraft.rotationDeg !== initial.rotationDeg) {
      try {
        await updateRotation.mutateAsync({ id, rotation: rotationOfDegrees(liveDraft.rotationDeg) });
      } catch (e) { ok = false; alert(`${ROTATION_FAILED} ${e instanceof Error ? e.message : String(e)}`); }
    }
    setSaving(false);
    void qc.invalidateQueries({ queryKey: keys.site(site) });
    if (ok) stopEdit();
  };

  const chooseImage = (f: File | undefined) => {
    if (!f) return;
    if (pending) URL.revokeObjectURL(pending.url);
    setPending({ file: f, url: URL.createObjectURL(f) });
  };
  const cancelImage = () => { if (pending) URL.revokeObjectURL(pending.url); setPending(null); };
  const submitImage = () => {
    if (!pending) return;
    const p = pending;
    uploadImage.mutate({ floor, file: p.file }, {
      onError: (e) => alert(`${MINIMAP_IMAGE_FAILED} ${e.message}`),
      onSettled: () => { URL.revokeObjectURL(p.url); setPending(null); },
    });
  };
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDropOver(false);
    if (enlarged) return;
    const f = e.dataTransfer.files?.[0];
    if (f && isImageDrop(f)) chooseImage(f);
  };

  const coneHeading = view ? coneHeadingDegrees(view.yaw, placed.find((p) => p.node.minimap_node.tiles_id === current)?.node.rotation ?? 0, rotationOffset) : null;
  const maxHeight = enlarged ? Math.round(window.innerHeight * 0.68) : 0;

  return (
    <>
      {enlarged ? <div className="minimap-backdrop" onClick={() => setEnlarged(false)} aria-hidden="true" /> : null}
      <section className={`minimap admin-minimap${enlarged ? ' enlarged' : ''}`} aria-label={`Minimap, ${floorName}`}>
        <div className="minimap-header">
          <h2 className="minimap-title">{floorName}</h2>
          <div className="minimap-header-actions">
            {enlarged && editMode === 'none' && placed.length > 0 ? <button type="button" className="secondary-button small-button" onClick={startEdit}>Edit</button> : null}
            {enlarged && editMode === 'editing' ? (
              <button type="button" className="primary-button small-button" disabled={saving || !liveDraft || !initial || !draftChanged(liveDraft, initial)} onClick={() => void save()}>Save</button>
            ) : null}
            {enlarged && editMode !== 'none' ? <button type="button" className="secondary-button small-button" onClick={stopEdit} disabled={saving}>Cancel</button> : null}
            <button type="button" className="icon-button" onClick={() => setEnlarged(!enlarged)}
              aria-label={enlarged ? 'Close enlarged minimap' : 'Enlarge minimap'} aria-expanded={enlarged} disabled={!map.image_url && !enlarged}>
              {enlarged ? <CloseIcon /> : <ExpandIcon />}
            </button>
          </div>
        </div>
        {enlarged && editMode === 'selecting' ? <p className="minimap-banner" role="status">Select a Node to Edit</p> : null}
        {enlarged && editMode === 'editing' && selected ? (
          <p className="minimap-banner editing" role="status">Editing {selected.name}: drag it, turn its handle or type the values.</p>
        ) : null}
        <div className={`minimap-plan${dropOver ? ' drop-over' : ''}`} onDragOver={(e) => { if (!enlarged) { e.preventDefault(); setDropOver(true); } }}
          onDragLeave={() => setDropOver(false)} onDrop={onDrop} data-pending={pending ? 'true' : undefined}>
          {imageUrl ? (
            <MinimapCanvas imageUrl={imageUrl} aspect={pending ? 0 : aspect} maxHeight={maxHeight} nodes={pending ? [] : placed} currentId={current}
              coneHeading={coneHeading} enlarged={enlarged} editMode={enlarged ? editMode : 'none'} selectedId={selectedId} draft={liveDraft}
              rotationOffsetDeg={rotationOffset * DEGREES_PER_RADIAN} onNodeTap={onNodeTap} onMove={onMove} onRotate={onRotate} />
          ) : (
            <p className="minimap-empty">No floor plan yet. Drop an image here or choose one.</p>
          )}
        </div>
        <ul className="visually-hidden" aria-label="Nodes on this floor">
          {placed.map((p) => (
            <li key={p.node._id}>
              <button type="button" onClick={() => onNodeTap(p.node)} aria-pressed={enlarged && editMode !== 'none' ? p.node._id === selectedId : undefined}>
                {enlarged && editMode !== 'none' ? `Select ${p.name}` : p.node.minimap_node.tiles_id === current ? `${p.name} (you are here)` : `Go to ${p.name}`}
              </button>
              <span data-node-id={p.node._id}> at {roundPercent(p.left)}% {roundPercent(p.top)}%, rotation {degreesOfRotation(p.node.rotation)}°</span>
            </li>
          ))}
        </ul>
        {enlarged && editMode === 'editing' && selected && liveDraft && initial ? (
          <NodeEditForm name={selected.name} draft={liveDraft} initial={initial} onChange={setDraft} onSave={() => void save()} onCancel={stopEdit} saving={saving} />
        ) : null}
        {!enlarged ? (
          <details className="minimap-admin">
            <summary>Edit floor</summary>
            <FloorDetailsForm site={site} floor={floor} storedName={storedFloor?.floor_name ?? map.floor_name} storedTag={storedFloor?.floor_tag ?? map.floor_tag} />
            <div className="minimap-image-actions">
              <input ref={fileInput} type="file" accept="image/*" className="visually-hidden" aria-label="Choose a floor-plan image"
                onChange={(e) => { chooseImage(e.target.files?.[0]); e.target.value = ''; }} />
              {pending ? (
                <>
                  <button type="button" className="primary-button small-button" onClick={submitImage} disabled={uploadImage.isPending}>Submit</button>
                  <button type="button" className="secondary-button small-button" onClick={cancelImage} disabled={uploadImage.isPending}>Cancel</button>
                </>
              ) : (
                <button type="button" className="secondary-button small-button" onClick={() => fileInput.current?.click()}><ImageIcon /> Floor plan image</button>
              )}
            </div>
          </details>
        ) : null}
      </section>
    </>
  );
}
