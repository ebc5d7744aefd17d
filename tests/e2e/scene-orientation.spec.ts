// Orientation on a generated labelled cube (our own pyramid, with ragged 488-px edge tiles): looking at each
// face straight on, its colour fills the screen and its top-left marker is at the top-left — the picture a
// person expects — and the whole screenshot matches the CPU reference.
import path from 'node:path';
import { FACE_COLOURS } from './helpers/generatedPyramid';
import { repoRoot } from './helpers/fixtures';
import {
  decodeScreenshot,
  loadLevelFaces,
  meanAbsError,
  projectView,
  type RawImage,
  saveComparison,
} from './helpers/referenceProjection';
import { sceneUrl, showView, waitStable } from './helpers/scenePage';
import { expect, test } from './helpers/sceneTest';

const S = 400;
const LEVELS = [
  { tileSize: 256, size: 256, fallbackOnly: true },
  { tileSize: 512, size: 512 },
  { tileSize: 512, size: 1000 },
];
const FACE_VIEWS = {
  f: [0, 0],
  r: [Math.PI / 2, 0],
  b: [Math.PI, 0],
  l: [-Math.PI / 2, 0],
  u: [0, -Math.PI / 2],
  d: [0, Math.PI / 2],
} as const;

function rgbAt(img: RawImage, fx: number, fy: number): [number, number, number] {
  // Average a 5×5 patch: robust to a single odd pixel.
  const cx = Math.round(fx * img.width);
  const cy = Math.round(fy * img.height);
  const sum = [0, 0, 0];
  for (let dy = -2; dy <= 2; dy++)
    for (let dx = -2; dx <= 2; dx++)
      for (let k = 0; k < 3; k++) sum[k]! += img.data[((cy + dy) * img.width + cx + dx) * img.channels + k]!;
  return sum.map((v) => v / 25) as [number, number, number];
}
const hex = (h: string) => [1, 3, 5].map((i) => parseInt(h.slice(i, i + 2), 16));
const near = (a: number[], b: number[], tol = 40) => a.every((v, i) => Math.abs(v - b[i]!) <= tol);

let cube: string;

test.describe('orientation on a labelled cube', () => {
  test.use({ viewport: { width: S, height: S }, deviceScaleFactor: 1 });
  test.beforeAll(async ({ scene }) => {
    cube = await scene.pyramid(LEVELS);
  });

  test('each face upright, unmirrored, where the convention puts it', async ({ page, scene }) => {
    await page.goto(
      sceneUrl(scene.origin, { manta: '/media/gen/', tiles: cube, levels: LEVELS, face: 1000, bg: '#ff00ff' }),
    );
    await waitStable(page);
    const faces = await loadLevelFaces(path.join(scene.genDir, cube), 2, LEVELS[2]!);
    const problems: string[] = [];
    for (const [face, [yaw, pitch]] of Object.entries(FACE_VIEWS)) {
      const shown = await showView(page, { yaw, pitch, fov: Math.PI / 2 });
      const shot = await decodeScreenshot(await page.screenshot());
      const colour = hex(FACE_COLOURS[face as keyof typeof FACE_COLOURS]);
      const white = [255, 255, 255];
      if (!near(rgbAt(shot, 0.55, 0.85), colour)) problems.push(`${face}: not its colour at the bottom`);
      if (!near(rgbAt(shot, 0.2, 0.2), white)) problems.push(`${face}: marker not at top-left`);
      if (near(rgbAt(shot, 0.8, 0.2), white)) problems.push(`${face}: marker mirrored to top-right`);
      if (near(rgbAt(shot, 0.2, 0.8), white)) problems.push(`${face}: marker flipped to bottom-left`);
      const ref = projectView(faces, shown, S, S);
      const err = meanAbsError(shot.data, ref);
      await saveComparison(
        path.join(repoRoot, 'test-results', 'scene-orientation', `${face}.png`),
        shot.data,
        ref,
        S,
        S,
      );
      if (err > 6) problems.push(`${face}: mean error ${err.toFixed(2)} against the reference`);
    }
    // A cube corner where three faces and the ragged edge tiles meet: continuous, and as the reference.
    const corner = await showView(page, { yaw: Math.PI / 4, pitch: -0.6155, fov: Math.PI / 2 });
    const shot = await decodeScreenshot(await page.screenshot());
    const ref = projectView(faces, corner, S, S);
    await saveComparison(
      path.join(repoRoot, 'test-results', 'scene-orientation', 'corner-f-r-u.png'),
      shot.data,
      ref,
      S,
      S,
    );
    const err = meanAbsError(shot.data, ref);
    if (err > 6) problems.push(`corner: mean error ${err.toFixed(2)} against the reference`);
    expect(problems).toEqual([]);
  });
});
