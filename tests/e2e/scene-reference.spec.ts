// The renderer's picture against a CPU projection of the same tile JPEGs, on the real fixture: at poles,
// cube corners, tile seams and several zooms the screenshot must match the reference closely.
import path from 'node:path';
import { FIXTURE_SCENE, fixtureMissing, repoRoot } from './helpers/fixtures';
import {
  decodeScreenshot,
  type FaceImages,
  fixtureFaces,
  levelForView,
  meanAbsError,
  projectView,
  saveComparison,
} from './helpers/referenceProjection';
import { sceneUrl, showView, waitStable } from './helpers/scenePage';
import { expect, test } from './helpers/sceneTest';

const W = 640;
const H = 360;
const DEG = Math.PI / 180;
/** Mean error (0-255 per channel) allowed: filtering and JPEG decoding differ slightly; a wrong face or
 *  mirror costs tens. Measured ~0.5 when right. */
const MAX_MEAN_ERROR = 3;

const views: Array<[string, { yaw: number; pitch: number; fov: number }]> = [
  ['ahead', { yaw: 0, pitch: 0, fov: 90 * DEG }],
  ['zenith', { yaw: 0.3, pitch: -Math.PI / 2, fov: 90 * DEG }],
  ['nadir', { yaw: -2, pitch: Math.PI / 2, fov: 80 * DEG }],
  ['cube corner f/r/u', { yaw: Math.PI / 4, pitch: -0.6155, fov: 70 * DEG }],
  ['cube corner b/l/d', { yaw: (-3 * Math.PI) / 4, pitch: 0.6155, fov: 60 * DEG }],
  ['tile seam, fully zoomed', { yaw: 0.001, pitch: 0.002, fov: 10 * DEG }],
  ['face edge l|b', { yaw: (-3 * Math.PI) / 4, pitch: 0, fov: 50 * DEG }],
  ['wide, behind', { yaw: 3.1, pitch: 0.4, fov: 100 * DEG }],
];

const levelFor = (fov: number) => levelForView(FIXTURE_SCENE.levels, fov, H);

let faces = new Map<number, FaceImages>();

test.describe('panorama matches the CPU reference on the real fixture', () => {
  const missing = fixtureMissing();
  test.skip(!!missing, missing ?? '');
  test.use({ viewport: { width: W, height: H }, deviceScaleFactor: 1 });

  test.beforeAll(async () => {
    faces = await fixtureFaces();
  });

  test('every view matches', async ({ page, scene }) => {
    await page.goto(
      sceneUrl(scene.origin, {
        manta: '/media/tiles/',
        tiles: FIXTURE_SCENE.tilesId,
        levels: FIXTURE_SCENE.levels,
        face: FIXTURE_SCENE.faceSize,
        bg: '#ff00ff',
      }),
    );
    await waitStable(page);
    const errors: string[] = [];
    for (const [name, wanted] of views) {
      const shown = await showView(page, wanted);
      const shot = await decodeScreenshot(await page.screenshot());
      const ref = projectView(faces.get(levelFor(shown.fov))!, shown, W, H);
      const err = meanAbsError(shot.data, ref);
      const file = path.join(repoRoot, 'test-results', 'scene-reference', `${name.replace(/\W+/g, '-')}.png`);
      await saveComparison(file, shot.data, ref, W, H);
      console.log(
        `${name}: fov ${(shown.fov / DEG).toFixed(1)}°, mean error ${err.toFixed(2)} (ours | reference in ${path.relative(repoRoot, file)})`,
      );
      if (err > MAX_MEAN_ERROR) errors.push(`${name}: mean error ${err.toFixed(2)}`);
      // The threshold means something only if a wrong picture fails it: the same view mirrored left-right must.
      const mirrored = projectView(faces.get(levelFor(shown.fov))!, { ...shown, yaw: -shown.yaw }, W, H);
      const flipped = Buffer.alloc(mirrored.length);
      for (let y = 0; y < H; y++)
        for (let x = 0; x < W; x++)
          mirrored.copy(flipped, (y * W + x) * 3, (y * W + (W - 1 - x)) * 3, (y * W + (W - 1 - x)) * 3 + 3);
      const wrong = meanAbsError(shot.data, flipped);
      if (wrong < 1.5 * MAX_MEAN_ERROR && Math.abs(Math.sin(shown.yaw)) > 0.2)
        errors.push(`${name}: a mirrored picture would pass too (${wrong.toFixed(2)})`);
    }
    expect(errors).toEqual([]);
  });
});
