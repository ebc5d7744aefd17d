// The administrator's multi-site map (lazy: Konva loads only for administrators): the site map with every pin
// on a Konva canvas and the pin toolbar: Add site, Move (+ Save), Delete, Hide/Show, Change, Go to site,
// Cancel, New map, To Single Site. Deleting and hiding change the local list at once, whatever the server says.
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { Pin } from '../../../contract/api';
import { keys } from '../../api/queries/keys';
import { useCreatePin, useCreateSitemap, useDeletePin, usePins, useSitemap, useUpdatePin, useUpdatePinCoords, useUploadPinPreview } from '../../api/queries/pins';
import { usePatchAppConfig } from '../../api/queries/settings';
import { pinTarget, visiblePins } from '../../domain/pins';
import { EyeSlashIcon, MapIcon, PinIcon } from '../../ui/icons';
import { Spinner } from '../../ui/Spinner';
import { CrossIcon, EditIcon, EyeIcon, MoveIcon, SaveIcon, TrashIcon } from '../common/editorIcons';
import { PinCanvas } from './PinCanvas';
import { PinModal, type PinModalResult } from './PinModal';
import { SitemapModal } from './SitemapModal';
import { ADD_PIN_HINT, applyLocalPinChanges, defaultPinOf, newPinAt, type PinEditMode } from '../../domain/pinRules';
import '../editor.css';

export const ADD_PIN_FAILED = 'Error! Failed to Add Pin.';
export const PIN_IMAGE_FAILED = 'Error! Failed to Add Pin. - Image could not be uploaded to server';
export const PIN_UPDATE_FAILED = 'Could not update pin,';
export const PIN_DELETE_FAILED = 'Could not delete pin,';
export const PIN_COORDS_FAILED = 'Error! Failed to Update New Pin Coordinates';
export const SITEMAP_FAILED = 'Error! Failed to Upload a New Sitemap';
export const deleteQuestion = (name: string) => `Are you sure you want to delete ${name} from the map?`;

type ModalState = { kind: 'add'; pin: Pin } | { kind: 'edit'; pin: Pin } | { kind: 'sitemap' } | null;
const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e));

