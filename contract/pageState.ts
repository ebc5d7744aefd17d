// A page's first-load state: the server puts the API answers a page's first view needs into its HTML as a JSON
// data block (server/bootstrap/), each under the query key the client reads it by (contract/queryKeys.ts), and
// the client seeds them into its query cache before the first render (src/api/bootstrap.ts). Pure and zod-free:
// the first-view bundle imports it.

import type { ViewAngles } from './initialView.ts';
import type { SceneHotspot } from './sceneHotspots.ts';
import type { TileSource } from './tileUrls.ts';

/** The data block's id. */
export const BOOTSTRAP_ID = 'bootstrap';

/** A query key as the block carries it (the values of contract/queryKeys.ts). */
export type PageQueryKey = readonly (string | number | null)[];

/**
 * The scene a viewer page opens and the view it opens at, for the page's first script (src/firstView.ts): it asks
 * for that view's tiles before the app has loaded, and for its preview once the page's preload of it is done.
 */
export interface FirstView {
  source: TileSource & {
    levels: Array<{ tileSize: number; size: number; fallbackOnly?: boolean }>;
    faceSize: number;
  };
  view: ViewAngles;
  /** The scene's hotspots (contract/sceneHotspots.ts, bounded by pageHotspots): shown before the app has read the
   *  survey details. Read with readPageHotspots. */
  hotspots?: SceneHotspot[];
  /** A compare deep link's second side, when the link names its scene: its tiles and the view it opens at (the
   *  first side's, turned by the two nodes' rotations on the plan). The starter asks for its opening tiles too. */
  compare?: Pick<FirstView, 'source' | 'view'>;
  /** The page request's Accept named image/avif: the browser decodes AVIF, its tiles need not wait for the
   *  page's own probe of that (src/scene/avifSupport.ts). Absent: unknown. */
  avif?: true;
  /** The server drew the viewer's shell into the page (`#root[data-shell]`): the app's entry script, which the page
   *  does not name itself; the first script loads it once the opening tiles are in. */
  app?: string;
  /** The app's script's imports (with `app`): a window the shell is not drawn for loads them at once (src/firstTiles.ts). */
  appImports?: string[];
  /** With `app`: the window the server drew the shell for (absent: a desktop with a mouse). */
  shellScreen?: ShellScreen;
}

/** What of a window the app's first render depends on: its layout class (src/domain/layout.ts viewportClass) and
 *  whether it offers the motion button (src/hasMotion.ts). The server's shell is drawn for one; a page whose window
 *  is another hides it (src/shellFit.ts). */
export interface ShellScreen {
  layout: 'desktop' | 'phone-upright' | 'phone-sideways';
  motion: boolean;
}

/** A desktop window with a mouse: the shell the server draws when the request says nothing else. */
export const DESKTOP_SCREEN: ShellScreen = { layout: 'desktop', motion: false };

/** The data block's value: [query key, data] pairs, in the order the client asks. */
export interface PageState {
  v: 1;
  queries: Array<[PageQueryKey, unknown]>;
}

/** The id of the first view's data block, in <head> before the script that reads it (which may run before the body
 *  is parsed). */
export const FIRST_VIEW_ID = 'first-view';

/** The value of a page's JSON data block `id` (server/bootstrap/bootstrapHtml.ts); null when absent or unreadable. */
export function readDataBlock(doc: Document, id: string): unknown {
  const text = doc.getElementById(id)?.textContent;
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

const finite = (x: unknown) => typeof x === 'number' && Number.isFinite(x);

/** Whether `x` has the shape of a FirstView (anything else: the first script does nothing); its `compare` is
 *  checked the same way (isOpening) where it is read. */
export function isFirstView(x: unknown): x is FirstView {
  return isOpening(x);
}

/** Whether `x` names a scene's tiles and a view: a first view, or its second side. */
export function isOpening(x: unknown): x is Pick<FirstView, 'source' | 'view'> {
  const f = x as FirstView | undefined;
  return (
    typeof f?.source?.mantaLink === 'string' &&
    typeof f.source.tilesId === 'string' &&
    finite(f.source.faceSize) &&
    Array.isArray(f.source.levels) &&
    f.source.levels.every((l) => finite(l?.tileSize) && l.tileSize > 0 && finite(l.size) && l.size > 0) &&
    finite(f.view?.yaw) &&
    finite(f.view.pitch) &&
    finite(f.view.fov)
  );
}

/** Whether a parsed block has the shape of a PageState (anything else is ignored: the client then fetches). */
export const isPageState = (x: unknown): x is PageState =>
  typeof x === 'object' &&
  x !== null &&
  (x as PageState).v === 1 &&
  Array.isArray((x as PageState).queries) &&
  (x as PageState).queries.every((q) => Array.isArray(q) && q.length === 2 && Array.isArray(q[0]));
