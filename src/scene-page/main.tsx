// Standalone panorama page (scene.html): one scene from the query string. Used by the end-to-end tests and
// the viewer benchmark, and handy for looking at a pyramid by itself.
// This entry is kept tiny on purpose: it starts the preview and the first view's tiles, creates the WebGL
// context, and draws the first view itself as tiles arrive (the early stage). The engine (React, R3F,
// three.js) is asked for only once that view is complete, the visitor touches it, or a deadline passes, so
// its evaluation never competes with the first view; it then takes the canvas over where the stage left it.
import { prefetchScene, prepareContext } from '../scene/earlyLoad';
import { startEarlyStage } from '../scene/earlyStage';
import { readSceneParams } from './sceneParams';

const root = document.getElementById('root')!;
try {
  const params = readSceneParams(window.location.search);
  const view = { yaw: 0, pitch: 0, fov: Math.PI / 2, ...params.view };
  const vp = { width: root.clientWidth || innerWidth, height: root.clientHeight || innerHeight, dpr: devicePixelRatio || 1 };
  prefetchScene(params.scene, view, vp);
  prepareContext(vp);
  const loadEngine = () => void import('./ScenePage').then(({ mountScenePage }) => mountScenePage(root, params));
  // &early=0 skips the early stage (the engine from the start), for comparisons with bench/diag.ts.
  if (new URLSearchParams(location.search).get('early') === '0') loadEngine();
  else startEarlyStage({ source: params.scene, view, vp, host: document.body, loadEngine, mouseViewMode: params.mode });
} catch (e) {
  root.textContent = (e as Error).message;
  root.style.cssText += ';color:#fff;font:16px sans-serif;padding:16px';
}