export default function AdminPinMap({ mapName, onMapChange }: { mapName: string; onMapChange: (name: string) => void }) {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const pinsQuery = usePins();
  const sitemap = useSitemap(mapName);
  const createPin = useCreatePin();
  const updatePin = useUpdatePin();
  const updateCoords = useUpdatePinCoords();
  const deletePin = useDeletePin();
  const uploadPreview = useUploadPinPreview();
  const createSitemap = useCreateSitemap();
  const patchConfig = usePatchAppConfig();

  const [mode, setMode] = useState<PinEditMode>('none');
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [deleted, setDeleted] = useState<ReadonlySet<string>>(new Set());
  const [patches, setPatches] = useState<ReadonlyMap<string, Partial<Pin>>>(new Map());
  const [moveDraft, setMoveDraft] = useState<{ id: string; x: number; y: number } | null>(null);
  const [modal, setModal] = useState<ModalState>(null);
  const [busy, setBusy] = useState(false);

  const pins = useMemo(() => {
    const local = applyLocalPinChanges(pinsQuery.data ?? [], deleted, patches);
    return visiblePins(local, mapName, true).map((p) => (moveDraft?.id === p._id ? { ...p, x: moveDraft.x, y: moveDraft.y } : p));
  }, [pinsQuery.data, deleted, patches, mapName, moveDraft]);
  const selected = pins.find((p) => p._id === selectedId) ?? null;

  const clear = () => { setMode('none'); setSelectedId(null); setMoveDraft(null); };
  const select = (pin: Pin | null) => {
    if (moveDraft && moveDraft.id !== pin?._id) setMoveDraft(null);
    setSelectedId(pin?._id ?? null);
  };
  const goTo = (pin: Pin) => {
    const t = pinTarget(pin);
    if (t.external) window.location.assign(t.url); else navigate(t.path);
  };
  const doDelete = (pin: Pin) => {
    setMode('none');
    if (!window.confirm(deleteQuestion(pin.name))) return;
    setDeleted((s) => new Set(s).add(pin._id));
    select(null);
    deletePin.mutate(pin._id, { onError: (e) => alert(`${PIN_DELETE_FAILED} ${messageOf(e)}`) });
  };
  const doToggle = (pin: Pin) => {
    setMode('none');
    const enabled = !pin.enabled;
    setPatches((m) => new Map(m).set(pin._id, { ...m.get(pin._id), enabled }));
    updatePin.mutate({ id: pin._id, body: { enabled } }, { onError: (e) => alert(messageOf(e)) });
  };
  const openEdit = (pin: Pin) => { select(pin); setMode('none'); setModal({ kind: 'edit', pin }); };

  const onPinTap = (pin: Pin) => {
    switch (mode) {
      case 'delete': return doDelete(pin);
      case 'hide': return doToggle(pin);
      case 'change': return openEdit(pin);
      case 'redirect': setMode('none'); return goTo(pin);
      case 'add': return;
      default: return select(pin);
    }
  };
  const onMapTap = (p: { x: number; y: number }) => {
    if (mode === 'add') {
      setMode('none');
      setModal({ kind: 'add', pin: newPinAt(p.x, p.y, mapName) });
      return;
    }
    select(null);
  };
  const onPinDrag = (id: string, p: { x: number; y: number }) => {
    if (mode !== 'move' || id !== selectedId) return;
    setMoveDraft({ id, x: p.x, y: p.y });
  };
  const saveMove = () => {
    if (!moveDraft) return;
    const d = moveDraft;
    updateCoords.mutate({ id: d.id, x: d.x, y: d.y }, {
      onSuccess: () => { setMoveDraft(null); setMode('none'); },
      onError: (e) => alert(`${PIN_COORDS_FAILED} ${messageOf(e)}`),
    });
  };
  const onSelectedOr = (m: PinEditMode, act: (p: Pin) => void) => () => {
    if (selected) act(selected); else { setMoveDraft(null); setMode(mode === m ? 'none' : m); }
  };

  const submitPin = async (r: PinModalResult) => {
    if (!modal || modal.kind === 'sitemap') return;
    const isNew = modal.kind === 'add';
    setBusy(true);
    try {
      let cover = modal.pin.cover_image;
      if (r.image) {
        try { cover = await uploadPreview.mutateAsync(r.image); } catch (e) {
          alert(isNew ? PIN_IMAGE_FAILED : `${PIN_UPDATE_FAILED} ${messageOf(e)}`);
          return;
        }
      }
      if (isNew) {
        try {
          const created = await createPin.mutateAsync({
            enabled: false, x: modal.pin.x, y: modal.pin.y, cover_image: cover, icon: r.icon, name: r.name, site_name: r.name,
            external_url: r.externalUrl, sitemap: mapName, site: '',
          });
          setSelectedId(created._id);
        } catch (e) { alert(`${ADD_PIN_FAILED} ${messageOf(e)}`); return; }
      } else {
        try {
          await updatePin.mutateAsync({ id: modal.pin._id, body: { name: r.name, icon: r.icon, external_url: r.externalUrl, ...(cover ? { cover_image: cover } : {}) } });
          setSelectedId(modal.pin._id);
        } catch (e) { alert(`${PIN_UPDATE_FAILED} ${messageOf(e)}`); return; }
      }
      setModal(null);
    } finally {
      setBusy(false);
    }
  };
  const submitSitemap = async ({ name, image }: { name: string; image: File }) => {
    setBusy(true);
    try {
      let created: { name: string };
      try {
        const url = await uploadPreview.mutateAsync(image);
        created = await createSitemap.mutateAsync({ name, image_url: url });
      } catch (e) { alert(`${SITEMAP_FAILED} ${messageOf(e)}`); return; }
      try { await createPin.mutateAsync(defaultPinOf(created.name)); } catch (e) { alert(`${ADD_PIN_FAILED} ${messageOf(e)}`); }
      await qc.invalidateQueries({ queryKey: keys.pins });
      void qc.invalidateQueries({ queryKey: keys.sitemaps });
      setModal(null);
      clear();
      onMapChange(created.name);
    } finally {
      setBusy(false);
    }
  };

  const hint = mode === 'add' ? ADD_PIN_HINT
    : mode === 'move' ? (selected ? `Drag ${selected.name} to its new place, then Save.` : 'Click the pin you want to move.')
    : mode === 'delete' ? 'Click the pin you want to delete.'
    : mode === 'hide' ? 'Click the pin you want to hide or show.'
    : mode === 'change' ? 'Click the pin you want to change.'
    : mode === 'redirect' ? 'Click the pin of the site to go to.'
    : selected ? `Selected: ${selected.name}` : 'Click a pin to select it.';
  const pressed = (m: PinEditMode) => mode === m;

  return (
    <div className="sitemap-wrap admin-pin-map">
      <div className="pin-toolbar" role="toolbar" aria-label="Pin editor">
        <button type="button" className="tool-button" aria-pressed={pressed('add')} onClick={() => { select(null); setMode(mode === 'add' ? 'none' : 'add'); }}><PinIcon /> Add site</button>
        <button type="button" className="tool-button" aria-pressed={pressed('move')} onClick={() => setMode(mode === 'move' ? 'none' : 'move')}><MoveIcon /> Move</button>
        {mode === 'move' && moveDraft ? (
          <button type="button" className="tool-button save" onClick={saveMove} disabled={updateCoords.isPending}><SaveIcon /> Save</button>
        ) : null}
        <button type="button" className="tool-button" aria-pressed={pressed('delete')} onClick={onSelectedOr('delete', doDelete)}><TrashIcon /> Delete</button>
        <button type="button" className="tool-button" aria-pressed={pressed('hide')} onClick={onSelectedOr('hide', doToggle)}>
          {selected && !selected.enabled ? <><EyeIcon /> Show</> : selected ? <><EyeSlashIcon /> Hide</> : <><EyeSlashIcon /> Hide/Show</>}
        </button>
        <button type="button" className="tool-button" aria-pressed={pressed('change')} onClick={onSelectedOr('change', openEdit)}><EditIcon /> Change</button>
        <button type="button" className="tool-button" aria-pressed={pressed('redirect')} onClick={onSelectedOr('redirect', goTo)}>Go to site</button>
        <button type="button" className="tool-button" onClick={clear}><CrossIcon /> Cancel</button>
        <span className="toolbar-gap" />
        <button type="button" className="tool-button" onClick={() => setModal({ kind: 'sitemap' })}><MapIcon /> New map</button>
        <button type="button" className="tool-button" disabled={patchConfig.isPending}
          onClick={() => patchConfig.mutate({ enableMultiSite: false }, { onSuccess: () => navigate('/'), onError: (e) => alert(e.message) })}>To Single Site</button>
      </div>
      <p className={`pin-hint${mode !== 'none' ? ' active' : ''}`} role="status">{hint}</p>
      <div className="admin-sitemap">
        {sitemap.isPending ? <Spinner label="Loading the map" /> : sitemap.data?.image_url ? (
          <PinCanvas imageUrl={sitemap.data.image_url} pins={pins} selectedId={selectedId} mode={mode}
            onPinTap={onPinTap} onMapTap={onMapTap} onPinDrag={onPinDrag} />
        ) : <div className="sitemap-empty">No map image.</div>}
      </div>
      <ul className="visually-hidden" aria-label="Pins on this map">
        {pins.map((p) => (
          <li key={p._id}>
            <button type="button" onClick={() => onPinTap(p)}>{p.name}{p.enabled ? '' : ' (Site Disabled)'}</button>
            <span data-pin-id={p._id}> at {p.x.toFixed(1)}% {p.y.toFixed(1)}%</span>
          </li>
        ))}
      </ul>
      {modal && modal.kind !== 'sitemap' ? (
        <PinModal key={modal.pin._id || 'new'} pin={modal.pin} isNew={modal.kind === 'add'} busy={busy} onClose={() => setModal(null)} onSubmit={(r) => void submitPin(r)} />
      ) : null}
      {modal?.kind === 'sitemap' ? <SitemapModal busy={busy} onClose={() => setModal(null)} onSubmit={(r) => void submitSitemap(r)} /> : null}
    </div>
  );
}
