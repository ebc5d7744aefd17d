// Photo Sphere Viewer 5 with the cubemap-tiles adapter on the same Marzipano Tool tiles. PSV takes only a
// horizontal preview stripe, so it gets no preview (it shows tiles as they come), and its zoom is a 0-100
// level between minFov and maxFov, which we map from the benchmark's vertical fov.
import { Viewer } from '@photo-sphere-viewer/core';
import { CubemapTilesAdapter } from '@photo-sphere-viewer/cubemap-tiles-adapter';
import '@photo-sphere-viewer/core/index.css';
import { readPeerParams } from './peerParams';

const p = readPeerParams();
const faceName = { left: 'l', front: 'f', right: 'r', back: 'b', top: 'u', bottom: 'd' } as const;
const selectable = p.levels.map((l, z) => ({ ...l, z })).filter((l) => !l.fallbackOnly);
const MIN_FOV = 1;
const MAX_FOV = 150;
const zoomFor = (fovRad: number) => (100 * (MAX_FOV - (fovRad * 180) / Math.PI)) / (MAX_FOV - MIN_FOV);
const viewer = new Viewer({
  container: document.getElementById('pano')!,
  adapter: CubemapTilesAdapter,
  navbar: false,
  loadingTxt: '',
  minFov: MIN_FOV,
  maxFov: MAX_FOV,
  defaultZoomLvl: zoomFor(p.view.fov),
  defaultYaw: p.view.yaw,
  defaultPitch: -p.view.pitch,
  panorama: {
    levels: selectable.map((l) => ({ faceSize: l.size, nbTiles: Math.ceil(l.size / l.tileSize) })),
    tileUrl: (face: keyof typeof faceName, col: number, row: number, level: number) =>
      `${p.base}${selectable[level]!.z}/${faceName[face]}/${row}/${col}.jpg`,
    flipTopBottom: new URLSearchParams(location.search).get('flip') === '1',
  },
});
const handle = {
  stable: false,
  setView(v: { yaw: number; pitch: number; fov: number }) {
    viewer.rotate({ yaw: v.yaw, pitch: -v.pitch });
    viewer.zoom(zoomFor(v.fov));
  },
};
window.__peer = handle;
