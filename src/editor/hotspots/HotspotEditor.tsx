// The administrator's "Edit hotspots" mode of the viewer (loaded only when it is switched on): the scene's
// hotspots as draggable markers over the panorama, and a panel to add, change, delete, undo and redo. Every change
// saves the whole set (hotspotEditor.ts); after each save the viewer's own reads are refreshed, so the hotspot
// list, the info panel and deep links follow at once.
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import type { SceneHotspots, SurveyScene } from '../../../contract/api';
import { useMachine } from '../common/useMachine';
import { Modal } from '../../ui/Modal';
import {
  canRedo,
  canUndo,
  initialState,
  perform,
  type HotspotDraft,
  type HotspotEditorCommand,
  type HotspotEditorEvent,
} from './hotspotEditor';
import { loadSceneHotspots, saveSceneHotspots } from './hotspotApi';
import { HotspotMarkers } from './HotspotMarkers';
import { HotspotPanel } from './HotspotPanel';
import { TargetChooser } from './TargetChooser';
import { InfoForm } from './InfoForm';
import { useLiveView } from './useLiveView';
import { useUndoKeys } from './useUndoKeys';
import './hotspotEditor.css';

interface Props {
  site: string;
  scene: SurveyScene;
  /** The scenes a link may lead to (this survey's). */
  scenes: readonly SurveyScene[];
  onClose: () => void;
  /** After each save: re-read what the viewer shows of the site (the viewer's own write refresh). */
  onSaved: () => Promise<void>;
}

export default function HotspotEditor(props: Props) {
  const tilesId = props.scene.survey_node.tiles_id;
  const [loaded, setLoaded] = useState<{ tilesId: string; set: SceneHotspots } | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    loadSceneHotspots(props.site, tilesId).then(
      (set) => live && setLoaded({ tilesId, set }),
      (e: Error) => live && setError(e.message),
    );
    return () => {
      live = false;
    };
  }, [props.site, tilesId]);
  if (loaded?.tilesId !== tilesId)
    return inViewerGrid(
      <section className="hotspot-editor-panel" aria-label="Edit hotspots">
        <p role={error ? 'alert' : 'status'}>{error ?? 'Loading the hotspots…'}</p>
      </section>,
    );
  return <Editing key={tilesId} {...props} initial={loaded.set} />;
}

/** The panel sits in the viewer's grid beside its other panels; the markers stay over the panorama. */
const inViewerGrid = (panel: ReactNode) => createPortal(panel, document.querySelector('.viewer') ?? document.body);

type Dialog =
  | { kind: 'link'; at: { yaw: number; pitch: number } }
  | { kind: 'retarget'; key: string }
  | { kind: 'info'; at: { yaw: number; pitch: number } }
  | { kind: 'delete'; key: string };

