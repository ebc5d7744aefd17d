// The two scenes the localhost viewer benchmark and its diagnostics open (served by startStaticServer under
// the prefixes in `manta`): the real fixture export and the generated 4096 pyramid (bench/viewer.ts writes it).
import { FIXTURE_SCENE } from '../tests/e2e/helpers/fixtures';

export const GEN_4096 = {
  name: 'generated 4096',
  manta: '/media/gen/',
  tiles: 'big4096',
  levels: [
    { tileSize: 256, size: 256, fallbackOnly: true },
    ...[512, 1024, 2048, 4096].map((size) => ({ tileSize: 512, size })),
  ],
  face: 4096,
};

export const FIXTURE = {
  name: 'fixture (face 1000)',
  manta: '/media/tiles/',
  tiles: FIXTURE_SCENE.tilesId,
  levels: FIXTURE_SCENE.levels,
  face: FIXTURE_SCENE.faceSize,
};
