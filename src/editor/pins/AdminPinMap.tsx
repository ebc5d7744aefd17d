// The administrator's multi-site map (lazy: Konva loads only for administrators): the site map with every pin
// on a Konva canvas and the pin toolbar: Add site, Move (+ Save), Delete, Hide/Show, Change, Go to site (usable with
// a pin selected), Cancel, New map, To Single Site. Deleting and hiding change the local list at once, whatever the server says.
// The editing rules are the pure machine of ./pinMap; this component renders its state, dispatches the clicks
// and carries out its commands (confirm, server calls, navigation).
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import type { Pin } from '../../../contract/api';
import {
  useCreatePin,
  useCreateSitemap,
  useDeletePin,
  usePins,
  useSitemap,
  useUpdatePin,
  useUpdatePinCoords,
  useUploadPinPreview,
} from '../../api/queries/pins';
import { usePatchAppConfig } from '../../api/queries/settings';
import { pinTarget } from '../../domain/pins';
import {
  CrossIcon,
  EditIcon,
  EyeIcon,
  EyeSlashIcon,
  MapIcon,
  MoveIcon,
  PinIcon,
  SaveIcon,
  TrashIcon,
} from '../../ui/icons';
import { Spinner } from '../../ui/Spinner';
import { askConfirm, errorMessage, toast } from '../../ui/notices/notices';
import { PinCanvas } from './PinCanvas';
import { PinModal, type PinModalResult } from './PinModal';
import { SitemapModal } from './SitemapModal';
import { ADD_PIN_HINT, defaultPinOf } from '../../domain/pinRules';
import { useMachine } from '../common/useMachine';
import { GuardedButton } from '../../ui/GuardedButton';
import {
  INITIAL_PIN_MAP,
  perform,
  pinHint,
  shownPins,
  toolbarBlock,
  type PinAction,
  type PinControl,
  type PinMapCommand,
  type PinMapEvent,
  type PinTool,
} from './pinMap';
import '../editor.css';

export const ADD_PIN_FAILED = 'Error! Failed to Add Pin.';
export const PIN_IMAGE_FAILED = 'Error! Failed to Add Pin. - Image could not be uploaded to server';
export const PIN_UPDATE_FAILED = 'Could not update pin,';
export const PIN_DELETE_FAILED = 'Could not delete pin,';
export const PIN_COORDS_FAILED = 'Error! Failed to Update New Pin Coordinates';
export const SITEMAP_FAILED = 'Error! Failed to Upload a New Sitemap';
export const deleteQuestion = (name: string) => `Are you sure you want to delete ${name} from the map?`;

