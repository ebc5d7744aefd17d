// A compare deep link whose second side the page names: that side is part of the first view, so the compare code
// that draws it is wanted once the opening tiles (both sides', sent together by the inline starter) are in, not
// once the first side's picture is complete. Waiting for that cost the second side the chunk's round trip and its
// mount after the first side had finished. Before the tiles are in, nothing else shares the link with them.
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { parseCompareLink } from '../../../contract/compareLink';
import { pageNamesSecondSide } from '../../pageFirstView';
import { pageStartup } from '../../scene/early';

export function useSecondSideEarly(): boolean {
  const { search } = useLocation();
  // Decided by the page as it opened: a comparison opened later waits for the first view as before.
  const [named] = useState(() => typeof document !== 'undefined' && pageNamesSecondSide(document));
  const asked = named && parseCompareLink(search) !== null;
  const [tilesIn, setTilesIn] = useState(false);
  useEffect(() => {
    if (!asked) return;
    let live = true;
    void pageStartup.openingTiles.then(() => live && setTilesIn(true));
    return () => {
      live = false;
    };
  }, [asked]);
  return asked && tilesIn;
}
