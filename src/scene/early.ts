// The renderer's entry for the page's start-up path: three-free, so the page's first script loads it long before
// the engine (./index). The page has one start-up path (PageStartup): the first script starts the first view's
// loads through it, the viewer draws and walks through it, and passes its stage to <Panorama early={…}>.
import { PageStartup } from './pageStartup';

export { type EarlyStage, type EarlyStageOptions } from './earlyStage';
export { type DrawOptions, PageStartup } from './pageStartup';
export { requestOrientationPermission } from './deviceOrientation';

/** The page's start-up path: one per page, whichever entry reaches it first. */
export const pageStartup = new PageStartup();
