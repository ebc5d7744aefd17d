// The administrator's "Edit hotspots" mode of the viewer (loaded only when it is switched on): the scene's
// hotspots as draggable markers over the panorama, and a panel to add, change, delete, undo and redo. Every change
// saves the whole set (hotspotEditor.ts); after each save the viewer's own reads are refreshed, so the hotspot
// list, the info panel and deep links follow at once.
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import type { SceneHotspots, SurveyScene, ViewParameters } from '../../../contract/api';
import { useViewerNavigate } from '../../domain/viewer/useViewerNavigate';
import { linkArrival } from '../../domain/viewer/linkArrival';
import { useMachine } from '../common/useMachine';
import { Modal } from '../../ui/Modal';
import {
  canRedo,
  canUndo,
  initialState,
  perform,
  type HotspotDraft,
  type HotspotEditorCommand,
  type HotspotEditorState,
  type LinkDraft,
  type HotspotEditorEvent,
} from './hotspotEditor';
import { loadSceneHotspots, saveSceneHotspots } from './hotspotApi';
import { HotspotMarkers } from './HotspotMarkers';
import { HotspotPanel } from './HotspotPanel';
import { TargetChooser } from './TargetChooser';
import { InfoForm } from './InfoForm';
import { useLiveView } from './useLiveView';
import { LandingPicker, type Arrival, type LandingPick } from './LandingPicker';
import { landingFromCamera } from './landingRules';
import { useUndoKeys } from './useUndoKeys';
import '../common/editorPanel.css';
import './hotspotEditor.css';

interface Props {
  site: string;
  scene: SurveyScene;
  /** The scenes a link may lead to (this survey's). */
  scenes: readonly SurveyScene[];
  onClose: () => void;
  /** After each save: re-read what the viewer shows of the site (the viewer's own write refresh). */
  onSaved: () => Promise<void>;
  /** The site's rotation offset: the viewer adds it to every stored view. */
  rotationOffset: number;
  /** Whether the scene is being edited (markers and panel shown), not its link's landing picked on the target:
   *  the viewer then hides its sprites and gives the panel room. */
  onEditing?: (editing: boolean) => void;
}

interface EditingProps extends Props {
  initial: HotspotEditorState;
  notice: string | null;
  /** Keeps each new state for a later return to this scene (answers of saves still out included). */
  remember: (state: HotspotEditorState) => void;
  /** A landing view picked on the target, to apply to its link here. */
  arrival: Arrival | null;
  onArrivalTaken: () => void;
  /** Show the link's target so its landing view can be picked there; `back` is the view to come back to. */
  onPreviewLanding: (link: LinkDraft, back: ViewParameters | undefined) => void;
}

export default function HotspotEditor(props: Props) {
  const tilesId = props.scene.survey_node.tiles_id;
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [error, setError] = useState<string | null>(null);
  // Each scene's editor state of this session: leaving a scene and coming back keeps its undo history.
  const sessions = useRef(new Map<string, HotspotEditorState>()).current;
  const [pick, setPick] = useState<LandingPick | null>(null);
  const [arrival, setArrival] = useState<Arrival | null>(null);
  const go = useViewerNavigate();
  const { onEditing } = props;
  useEffect(() => onEditing?.(!pick), [onEditing, pick]);
  useEffect(() => {
    let live = true;
    loadSceneHotspots(props.site, tilesId).then(
      (set) => live && setLoaded(resume(tilesId, set, sessions.get(tilesId))),
      (e: Error) => live && setError(e.message),
    );
    return () => {
      live = false;
    };
  }, [props.site, tilesId, sessions]);
  if (pick)
    return inViewerGrid(
      <LandingPicker
        pick={pick}
        onUse={(view) => {
          setArrival({ from: pick.from, key: pick.key, view: landingFromCamera(view, props.rotationOffset) });
          setPick(null);
          go({ node: pick.from, view: pick.back }, { replace: true });
        }}
        onCancel={() => {
          setPick(null);
          go({ node: pick.from, view: pick.back }, { replace: true });
        }}
      />,
    );
  if (loaded?.tilesId !== tilesId)
    return inViewerGrid(
      <section className="editor-panel hotspot-editor-panel" aria-label="Edit hotspots">
        <p role={error ? 'alert' : 'status'}>{error ?? 'Loading the hotspots…'}</p>
      </section>,
    );
  return (
    <Editing
      key={tilesId}
      {...props}
      initial={loaded.initial}
      notice={loaded.notice}
      remember={(state) => sessions.set(tilesId, state)}
      arrival={arrival?.from === tilesId ? arrival : null}
      onArrivalTaken={() => setArrival(null)}
      onPreviewLanding={({ key, target, view }, back) => {
        setPick({ from: tilesId, fromTitle: props.scene.survey_node.title, key, back });
        go(linkArrival({ target, view }, props.rotationOffset));
      }}
    />
  );
}

