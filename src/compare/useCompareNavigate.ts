// Writing the compare state into the URL: a new place (mode, date, scene, lock) is a history entry, so Back undoes
// it; the divider and the toggle's side replace the current entry. The viewer's own node may move in the same entry
// (a walk on the second side takes the first along).
import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { buildViewerSearch, parseViewerLink } from '../../contract/viewerLink';
import { type CompareState, buildCompareSearch, isNewPlace, parseCompare } from './compareState';

export function useCompareNavigate() {
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(
    (next: CompareState | null, opts: { node?: string; replace?: boolean } = {}) => {
      let search = buildCompareSearch(next, location.search);
      if (opts.node) {
        const link = parseViewerLink(search);
        search = buildViewerSearch({ ...link, node: opts.node, view: undefined }, search);
      }
      if (`?${search}` === location.search) return;
      const replace = opts.replace ?? (!opts.node && !isNewPlace(parseCompare(location.search), next));
      navigate({ pathname: location.pathname, search }, { replace });
    },
    [location.pathname, location.search, navigate],
  );
}
