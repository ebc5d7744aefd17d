// Standalone panorama page (scene.html): one scene from the query string. Used by the end-to-end tests and
// the viewer benchmark, and handy for looking at a pyramid by itself.
// This entry is kept tiny on purpose: it starts the preview and first tiles downloading, then loads React
// and three.js, so the network and the big script download/parse overlap.
import { prefetchScene } from '../scene/earlyLoad';
import { readSceneParams } from './sceneParams';

const root = document.getElementById('root')!;
try {
  const params = readSceneParams(window.location.search);
  const view = { yaw: 0, pitch: 0, fov: Math.PI / 2, ...params.view };
  prefetchScene(params.scene, view, { width: root.clientWidth || innerWidth, height: root.clientHeight || innerHeight, dpr: devicePixelRatio || 1 });
  void import('./ScenePage').then(({ mountScenePage }) => mountScenePage(root, params));
} catch (e) {
  root.textContent = (e as Error).message;
  root.style.cssText += ';color:#fff;font:16px sans-serif;padding:16px';
}
