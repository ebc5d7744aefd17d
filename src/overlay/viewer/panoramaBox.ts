// The size the viewer's panorama will have, known before React has drawn the page: the page's first script makes
// the WebGL canvas at this size. Resizing a WebGL canvas waits for the GPU process; while that process composites
// the page's first frames on a software rasteriser, the wait held the main thread for up to a second, and the
// first picture with it.
// It is measured, not computed: an invisible copy of the shell's boxes (the same classes as SingleSiteView,
// ViewerPage and PanoramaSlot) under the page's own stylesheet. If the real page differs, the canvas is resized
// as before: this only makes the common case free.
import { sidebarStartsCollapsed } from '../../domain/layout';
import { afterLinks } from '../../scene/afterLinks';
import type { Viewport } from '../../scene/view';

/** Outermost first: the classes from the shell down to the panorama's host element. */
function skeleton(doc: Document, collapsed: boolean): { root: HTMLElement; host: HTMLElement } {
  const el = (cls: string, parent?: HTMLElement) => {
    const e = doc.createElement('div');
    e.className = cls;
    parent?.append(e);
    return e;
  };
  const root = el('shell');
  // Out of sight and of the way: positioned, hidden, inert; it lives for one layout.
  root.style.cssText = 'position:fixed;inset:0;visibility:hidden;pointer-events:none;contain:strict';
  root.setAttribute('aria-hidden', 'true');
  el(collapsed ? 'sidebar collapsed' : 'sidebar', root);
  const main = el('shell-main', root);
  const host = el('panorama-host', el('panorama-area', el('viewer', main)));
  return { root, host };
}

/** Where the box is in the window, CSS pixels: the first hotspots are placed there before the page has drawn it. */
export type PanoramaBox = Viewport & { left: number; top: number };

/** The panorama's box now, in CSS pixels, with the device's pixel ratio; null when the stylesheet has not
 *  applied (then nothing would be right). */
export function measurePanoramaBox(win: Window = window): PanoramaBox | null {
  const doc = win.document;
  if (!doc.body || pendingStylesheets(doc).length) return null;
  const { root, host } = skeleton(doc, sidebarStartsCollapsed(win.innerWidth, win.innerHeight));
  doc.body.append(root);
  // As PanoramaSlot reads its host (whole CSS pixels), so the two agree to the device pixel.
  const width = host.clientWidth;
  const height = host.clientHeight;
  const rect = host.getBoundingClientRect();
  const left = rect.left + host.clientLeft;
  const top = rect.top + host.clientTop;
  root.remove();
  if (width < 1 || height < 1) return null;
  return { width, height, dpr: win.devicePixelRatio || 1, left, top };
}

/** The page's stylesheets not loaded yet (a link's sheet is set once it has). */
function pendingStylesheets(doc: Document): HTMLLinkElement[] {
  return Array.from(doc.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')).filter((l) => !l.sheet);
}

/** Runs `fn` once the page's stylesheets have loaded (or failed): at once if they have. */
export function afterStylesheets(doc: Document, fn: () => void): void {
  afterLinks(pendingStylesheets(doc), fn);
}
