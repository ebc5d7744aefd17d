// The administrator's tour editor, a panel over the viewer (loaded only when it is opened): pick or create a tour,
// walk the viewer to a view and add it as a stop, reorder stops (buttons, or Alt+Arrow keys on a stop), set how
// long each is shown and its caption, remove stops, preview the draft, save and publish. The transitions are
// tourEditor.ts; this file does the I/O.
import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import { useAtomValue } from 'jotai';
import { ApiError } from '../../api/client';
import { askConfirm } from '../../ui/notices/notices';
import { useManagedTours, useTourWrite } from '../../api/queries/tours';
import { useViewerState } from '../../domain/viewer/ViewerStateContext';
import { panoramaAtom, viewAtom } from '../../state/atoms';
import { TOUR_CAPTION_MAX, TOUR_DWELL_MAX, TOUR_DWELL_MIN } from '../../../contract/tourLimits';
import type { Tour } from '../../../contract/tours';
import TourPlayer from '../../tours/TourPlayer';
import { useMachine } from '../common/useMachine';
import {
  canAddStop,
  draftTour,
  emptyEditor,
  perform,
  type TourEditorCommand,
  type TourEditorEvent,
} from './tourEditor';
import '../common/editorPanel.css';
import './tourEditor.css';

export default function TourEditor({ site, onClose }: { site: string; onClose: () => void }) {
  const tours = useManagedTours(site);
  const write = useTourWrite(site);
  const { scene } = useViewerState();
  const panorama = useAtomValue(panoramaAtom);
  const shownView = useAtomValue(viewAtom);
  const [chosen, setChosen] = useState<string | null>(null);
  const [state, dispatch] = useMachine(perform, emptyEditor, (c: TourEditorCommand, send) =>
    write.mutate(c, {
      onSuccess: (t) => {
        if (c.kind !== 'delete') return send({ type: 'done', tour: t as Tour });
        setChosen(null);
        send({ type: 'deleted' });
      },
      onError: (e) => send({ type: 'failed', message: e.message, stale: e instanceof ApiError && e.status === 409 }),
    }),
  );
  const askDelete = () =>
    void askConfirm({
      title: 'Delete tour',
      message: `Delete the tour "${state.name}" and its ${state.stops.length} stops? Visitors and kiosks can no longer play it.`,
      confirmLabel: 'Delete tour',
      danger: true,
    }).then((yes) => yes && dispatch({ type: 'delete' }));
  const [newName, setNewName] = useState('');
  const [preview, setPreview] = useState(false);
  const ids = useId();

  // The chosen tour as the server has it, once it is read (and again after a reload of a stale draft).
  const current = tours.data?.find((t) => t.id === chosen) ?? null;
  useEffect(() => {
    if (current && (state.tour?.id !== current.id || (!state.dirty && current.revision !== state.tour.revision)))
      dispatch({ type: 'load', tour: current });
  }, [current, state.tour, state.dirty, dispatch]);

  const create = () =>
    write.mutate(
      { kind: 'create', name: newName.trim() },
      {
        onSuccess: (t) => {
          setNewName('');
          setChosen((t as Tour).id);
          dispatch({ type: 'load', tour: t as Tour });
        },
        onError: (e) => dispatch({ type: 'failed', message: e.message, stale: false }),
      },
    );
  const addStop = () => {
    const v = panorama?.getView() ?? shownView;
    if (!scene || !v) return;
    dispatch({
      type: 'add',
      scene: scene.survey_node.tiles_id,
      title: scene.survey_node.title,
      yaw: v.yaw,
      pitch: v.pitch,
      fov: v.fov,
      floor: scene.floor,
      date: scene.date,
    });
  };
  const reload = async () => {
    const fresh = (await tours.refetch()).data?.find((t) => t.id === chosen);
    if (fresh) dispatch({ type: 'load', tour: fresh });
  };
  const onStopKey = (e: KeyboardEvent, index: number) => {
    if (!e.altKey || (e.key !== 'ArrowUp' && e.key !== 'ArrowDown')) return;
    e.preventDefault();
    dispatch({ type: 'move', index, by: e.key === 'ArrowUp' ? -1 : 1 });
  };
  const ev = (e: TourEditorEvent) => () => dispatch(e);

  return (
    <>
      <section className="editor-panel tour-editor-panel" aria-label="Tour editor">
        <header>
          <h2>Guided tours</h2>
          <button type="button" onClick={onClose}>
            Close tour editor
          </button>
        </header>
        <div className="tour-editor-row">
          <label htmlFor={`${ids}-pick`}>Tour</label>
          <select id={`${ids}-pick`} value={chosen ?? ''} onChange={(e) => setChosen(e.target.value || null)}>
            <option value="">Choose a tour…</option>
            {(tours.data ?? []).map((t) => (
              <option key={t.id} value={t.id}>
                {t.name}
                {t.published ? ' (published)' : ''}
              </option>
            ))}
          </select>
        </div>
        <form
          className="tour-editor-row"
          onSubmit={(e) => {
            e.preventDefault();
            if (newName.trim()) create();
          }}
        >
          <label htmlFor={`${ids}-new`}>New tour name</label>
          <input id={`${ids}-new`} value={newName} maxLength={200} onChange={(e) => setNewName(e.target.value)} />
          <button type="submit" disabled={!newName.trim() || write.isPending}>
            Create tour
          </button>
        </form>
        {state.tour ? (
          <>
            <div className="tour-editor-row">
              <label htmlFor={`${ids}-name`}>Tour name</label>
              <input
                id={`${ids}-name`}
                value={state.name}
                maxLength={200}
                onChange={(e) => dispatch({ type: 'rename', name: e.target.value })}
              />
            </div>
            <button type="button" onClick={addStop} disabled={!canAddStop(state) || !scene}>
              Add this view as a stop
            </button>
            <ol className="tour-stops" aria-label="Stops">
              {state.stops.map((s, i) => (
                <li
                  key={s.key}
                  className={s.problem ? 'broken' : undefined}
                  aria-current={state.selected === i ? 'true' : undefined}
                  onKeyDown={(e) => onStopKey(e, i)}
                >
                  <button type="button" className="tour-stop-pick" onClick={ev({ type: 'select', index: i })}>
                    {i + 1}. {s.title ?? s.scene}
                  </button>
                  {s.problem ? <p className="tour-stop-problem">Broken: {s.problem}</p> : null}
                  <span className="tour-stop-tools">
                    <button
                      type="button"
                      aria-label={`Move stop ${i + 1} up`}
                      disabled={i === 0}
                      onClick={ev({ type: 'move', index: i, by: -1 })}
                    >
                      ↑
                    </button>
                    <button
                      type="button"
                      aria-label={`Move stop ${i + 1} down`}
                      disabled={i === state.stops.length - 1}
                      onClick={ev({ type: 'move', index: i, by: 1 })}
                    >
                      ↓
                    </button>
                    <button
                      type="button"
                      aria-label={`Remove stop ${i + 1}`}
                      onClick={ev({ type: 'remove', index: i })}
                    >
                      ✕
                    </button>
                  </span>
                  {state.selected === i ? (
                    <div className="tour-stop-fields">
                      <label>
                        Seconds at this stop
                        <input
                          type="number"
                          min={TOUR_DWELL_MIN}
                          max={TOUR_DWELL_MAX}
                          value={s.dwell}
                          onChange={(e) => dispatch({ type: 'dwell', index: i, seconds: e.target.valueAsNumber })}
                        />
                      </label>
                      <label>
                        Caption (HTML)
                        <textarea
                          rows={3}
                          maxLength={TOUR_CAPTION_MAX}
                          value={s.caption}
                          onChange={(e) => dispatch({ type: 'caption', index: i, text: e.target.value })}
                        />
                      </label>
                    </div>
                  ) : null}
                </li>
              ))}
            </ol>
            <div className="tour-editor-actions">
              <button type="button" onClick={ev({ type: 'save' })} disabled={!state.dirty || state.busy}>
                Save tour
              </button>
              <button type="button" onClick={() => setPreview(true)} disabled={!state.stops.length}>
                Preview tour
              </button>
              <button
                type="button"
                onClick={ev({ type: 'publish', published: !state.tour.published })}
                disabled={state.dirty || state.busy}
                title={state.dirty ? 'Save the tour first' : undefined}
              >
                {state.tour.published ? 'Unpublish tour' : 'Publish tour'}
              </button>
              <button type="button" className="danger-button" onClick={askDelete} disabled={state.busy}>
                Delete tour
              </button>
            </div>
            <p className="tour-editor-status" role="status">
              {state.busy
                ? 'Saving…'
                : state.dirty
                  ? 'Unsaved changes'
                  : state.tour.published
                    ? 'Published'
                    : 'Saved, not published'}
            </p>
          </>
        ) : null}
        {state.error ? (
          <div role="alert" className="tour-editor-error">
            {state.error}{' '}
            {state.stale ? (
              <button type="button" onClick={() => void reload()}>
                Reload
              </button>
            ) : null}
          </div>
        ) : null}
      </section>
      {preview ? (
        <TourPlayer
          tour={draftTour(state)}
          startAt={state.selected ?? 0}
          mode="preview"
          onClose={() => setPreview(false)}
        />
      ) : null}
    </>
  );
}
