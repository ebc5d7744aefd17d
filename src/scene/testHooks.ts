// Test hooks on window (window.__panorama): on for automated browsers (the end-to-end tests and the
// benchmark drive Chromium through Playwright, which sets navigator.webdriver) and in development; off for
// visitors of a production build. Decided at run time, so the tests and the bench use the production build.
import type { View } from './view';

export interface PanoramaTestHook {
  getView(): View;
  setView(v: View): void;
  lookTo(v: Partial<View>, ms?: number): Promise<void>;
  counters: {
    tilesRequested: number;
    tileBytes: number;
    cacheBytes: number;
    /** Every visible tile drawn (the engine's; the early stage leaves it out). */
    complete?: boolean;
    stable: boolean;
    previewReady: boolean;
    /** The early stage's: the tiles id of the scene its last frame drew. */
    scene?: string;
  };
  frames: number;
  /** Hotspot sprites in the engine's last drawn frame (the editor's markers are not the engine's). */
  hotspotsDrawn?: number;
}

declare global {
  interface Window {
    __panorama?: PanoramaTestHook;
    /** The second side of a comparison. */
    __panoramaB?: PanoramaTestHook;
    /** The comparison settings the stage draws with now (they reach it a render or two after the address), and the
     *  side a flip paints now (it turns on the first frame where that side is complete). */
    __compareStage?: { locked: boolean; mode: string; readonly shown: 0 | 1 };
  }
}

export type TestHookName = '__panorama' | '__panoramaB';

export function testHooksOn(): boolean {
  return import.meta.env?.DEV === true || (typeof navigator !== 'undefined' && navigator.webdriver === true);
}
