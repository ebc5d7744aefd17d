// Moving around the viewer: every change of site, floor, date or scene is a new history entry (so browser
// back walks back through scenes); view changes replace the current entry.
import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { buildViewerSearch, parseViewerLink } from '../../../contract/viewerLink';
import { movedLink, type ViewerMove } from './deepLink';

export type { ViewerMove } from './deepLink';

export function useViewerNavigate() {
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(
    (move: ViewerMove, opts: { replace?: boolean } = {}) => {
      const search = buildViewerSearch(movedLink(parseViewerLink(location.search), move), location.search);
      if (`?${search}` === location.search) return;
      navigate({ pathname: location.pathname, search }, { replace: opts.replace ?? false });
    },
    [location.pathname, location.search, navigate],
  );
}
