// The page's first script's entry to the renderer: three-free, so it runs before the engine (./index)
// loads. One call boots the early stage; the page passes the object it returns to <Panorama early={…}>.
import { EarlyStage, type EarlyStageOptions } from './earlyStage';
import { afterPreload } from './preloadDone';
import { previewUrl } from '../../contract/tileUrls';
import type { Viewport } from './view';

export { EarlyStage, type EarlyStageOptions };
export { requestOrientationPermission } from './deviceOrientation';

/**
 * Start a scene's first view now: its preview and tiles, the WebGL context, and (unless `draw` is false)
 * the early drawing of that view. The engine is asked for through `loadEngine`.
 */
export function bootEarlyStage(opts: EarlyStageOptions & { draw?: boolean }): EarlyStage {
  const stage = takePageStage() ?? new EarlyStage();
  stage.prefetch(opts.source, opts.view, opts.vp);
  stage.start(opts, { draw: opts.draw });
  return stage;
}

/** The stage the page's first script started (src/firstView.ts), until the viewer adopts it. */
let pageStage: EarlyStage | null = null;

/**
 * The page's first script: ask for a scene's first-view tiles now, before the app has loaded, and make the WebGL
 * context while the link is still bringing them (the viewer adopts both when it opens its first scene). On a
 * software rasteriser a context made later, while the tiles decode, took over a second of the main thread.
 */
export function prefetchPageScene(
  source: EarlyStageOptions['source'],
  view: EarlyStageOptions['view'],
  panoramaBox: () => Viewport | null,
  afterStyles: (fn: () => void) => void,
): void {
  if (pageStage) return;
  const stage = new EarlyStage();
  // The preview is decoded now too, or the first picture waits for the app to ask for it (0.2-0.7 s later at
  // 10 Mbps). Once the page's preload of it is done: a fetch of a preload still in flight may lose its body. Asked
  // before the tiles: on a repeat visit the preload is done already, and the decodes go in the order asked.
  afterPreload(previewUrl(source), () => stage.prefetchPreview(source));
  // The tiles are asked for now, for the panorama's box if the stylesheet already tells it, else for the whole
  // window (a superset); the viewer asks for anything missing when it mounts.
  const box = panoramaBox();
  const vp = box ?? { width: innerWidth, height: innerHeight, dpr: devicePixelRatio || 1 };
  stage.prefetch(source, view, vp, { preview: false });
  // The context is made at the panorama's size, so the viewer never resizes it (see panoramaBox); without the
  // stylesheet yet, once it has come.
  if (box) stage.prepare(box);
  else afterStyles(() => stage.prepare(panoramaBox() ?? vp));
  pageStage = stage;
}

/** The stage the first script started, once. For another scene than the script's, its context still serves
 *  (its tiles expire unused). */
function takePageStage(): EarlyStage | null {
  const p = pageStage;
  pageStage = null;
  return p;
}
