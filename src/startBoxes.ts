// The two sides' boxes as a page opens, from the window's size: the panorama's box by the layout's rule (the
// stylesheet that places it has not come), halved side by side on a compare deep link. The inline starter plans the
// opening tiles for them (firstTiles.ts) and the early loader takes those same tiles (pageFirstView.ts). Pure.
import { panoramaBoxAtStart } from './domain/layout';
import { openingBoxes } from './scene/compareOpening';
import type { Viewport } from './scene/view';

export function startBoxes(width: number, height: number, search: string, dpr: number): [Viewport, Viewport] {
  const [a, b] = openingBoxes(panoramaBoxAtStart(width, height), search);
  return [
    { ...a, dpr },
    { ...b, dpr },
  ];
}
