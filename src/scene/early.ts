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
  const stage = new EarlyStage();
  stage.prefetch(opts.source, opts.view, opts.vp);
  stage.start(opts, { draw: opts.draw });
  return stage;
}
