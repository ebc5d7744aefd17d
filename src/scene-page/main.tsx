// Standalone panorama page (scene.html): one scene from the query string. Used by the end-to-end tests and
// the viewer benchmark, and handy for looking at a pyramid by itself.
// This entry is kept tiny on purpose: it boots the early stage (the preview and the first view's tiles,
// the WebGL context, and the first view drawn as tiles arrive). The engine (React, R3F, three.js) is asked
// for only once that view is complete, the visitor touches it, or a deadline passes, so its evaluation
// never competes with the first view; it then takes the canvas over where the stage left it.
import { pageStartup } from '../scene/early';
import { readSceneParams } from './sceneParams';

const root = document.getElementById('root')!;
try {
  const params = readSceneParams(window.location.search);
  const view = { yaw: 0, pitch: 0, fov: Math.PI / 2, ...params.view };
  const vp = {
    width: root.clientWidth || innerWidth,
    height: root.clientHeight || innerHeight,
    dpr: devicePixelRatio || 1,
  };
  const early = pageStartup.draw({
    source: params.scene,
    view,
    vp,
    host: document.body,
    loadEngine: () => void import('./ScenePage').then(({ mountScenePage }) => mountScenePage(root, params, early)),
    mouseViewMode: params.mode,
    // &early=0 skips the early drawing (the engine from the start), for comparisons with bench/diag.ts.
    draw: new URLSearchParams(location.search).get('early') !== '0',
  });
} catch (e) {
  root.textContent = (e as Error).message;
  root.style.cssText += ';color:#fff;font:16px sans-serif;padding:16px';
}
