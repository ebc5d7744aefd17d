// Standalone panorama page (scene.html): one scene from the query string. Used by the end-to-end tests and
// the viewer benchmark, and handy for looking at a pyramid by itself.
// This entry is kept tiny on purpose: it asks for the engine first (the longest path), then starts the
// preview and the first view's tiles, then creates the WebGL context while the engine downloads — so
// network, script download/compile and context creation overlap.
import { prefetchScene, prepareContext } from '../scene/earlyLoad';
import { readSceneParams } from './sceneParams';

const root = document.getElementById('root')!;
try {
  const params = readSceneParams(window.location.search);
  const view = { yaw: 0, pitch: 0, fov: Math.PI / 2, ...params.view };
  const page = import('./ScenePage');
  const vp = { width: root.clientWidth || innerWidth, height: root.clientHeight || innerHeight, dpr: devicePixelRatio || 1 };
  prefetchScene(params.scene, view, vp);
  // &ctx=none|idle|timeout: when to create the context (default now), for comparisons with bench/diag.ts.
  const mode = new URLSearchParams(location.search).get('ctx') ?? 'now';
  if (mode === 'now') prepareContext(vp);
  else if (mode === 'timeout') setTimeout(() => prepareContext(vp), 0);
  else if (mode === 'idle') requestIdleCallback(() => prepareContext(vp));
  void page.then(({ mountScenePage }) => mountScenePage(root, params));
} catch (e) {
  root.textContent = (e as Error).message;
  root.style.cssText += ';color:#fff;font:16px sans-serif;padding:16px';
}
