// The page's inline starter: the server writes this script's text into the page right after the first view's data
// block (server/bootstrap/), so it runs while the rest of the HTML is still arriving, before any script file has
// been asked for. It sends the requests of the opening view's tiles; the early loader adopts them
// (src/scene/startedFetches.ts). Built on its own, as one classic script (vite.config.ts): it imports nothing at
// run time.
import { FIRST_VIEW_ID, isFirstView, isOpening, readDataBlock } from '../contract/pageState';
import { startBoxes } from './startBoxes';
import { URGENT_TILES, openingTileUrls } from './scene/openingTiles';
import { startFetches } from './scene/startedFetches';
import { SHELL_OFF, shellFits } from './shellFit';

const first = readDataBlock(document, FIRST_VIEW_ID);
// The server drew the shell for another screen than this window's (its guess from the request was wrong), or this
// browser is kept as a kiosk: it is hidden before the first paint, and the app, which draws the page instead, is
// asked for now, as a page without a shell names it.
if (isFirstView(first) && first.app && !shellFits(window, first.shellScreen)) {
  document.documentElement.dataset.shell = SHELL_OFF;
  for (const src of [first.app, ...(first.appImports ?? [])]) {
    const el = document.createElement(src === first.app ? 'script' : 'link');
    if (el instanceof HTMLScriptElement) Object.assign(el, { type: 'module', src, crossOrigin: '' });
    else Object.assign(el, { rel: 'modulepreload', href: src, crossOrigin: '' });
    document.head.append(el);
  }
}
// An AVIF copy only where the page request said the browser decodes it: otherwise the loader may want the JPEG.
if (isFirstView(first) && (first.source.format !== 'avif' || first.avif === true)) {
  // The panorama's box by the layout's rule: the stylesheet that places it has not arrived. The whole window asked
  // for tiles the box does not show (2 of 10 on a 1280x720 desktop). Should the box be wider (a page without the
  // sidebar), the early loader asks for what it adds once it measures it.
  const second = isOpening(first.compare) ? first.compare : null;
  const [a, b] = startBoxes(innerWidth, innerHeight, location.search, devicePixelRatio || 1);
  const urls = openingTileUrls(first.source, first.view, a);
  // A compare deep link: the second side's opening tiles go with the first side's, one of each in turn, so the two
  // pictures complete together.
  const bUrls = second ? openingTileUrls(second.source, second.view, b) : [];
  startFetches(interleave(urls, bUrls), second ? 2 * URGENT_TILES : URGENT_TILES);
}

function interleave(a: readonly string[], b: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < Math.max(a.length, b.length); i++)
    out.push(...(i < a.length ? [a[i]!] : []), ...(i < b.length ? [b[i]!] : []));
  return out;
}
