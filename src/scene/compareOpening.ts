// The boxes the two sides of a compare deep link open in, before the compare code has loaded: side by side, each
// its half of the panorama's box (the top and bottom halves when it is taller than wide), by the layout's own rule
// (compareLayout.ts); otherwise (no comparison, swipe, flip) each the whole box. Pure.
import { parseCompareLink } from '../../contract/compareLink';
import { sideDraws } from './compareLayout';

type Box = { width: number; height: number };

export function openingBoxes(box: Box, search: string): [Box, Box] {
  if (parseCompareLink(search)?.mode !== 'side') return [box, box];
  const [a, b] = sideDraws(box, { mode: 'side', divider: 0.5, shown: 0 });
  return [
    { width: a.viewport.width, height: a.viewport.height },
    { width: b.viewport.width, height: b.viewport.height },
  ];
}
