// Marzipano 0.10.2 set up exactly as the Marzipano Tool's exported index.js does (preview strip pinned,
// traditional limiter with the face size, 100°/120° caps), so the benchmark compares like with like.
// @ts-expect-error marzipano ships no types
import Marzipano from 'marzipano';
import { readPeerParams } from './peerParams';

const p = readPeerParams();
const viewer = new Marzipano.Viewer(document.getElementById('pano'), { controls: { mouseViewMode: 'drag' } });
const source = Marzipano.ImageUrlSource.fromString(`${p.base}{z}/{f}/{y}/{x}.jpg`, {
  cubeMapPreviewUrl: `${p.base}preview.jpg`,
});
const geometry = new Marzipano.CubeGeometry(p.levels);
const limiter = Marzipano.RectilinearView.limit.traditional(p.faceSize, (100 * Math.PI) / 180, (120 * Math.PI) / 180);
const view = new Marzipano.RectilinearView(p.view, limiter);
const scene = viewer.createScene({ source, geometry, view, pinFirstLevel: true });
// The scene's hotspots as the Tool's page adds them (DOM elements centred on their yaw and pitch), drawn as
// plain discs: the Tool's icon images would only add requests.
for (const h of p.hotspots) {
  const el = document.createElement('div');
  el.className = 'bench-hotspot';
  scene.hotspotContainer().createHotspot(el, h);
}
scene.switchTo();
const handle = {
  stable: false,
  setView(v: { yaw: number; pitch: number; fov: number }) {
    view.setParameters(v);
  },
  getView: () => ({ yaw: view.yaw() as number, pitch: view.pitch() as number, fov: view.fov() as number }),
};
window.__peer = handle;
viewer.stage().addEventListener('renderComplete', (stable: boolean) => {
  handle.stable = stable;
});