function Editing({ site, scene, scenes, onClose, onSaved, initial }: Props & { initial: SceneHotspots }) {
  const tilesId = scene.survey_node.tiles_id;
  const run = useCallback(
    (c: HotspotEditorCommand, dispatch: (e: HotspotEditorEvent) => void) => {
      void saveSceneHotspots(site, tilesId, c.body).then(async (out) => {
        if (out.kind === 'saved') {
          dispatch({ type: 'saved', current: out.current, keys: c.keys });
          await onSaved();
        } else if (out.kind === 'conflict') dispatch({ type: 'conflict', message: out.message, current: out.current });
        else dispatch({ type: 'failed', message: out.message });
      });
    },
    [onSaved, site, tilesId],
  );
  const [state, dispatch] = useMachine(perform, initialState(initial), run);
  const [placing, setPlacing] = useState<'link' | 'info' | null>(null);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const view = useLiveView();
  const nextKey = useRef(0);
  const newKey = () => `new-${++nextKey.current}`;
  useUndoKeys(dispatch);

  const titles = useMemo(
    () => new Map(scenes.map((s) => [s.survey_node.tiles_id, s.survey_node.title || s.survey_node.tiles_name])),
    [scenes],
  );
  const titleOf = (d: HotspotDraft) =>
    d.kind === 'link' ? (titles.get(d.target) ?? d.target) : d.title || 'Information';
  const close = () => setDialog(null);

  return (
    <>
      {view ? (
        <HotspotMarkers
          drafts={state.present}
          selected={state.selected}
          view={view}
          titleOf={titleOf}
          placing={placing !== null}
          onSelect={(key) => dispatch({ type: 'select', key })}
          onMove={(key, yaw, pitch) => dispatch({ type: 'move', key, yaw, pitch })}
          onPlace={(yaw, pitch) => {
            setDialog(placing === 'link' ? { kind: 'link', at: { yaw, pitch } } : { kind: 'info', at: { yaw, pitch } });
            setPlacing(null);
          }}
        />
      ) : null}
      {inViewerGrid(
        <HotspotPanel
          drafts={state.present}
          selected={state.selected}
          status={state.status}
          revision={state.revision}
          placing={placing}
          canUndo={canUndo(state)}
          canRedo={canRedo(state)}
          titleOf={titleOf}
          onPlace={setPlacing}
          onSelect={(key) => dispatch({ type: 'select', key })}
          onEdit={(key, patch) => dispatch({ type: 'edit', key, patch })}
          onChooseTarget={(key) => setDialog({ kind: 'retarget', key })}
          onDelete={(key) => setDialog({ kind: 'delete', key })}
          onUndo={() => dispatch({ type: 'undo' })}
          onRedo={() => dispatch({ type: 'redo' })}
          onRetry={() => dispatch({ type: 'retry' })}
          onClose={onClose}
        />,
      )}
      {dialog?.kind === 'link' || dialog?.kind === 'retarget' ? (
        <TargetChooser
          scenes={scenes}
          from={tilesId}
          current={
            dialog.kind === 'retarget'
              ? (state.present.find((d): d is Extract<HotspotDraft, { kind: 'link' }> => d.key === dialog.key)
                  ?.target ?? null)
              : null
          }
          onClose={close}
          onChoose={(target) => {
            if (dialog.kind === 'retarget') dispatch({ type: 'edit', key: dialog.key, patch: { target } });
            else dispatch({ type: 'add', hotspot: { kind: 'link', key: newKey(), ...dialog.at, rotation: 0, target } });
            close();
          }}
        />
      ) : null}
      {dialog?.kind === 'info' ? (
        <Modal title="New information hotspot" onClose={close}>
          <InfoForm
            title=""
            text=""
            submitLabel="Add"
            onCancel={close}
            onSubmit={(v) => {
              dispatch({ type: 'add', hotspot: { kind: 'info', key: newKey(), ...dialog.at, ...v } });
              close();
            }}
          />
        </Modal>
      ) : null}
      {dialog?.kind === 'delete' ? (
        <Modal title="Delete this hotspot?" onClose={close}>
          <p>
            “{titleOf(state.present.find((d) => d.key === dialog.key) ?? state.present[0]!)}” goes for everyone. Undo
            brings it back.
          </p>
          <div className="form-actions">
            <button type="button" onClick={close}>
              Keep it
            </button>
            <button
              type="button"
              className="danger"
              onClick={() => {
                dispatch({ type: 'delete', key: dialog.key });
                close();
              }}
            >
              Delete
            </button>
          </div>
        </Modal>
      ) : null}
      {state.status.kind === 'conflict' ? (
        <Modal title="Someone else changed this scene" onClose={() => dispatch({ type: 'reload' })}>
          <p role="alert">{state.status.message}</p>
          <p>Your last change was not saved. Reload to see their version and continue from it.</p>
          <div className="form-actions">
            <button type="button" className="primary" onClick={() => dispatch({ type: 'reload' })}>
              Reload their version
            </button>
          </div>
        </Modal>
      ) : null}
    </>
  );
}