interface Loaded {
  tilesId: string;
  initial: HotspotEditorState;
  notice: string | null;
}

/** The editor of a scene as this session left it, when the server still has the set it last saw; else anew. */
function resume(tilesId: string, set: SceneHotspots, kept: HotspotEditorState | undefined): Loaded {
  if (kept?.revision === set.revision) return { tilesId, initial: kept, notice: null };
  const notice = kept ? 'This scene was changed elsewhere since you left it: its undo history starts again.' : null;
  return { tilesId, initial: initialState(set), notice };
}

/** The panel sits in the viewer's grid beside its other panels; the markers stay over the panorama. */
const inViewerGrid = (panel: ReactNode) => createPortal(panel, document.querySelector('.viewer') ?? document.body);

type Dialog =
  | { kind: 'link'; at: { yaw: number; pitch: number } }
  | { kind: 'retarget'; key: string }
  | { kind: 'info'; at: { yaw: number; pitch: number } }
  | { kind: 'delete'; key: string };

function Editing({
  site,
  scene,
  scenes,
  onClose,
  onSaved,
  initial,
  notice,
  remember,
  arrival,
  onArrivalTaken,
  onPreviewLanding,
}: EditingProps) {
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
  const performHere = useCallback(
    (s: HotspotEditorState, e: HotspotEditorEvent) => {
      const r = perform(s, e);
      remember(r.state);
      return r;
    },
    [remember],
  );
  const [state, dispatch] = useMachine(performHere, initial, run);
  // A landing view picked on the target: applied once, as one undoable change.
  const taken = useRef<Arrival | null>(null);
  useEffect(() => {
    if (!arrival || taken.current === arrival) return;
    taken.current = arrival;
    onArrivalTaken();
    dispatch({ type: 'select', key: arrival.key });
    dispatch({ type: 'edit', key: arrival.key, patch: { view: arrival.view } });
  }, [arrival, dispatch, onArrivalTaken]);
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
          onTurn={(key, rotation) => dispatch({ type: 'edit', key, patch: { rotation } })}
          onPlace={(yaw, pitch) => {
            setDialog(placing === 'link' ? { kind: 'link', at: { yaw, pitch } } : { kind: 'info', at: { yaw, pitch } });
            setPlacing(null);
          }}
        />
      ) : null}
      {inViewerGrid(
        <HotspotPanel
          site={site}
          tilesId={tilesId}
          drafts={state.present}
          selected={state.selected}
          status={state.status}
          revision={state.revision}
          notice={notice}
          placing={placing}
          canUndo={canUndo(state)}
          canRedo={canRedo(state)}
          titleOf={titleOf}
          onPlace={setPlacing}
          onSelect={(key) => dispatch({ type: 'select', key })}
          onEdit={(key, patch) => dispatch({ type: 'edit', key, patch })}
          onChooseTarget={(key) => setDialog({ kind: 'retarget', key })}
          onPreviewLanding={(key) => {
            const link = state.present.find((d): d is LinkDraft => d.key === key && d.kind === 'link');
            if (link) onPreviewLanding(link, view ?? undefined);
          }}
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
              ? (state.present.find((d): d is LinkDraft => d.key === dialog.key)?.target ?? null)
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
              dispatch({ type: 'add', hotspot: { kind: 'info', key: newKey(), ...dialog.at, ...v, image: '' } });
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
