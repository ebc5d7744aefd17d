// Moving around the viewer: every change of site, floor, date or scene is a new history entry (so browser
// back walks back through scenes); view changes replace the current entry.
import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { ViewParameters } from '../../../contract/api';
import { buildViewerSearch, parseViewerLink, type ViewerLink } from '../../state/deepLink';

export interface ViewerMove { floor?: number; date?: string | null; node?: string | null; view?: Partial<ViewParameters> }

export function useViewerNavigate() {
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback((move: ViewerMove, opts: { replace?: boolean } = {}) => {
    const cur = parseViewerLink(location.search);
    const next: ViewerLink = { site: cur.site, floor: cur.floor, date: cur.date, node: cur.node };
    if (move.floor !== undefined && move.floor !== cur.floor) { next.floor = move.floor; next.node = undefined; }
    if (move.date !== undefined && move.date !== cur.date) { next.date = move.date ?? undefined; next.node = undefined; }
    if (move.node !== undefined) next.node = move.node ?? undefined;
    if (move.view) next.view = move.view;
    const search = buildViewerSearch(next, location.search);
    if (`?${search}` === location.search) return;
    navigate({ pathname: location.pathname, search }, { replace: opts.replace ?? false });
  }, [location.pathname, location.search, navigate]);
}
