// The page's first script's entry to the renderer: three-free, so it runs before the engine (./index)
// loads. One call boots the early stage; the page passes the object it returns to <Panorama early={…}>.
import { EarlyStage, type EarlyStageOptions } from './earlyStage';

export { EarlyStage, type EarlyStageOptions };
export { requestOrientationPermission } from './deviceOrientation';

/**
 * Start a scene's first view now: its preview and tiles, the WebGL context, and (unless `draw` is false)
 * the early drawing of that view. The engine is asked for through `loadEngine`.
 */
export function bootEarlyStage(opts: EarlyStageOptions & { draw?: boolean }): EarlyStage {
  const stage = takePageStage(opts.source.tilesId) ?? new EarlyStage();
  stage.prefetch(opts.source, opts.view, opts.vp);
  stage.start(opts, { draw: opts.draw });
  return stage;
}

/** The stage the page's first script started (src/firstView.ts), until the viewer adopts it. */
let pageStage: { stage: EarlyStage; tilesId: string } | null = null;

/**
 * The page's first script: ask for a scene's first-view tiles now, before the app has loaded (the viewer adopts
 * these loads when it opens that scene). The preview is left to the page's preload and the viewer.
 */
export function prefetchPageScene(source: EarlyStageOptions['source'], view: EarlyStageOptions['view']): void {
  if (pageStage) return;
  const stage = new EarlyStage();
  // The viewer's panorama fills the window; if it turns out smaller, the viewer asks for what is missing.
  const vp = { width: innerWidth, height: innerHeight, dpr: devicePixelRatio || 1 };
  stage.prefetch(source, view, vp, { preview: false });
  pageStage = { stage, tilesId: source.tilesId };
}

/** The stage the first script started for this scene, once; null for another scene (its loads expire unused). */
function takePageStage(tilesId: string): EarlyStage | null {
  const p = pageStage;
  pageStage = null;
  return p && p.tilesId === tilesId ? p.stage : null;
}