export default function AdminPinMap({
  mapName,
  onMapChange,
}: {
  mapName: string;
  onMapChange: (name: string) => void;
}) {
  const navigate = useNavigate();
  const pinsQuery = usePins();
  const sitemap = useSitemap(mapName);
  const createPin = useCreatePin();
  const updatePin = useUpdatePin();
  const updateCoords = useUpdatePinCoords();
  const deletePin = useDeletePin();
  const uploadPreview = useUploadPinPreview();
  const createSitemap = useCreateSitemap();
  const patchConfig = usePatchAppConfig();

  const run = (c: PinMapCommand, dispatch: (e: PinMapEvent) => void) => {
    switch (c.kind) {
      case 'confirmDelete':
        void askConfirm({
          title: 'Delete pin',
          message: deleteQuestion(c.pin.name),
          confirmLabel: 'Delete',
          danger: true,
        }).then((yes) => yes && dispatch({ type: 'deleteConfirmed', pin: c.pin }));
        return;
      case 'delete':
        return deletePin.mutate(c.pin._id, { onError: (e) => toast.failed(PIN_DELETE_FAILED, e) });
      case 'setEnabled':
        return updatePin.mutate(
          { id: c.pin._id, body: { enabled: c.enabled } },
          { onError: (e) => toast.error(errorMessage(e)) },
        );
      case 'goTo': {
        const t = pinTarget(c.pin);
        if (t.external) window.location.assign(t.url);
        else navigate(t.path);
        return;
      }
      case 'saveCoords':
        return updateCoords.mutate(
          { id: c.draft.id, x: c.draft.x, y: c.draft.y },
          {
            onSuccess: () => dispatch({ type: 'moveSaved' }),
            onError: (e) => toast.failed(PIN_COORDS_FAILED, e),
          },
        );
    }
  };
  const [state, dispatch] = useMachine(perform, INITIAL_PIN_MAP, run);
  const { tool, selectedId, moveDraft, modal } = state;
  const [busy, setBusy] = useState(false);

  const pins = useMemo(() => shownPins(state, pinsQuery.data ?? [], mapName), [state, pinsQuery.data, mapName]);
  const selected = pins.find((p) => p._id === selectedId) ?? null;
  const onPinTap = (pin: Pin) => dispatch({ type: 'tapPin', pin });
  const onMapTap = (p: { x: number; y: number }) => dispatch({ type: 'tapMap', ...p, sitemap: mapName });
  const onPinDrag = (id: string, p: { x: number; y: number }) => dispatch({ type: 'drag', id, ...p });
  const action = (a: PinAction) => () => {
    if (selected) dispatch({ type: 'action', action: a, selected });
  };
  const blocked = (c: PinControl) => toolbarBlock(c, state, selected);

  const submitPin = async (r: PinModalResult) => {
    if (!modal || modal.kind === 'sitemap') return;
    const isNew = modal.kind === 'add';
    setBusy(true);
    try {
      let cover = modal.pin.cover_image;
      if (r.image) {
        try {
          cover = await uploadPreview.mutateAsync(r.image);
        } catch (e) {
          if (isNew) toast.error(PIN_IMAGE_FAILED);
          else toast.failed(PIN_UPDATE_FAILED, e);
          return;
        }
      }
      if (isNew) {
        try {
          const created = await createPin.mutateAsync({
            enabled: false,
            x: modal.pin.x,
            y: modal.pin.y,
            cover_image: cover,
            icon: r.icon,
            name: r.name,
            site_name: r.name,
            external_url: r.externalUrl,
            sitemap: mapName,
            site: '',
          });
          dispatch({ type: 'pinSaved', id: created._id });
        } catch (e) {
          toast.failed(ADD_PIN_FAILED, e);
          return;
        }
      } else {
        try {
          await updatePin.mutateAsync({
            id: modal.pin._id,
            body: { name: r.name, icon: r.icon, external_url: r.externalUrl, ...(cover ? { cover_image: cover } : {}) },
          });
          dispatch({ type: 'pinSaved', id: modal.pin._id });
        } catch (e) {
          toast.failed(PIN_UPDATE_FAILED, e);
          return;
        }
      }
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
      } catch (e) {
        toast.failed(SITEMAP_FAILED, e);
        return;
      }
      try {
        await createPin.mutateAsync(defaultPinOf(created.name));
      } catch (e) {
        toast.failed(ADD_PIN_FAILED, e);
      }
      dispatch({ type: 'sitemapCreated' });
      onMapChange(created.name);
    } finally {
      setBusy(false);
    }
  };

  const hint = pinHint(tool, selected, ADD_PIN_HINT);
  const pressed = (t: PinTool) => tool === t;

  return (
    <div className="sitemap-wrap admin-pin-map">
      <div className="pin-toolbar" role="toolbar" aria-label="Pin editor">
        <button
          type="button"
          className="tool-button"
          aria-pressed={pressed('add')}
          onClick={() => dispatch({ type: 'tool', tool: 'add' })}
        >
          <PinIcon /> Add site
        </button>
        <GuardedButton
          className="tool-button"
          aria-pressed={pressed('move')}
          blocked={blocked('move')}
          onClick={() => dispatch({ type: 'tool', tool: 'move' })}
        >
          <MoveIcon /> Move
        </GuardedButton>
        {tool === 'move' && moveDraft ? (
          <button
            type="button"
            className="tool-button save"
            onClick={() => dispatch({ type: 'saveMove' })}
            disabled={updateCoords.isPending}
          >
            <SaveIcon /> Save
          </button>
        ) : null}
        <GuardedButton className="tool-button" blocked={blocked('delete')} onClick={action('delete')}>
          <TrashIcon /> Delete
        </GuardedButton>
        <GuardedButton className="tool-button" blocked={blocked('hide')} onClick={action('hide')}>
          {selected && !selected.enabled ? (
            <>
              <EyeIcon /> Show
            </>
          ) : selected ? (
            <>
              <EyeSlashIcon /> Hide
            </>
          ) : (
            <>
              <EyeSlashIcon /> Hide/Show
            </>
          )}
        </GuardedButton>
        <GuardedButton className="tool-button" blocked={blocked('change')} onClick={action('change')}>
          <EditIcon /> Change
        </GuardedButton>
        <GuardedButton className="tool-button" blocked={blocked('redirect')} onClick={action('redirect')}>
          Go to site
        </GuardedButton>
        <GuardedButton className="tool-button" blocked={blocked('cancel')} onClick={() => dispatch({ type: 'cancel' })}>
          <CrossIcon /> Cancel
        </GuardedButton>
        <span className="toolbar-gap" />
        <button type="button" className="tool-button" onClick={() => dispatch({ type: 'openSitemapModal' })}>
          <MapIcon /> New map
        </button>
        <button
          type="button"
          className="tool-button"
          disabled={patchConfig.isPending}
          onClick={() =>
            // A promise, not mutate's own callbacks: they die with this page if it unmounts while the write
            // re-reads the settings.
            patchConfig.mutateAsync({ enableMultiSite: false }).then(
              () => navigate('/'),
              (e: Error) => toast.error(e.message),
            )
          }
        >
          To Single Site
        </button>
      </div>
      <p className={`pin-hint${tool !== 'none' ? ' active' : ''}`} role="status">
        {hint}
      </p>
      <div className="admin-sitemap">
        {sitemap.isPending ? (
          <Spinner label="Loading the map" />
        ) : sitemap.data?.image_url ? (
          <PinCanvas
            imageUrl={sitemap.data.image_url}
            pins={pins}
            selectedId={selectedId}
            mode={tool}
            onPinTap={onPinTap}
            onMapTap={onMapTap}
            onPinDrag={onPinDrag}
            keys={
              // The pins as buttons over their heads (the canvas takes the pointer): Tab reaches each, and
              // its focus ring shows on the map where the pin is.
              <ul aria-label="Pins on this map">
                {pins.map((p) => (
                  <li key={p._id}>
                    <button
                      type="button"
                      className="map-key pin-key"
                      style={{ left: `${p.x}%`, top: `${p.y}%` }}
                      onClick={() => onPinTap(p)}
                    >
                      {p.name}
                      {p.enabled ? '' : ' (Site Disabled)'}
                    </button>
                    <span className="visually-hidden" data-pin-id={p._id}>
                      {' '}
                      at {p.x.toFixed(1)}% {p.y.toFixed(1)}%
                    </span>
                  </li>
                ))}
              </ul>
            }
          />
        ) : (
          <div className="sitemap-empty">No map image.</div>
        )}
      </div>
      {modal && modal.kind !== 'sitemap' ? (
        <PinModal
          key={modal.pin._id || 'new'}
          pin={modal.pin}
          isNew={modal.kind === 'add'}
          busy={busy}
          onClose={() => dispatch({ type: 'closeModal' })}
          onSubmit={(r) => void submitPin(r)}
        />
      ) : null}
      {modal?.kind === 'sitemap' ? (
        <SitemapModal
          busy={busy}
          onClose={() => dispatch({ type: 'closeModal' })}
          onSubmit={(r) => void submitSitemap(r)}
        />
      ) : null}
    </div>
  );
}
