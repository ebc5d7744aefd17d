// Keeps the URL naming exactly what is shown: the resolved scene (after the fallbacks) and the camera view are
// written into it with replace, the view 100 ms after it settles (not on the initial render). The URL is the
// only record of floor, date and node: the viewer state reads them from it.
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useAtomValue } from 'jotai';
import { multiSiteModeAtom, viewAtom } from '../../state/atoms';
import { buildViewerSearch, parseViewerLink } from '../../../contract/viewerLink';
import type { ViewerState } from '../../domain/viewer/useResolvedViewerState';

export const VIEW_CHANGE_DELAY_MS = 100;

export function useDeepLinkSync(state: ViewerState) {
  const location = useLocation();
  const navigate = useNavigate();
  const multiSite = useAtomValue(multiSiteModeAtom);
  const view = useAtomValue(viewAtom);
  const link = parseViewerLink(location.search);

  // A link naming a scene the survey does not have opens the survey's first scene instead.
  const sceneId = state.scene?.survey_node.tiles_id;
  const missing =
    !state.loading &&
    !!link.node &&
    state.scenes.length > 0 &&
    !state.scenes.some((s) => s.survey_node.tiles_id === link.node);
  useEffect(() => {
    if (missing) console.error('Scene not found');
  }, [missing]);

  // Resolved scene → URL (replace), so the link always names exactly what is shown.
  useEffect(() => {
    if (!sceneId || !state.date) return;
    // The address moved on since this render (Back pressed twice, a kiosk's next stop): writing what this render
    // resolved would put back the address just left; the render of the new one writes its own.
    if (window.location.search !== location.search || window.location.pathname !== location.pathname) return;
    const cur = parseViewerLink(location.search);
    const site = multiSite ? undefined : state.site;
    if (cur.site === site && cur.floor === state.floor && cur.date === state.date && cur.node === sceneId) return;
    const search = buildViewerSearch(
      {
        ...cur,
        site,
        floor: state.floor,
        date: state.date,
        node: sceneId,
        view: cur.node === sceneId ? cur.view : undefined,
      },
      location.search,
    );
    navigate({ pathname: location.pathname, search }, { replace: true });
  }, [sceneId, state.date, state.floor, state.site, multiSite, location.pathname, location.search, navigate]);

  // Camera view → URL (replace), delayed while the view is still moving.
  const first = useRef(true);
  useEffect(() => {
    if (!view || !sceneId) return;
    if (first.current) {
      first.current = false;
      return;
    }
    const t = window.setTimeout(() => {
      const cur = parseViewerLink(window.location.search);
      if (cur.node !== sceneId) return;
      const search = buildViewerSearch({ ...cur, view }, window.location.search);
      if (`?${search}` !== window.location.search)
        navigate({ pathname: window.location.pathname, search }, { replace: true });
    }, VIEW_CHANGE_DELAY_MS);
    return () => window.clearTimeout(t);
  }, [view, sceneId, navigate]);
}
