// The first view the server wrote into the page (contract/pageState.ts), read by both of the page's entries: the
// first script (src/firstView.ts) and the app (src/main.tsx). Either may run first: on a repeat visit both come
// from the cache at once, and the deferred app script often goes before the async first script.
import { FIRST_VIEW_ID, type FirstView, isFirstView, isOpening, readDataBlock } from '../contract/pageState';
import { readPageHotspots } from '../contract/sceneHotspots';
import { afterStylesheets, measurePanoramaBox } from './overlay/viewer/panoramaBox';
import { avifAnnounced } from './scene/avifSupport';
import { openingBoxes } from './scene/compareOpening';
import { startBoxes } from './startBoxes';
import { pageStartup } from './scene/early';
import type { Viewport } from './scene/view';
import { startInShell } from './shellStart';

/** The page's first view, with what it announces taken in (the AVIF answer); null on a page without one. */
function takePageFirstView(doc: Document): FirstView | null {
  const first = readDataBlock(doc, FIRST_VIEW_ID);
  if (!isFirstView(first)) return null;
  // Before the probe's microtask: the probe's answer needs a task of the main thread, which the page's start keeps
  // busy for 200 ms and more, and its decode held the first view's decodes back by as long on a repeat visit.
  if (first.avif === true) avifAnnounced();
  return first;
}

/** The page is a compare deep link and names its second side (the server found its date and scene). */
export function pageNamesSecondSide(doc: Document = document): boolean {
  const first = readDataBlock(doc, FIRST_VIEW_ID);
  return isFirstView(first) && isOpening(first.compare);
}

/** The part of the panorama's box the first side opens in: its half on a compare deep link side by side whose second
 *  side the page names (so the compare code will place it beside), else the whole box. Same place in the window. */
export function firstSideBox<B extends { width: number; height: number }>(box: B, doc: Document = document): B {
  if (!pageNamesSecondSide(doc)) return box;
  const [a] = openingBoxes(box, doc.defaultView?.location.search ?? '');
  return { ...box, width: a.width, height: a.height };
}

/** The box the second side of a compare deep link opens in, as the inline starter planned its tiles (its half of
 *  the panorama's box by the layout's rule, side by side): the early loader then takes exactly the starter's
 *  requests. */
export function secondSideBox(win: Window): Viewport {
  return startBoxes(win.innerWidth, win.innerHeight, win.location.search, win.devicePixelRatio || 1)[1];
}

/**
 * Start the page's first view (its tiles and the WebGL context): once, by whichever entry runs
 * first. On a repeat visit that is often the app, and its start keeps the main thread for 150 ms and more.
 */
export function startPageFirstView(doc: Document): void {
  const first = takePageFirstView(doc);
  if (!first) return;
  const win = doc.defaultView ?? window;
  pageStartup.prefetchPage(
    first.source,
    first.view,
    () => {
      const box = measurePanoramaBox(win);
      return box && firstSideBox(box, doc);
    },
    (fn) => afterStylesheets(doc, fn),
    readPageHotspots(first.hotspots),
    (vp) => firstSideBox(vp, doc),
    isOpening(first.compare)
      ? { source: first.compare.source, view: first.compare.view, vp: secondSideBox(win) }
      : undefined,
  );
  startInShell(doc, first, (vp) => firstSideBox(vp, doc));
}
