// The tiles an opening view draws, nearest the centre first: the level the renderer chooses for the view and the
// viewport (levelChoice.ts) and, of it, only the tiles on screen (visibleTiles.ts). One rule for the page's inline
// starter (src/firstTiles.ts), which asks for them while the page is still arriving, and the early loader, which
// then finds them already on their way.
import { chooseLevel } from './levelChoice';
import type { PyramidLevel } from './tileGrid';
import { type View, type Viewport, limitView } from './view';
import { visibleTiles } from './visibleTiles';
import { type TileSource, tileUrl } from '../../contract/tileUrls';

export type OpeningSource = TileSource & { levels: PyramidLevel[]; faceSize: number };

/** The addresses of the tiles `view` shows on `vp`, nearest the centre first; none for an empty viewport. */
export function openingTileUrls(source: OpeningSource, view: View, vp: Viewport): string[] {
  if (vp.width <= 0 || vp.height <= 0) return [];
  const v = limitView(view, source.faceSize, vp);
  const z = chooseLevel(source.levels, v.fov, vp);
  return visibleTiles(source.levels, z, v, vp).map(({ tile }) => tileUrl(source, tile));
}

/**
 * Opening tiles asked for at the browser's usual priority; the rest of the view's tiles go at low priority.
 * HTTP/1.1 gives a page six connections to our host, and the browser hands a freed one to the most urgent request
 * waiting: the page's own late requests (a lazy chunk, an API read) then go before the view's last tiles instead
 * of behind all of them. All are asked for at once, so no request waits for the main thread (busy with the app's
 * start on a slow device) to send it.
 */
export const URGENT_TILES = 4;
