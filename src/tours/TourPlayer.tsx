// The guided tour player over the viewer: shows one stop after the other, each for its dwell time. A stop in
// another scene is reached the way a followed link hotspot is (the viewer navigates, the panorama crossfades to
// the stop's view); a stop in the scene on screen turns the camera there. The caption sits on its own backdrop,
// readable over any picture, and is announced politely. Loaded only when a tour is played.
import { useEffect, useReducer, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useSetAtom } from 'jotai';
import type { Tour } from '../../contract/tours';
import { buildViewerSearch, parseViewerLink } from '../../contract/viewerLink';
import { movedLink } from '../domain/viewer/deepLink';
import { useViewerState } from '../domain/viewer/ViewerStateContext';
import { requestViewAtom } from '../state/atoms';
import { sanitizeHtml, useAllowExternalImages } from '../overlay/common/sanitize';
import { playerStep, startPlayer, stopLabel, type PlayerEvent, type PlayerState } from './tourPlayer';
import { withTourLink } from './tourLink';
import { publishTourHook } from './tourHook';
import './tours.css';

export interface TourPlayerProps {
  tour: Tour;
  /** The stop to open at (an index into the tour's stops). */
  startAt: number;
  /** visitor: its stop in the address, controls; kiosk: loops without controls; preview (the editor's draft):
   *  controls, the address keeps no tour (the draft is not published). */
  mode?: 'visitor' | 'kiosk' | 'preview';
  onClose: () => void;
}

export default function TourPlayer({ tour, startAt, mode = 'visitor', onClose }: TourPlayerProps) {
  const kiosk = mode === 'kiosk';
  const [state, dispatch] = useReducer(
    (s: PlayerState, e: PlayerEvent) => playerStep(s, e),
    null,
    () => startPlayer(tour.stops, startAt, { loop: kiosk }),
  );
  const { scene } = useViewerState();
  const location = useLocation();
  const navigate = useNavigate();
  const requestView = useSetAtom(requestViewAtom);
  const allowExternal = useAllowExternalImages();
  const stop = state.stop >= 0 ? tour.stops[state.stop] : null;

  // Arriving at a stop: another scene is a navigation (its view in the link), this scene a turn of the camera.
  // Only once the address names the scene on screen: until then the viewer's own deep-link sync writes it, and
  // would overwrite a navigation made before.
  const here = useRef({ scene: scene?.survey_node.tiles_id, search: location.search });
  here.current = { scene: scene?.survey_node.tiles_id, search: location.search };
  const settled = !!scene && parseViewerLink(location.search).node === scene.survey_node.tiles_id;
  const arrived = useRef(-1);
  useEffect(() => {
    if (!stop || !settled || arrived.current === state.stop) return;
    arrived.current = state.stop;
    const view = { yaw: stop.yaw, pitch: stop.pitch, fov: stop.fov };
    const { scene: shown, search } = here.current;
    const keep = withTourLink(search, mode === 'visitor' ? { tour: tour.id, stop: state.stop } : null);
    if (shown === stop.scene) {
      requestView({ view });
      if (`?${keep}` !== search) navigate({ pathname: location.pathname, search: keep }, { replace: true });
      return;
    }
    const link = movedLink(parseViewerLink(search), {
      floor: stop.floor ?? undefined,
      date: stop.date,
      node: stop.scene,
      view,
    });
    navigate({ pathname: location.pathname, search: buildViewerSearch(link, keep) }, { replace: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new stop (once the address is settled) moves the viewer
  }, [state.stop, settled]);

  // The stop's time runs while the tour plays; a new stop starts it again.
  useEffect(() => {
    if (!state.playing || !stop) return;
    const t = window.setTimeout(() => dispatch({ type: 'dwellDone' }), stop.dwell * 1000);
    return () => window.clearTimeout(t);
  }, [state.playing, state.stop, stop]);

  useEffect(() => publishTourHook(tour.id, state), [tour.id, state]);

  if (!stop)
    return (
      <div className="tour-player" role="region" aria-label={`Tour: ${tour.name}`}>
        <p className="tour-caption">This tour has no stop that can be shown.</p>
        <button type="button" className="tool-button" onClick={onClose}>
          End tour
        </button>
      </div>
    );
  return (
    <div className="tour-player" role="region" aria-label={`Tour: ${tour.name}`}>
      <div className="tour-caption" aria-live="polite">
        <p className="tour-stop-name">
          <span className="tour-name">{tour.name}</span> · {stopLabel(state)}
          {stop.title ? `: ${stop.title}` : ''}
        </p>
        {stop.caption ? (
          <div
            className="tour-caption-text"
            dangerouslySetInnerHTML={{ __html: sanitizeHtml(stop.caption, { allowExternalImages: allowExternal }) }}
          />
        ) : null}
      </div>
      {kiosk ? null : (
        <div className="tour-controls" role="toolbar" aria-label="Tour controls">
          <button type="button" className="tool-button" onClick={() => dispatch({ type: 'previous' })}>
            Previous stop
          </button>
          {state.playing ? (
            <button type="button" className="tool-button" onClick={() => dispatch({ type: 'pause' })}>
              Pause tour
            </button>
          ) : (
            <button type="button" className="tool-button" onClick={() => dispatch({ type: 'play' })}>
              Play tour
            </button>
          )}
          <button type="button" className="tool-button" onClick={() => dispatch({ type: 'next' })}>
            Next stop
          </button>
          <button type="button" className="tool-button" onClick={onClose}>
            End tour
          </button>
        </div>
      )}
    </div>
  );
}
