// A viewer page whose shell the server drew (#root[data-shell], server/bootstrap/shellRenderer.ts): the page's
// first script draws the first picture into that shell's panorama box, with no React, and loads the app only once
// the opening tiles are in (before them, its scripts shared the link with them). The app then draws the same page
// over the shell and takes the drawing over (src/main.tsx). Three-free and React-free: part of the first script.
import type { FirstView } from '../contract/pageState';
import type { Viewport } from './scene/view';
import { afterStylesheets } from './overlay/viewer/panoramaBox';
import { afterParsed } from './scene/afterLinks';
import { pageStartup } from './scene/early';
import { keepShellPresses } from './shellPresses';
import { pageShell } from './shellFit';

/** The app comes by this long after the first script at the latest (a tile that never arrives must not hold it). */
const APP_DEADLINE_MS = 4000;

/** Only the build's own scripts (the server names it; anything else is not loaded). */
const APP_SCRIPT = /^\/assets\/[\w.-]+\.js$/;

/** Documents started (both of the page's entries call this; the first does it). */
const started = new WeakSet<Document>();

/** `fit`: the part of the panorama's box the first side opens in (pageFirstView.ts firstSideBox). */
export function startInShell(doc: Document, first: FirstView, fit: (vp: Viewport) => Viewport): void {
  const app = first.app;
  if (!app || !APP_SCRIPT.test(app) || started.has(doc)) return;
  started.add(doc);
  let asked = false;
  const loadApp = () => {
    if (asked) return;
    asked = true;
    performance.mark?.('shell:app-asked');
    // A failed load is the browser's to report (its request failed); the shell stays as drawn.
    import(/* @vite-ignore */ app).catch(() => undefined);
  };
  afterStylesheets(doc, () =>
    afterParsed(doc, () => {
      const root = pageShell(doc);
      // Not this window's shell (app.css hides it): the app draws the page, as without a shell (the inline starter
      // has asked for it already).
      if (!root) return loadApp();
      keepShellPresses(root);
      const host = root.querySelector<HTMLElement>('.panorama-host');
      if (!host || !root.hasAttribute('data-shell')) return;
      const win = doc.defaultView ?? window;
      const vp = { width: host.clientWidth, height: host.clientHeight, dpr: win.devicePixelRatio || 1 };
      pageStartup.draw({
        source: first.source,
        view: first.view,
        vp: fit(vp),
        host,
        mouseViewMode: host.dataset.mouseViewMode === 'qtvr' ? 'qtvr' : 'drag',
      });
    }),
  );
  void pageStartup.openingTiles.then(loadApp, loadApp);
  // The visitor acts: the app answers what the early drawing does not (panels, walking).
  for (const type of ['pointerdown', 'keydown', 'touchstart'] as const)
    doc.addEventListener(type, loadApp, { capture: true, passive: true, once: true });
  setTimeout(loadApp, APP_DEADLINE_MS);
}
