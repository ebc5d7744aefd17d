// Real photographs through the product's tiler, drawn by our renderer, held against two pictures made without
// any of our code: a CPU projection sampled straight from the source photo, and Marzipano drawing the photo as an
// equirect. Views where a tiler or renderer slip shows first: the zenith, the nadir, a cube corner, the ±180° seam.
import fs from 'node:fs';
import path from 'node:path';
import { equirectPhoto, missingFixtures } from '../fixtures';
import { decodeRgb, projectEquirect } from './helpers/equirectReference';
import { repoRoot } from './helpers/fixtures';
import { showMarzipanoView, writeMarzipanoEquirectPage } from './helpers/marzipanoEquirect';
import { upscaledPhoto, writePhotoPyramid } from './helpers/photoPyramid';
import { psnr, type Rgb } from './helpers/psnr';
import { decodeScreenshot, type RawImage, saveComparison } from './helpers/referenceProjection';
import { sceneUrl, showView } from './helpers/scenePage';
import { expect, test } from './helpers/sceneTest';

const W = 640;
const H = 360;
const DEG = Math.PI / 180;
const BG: Rgb = [255, 0, 255];
/** The fixtures (1024 wide) upscaled 4×: their detail then sits well under both the tiles' and the screen's
 *  sampling rate, so the figures measure where the photo lands (faces, seams, poles), not how two filters alias. */
const PHOTO_WIDTH = 4096;
const MIN_DB_REFERENCE = 38;
const MIN_DB_MARZIPANO = 35;
/** The same view turned by this much must score well under the thresholds, or they could not catch a slip. */
const WRONG_YAW = 5 * DEG;
const PHOTOS = ['courtyard', 'interior'];
// 60° high on a 360-px viewport: the renderer draws the 1024 level (1.6 texels per pixel), a usual view.
const views: Array<[string, { yaw: number; pitch: number; fov: number }]> = [
  ['zenith', { yaw: 0.3, pitch: -Math.PI / 2, fov: 60 * DEG }],
  ['nadir', { yaw: -2, pitch: Math.PI / 2, fov: 60 * DEG }],
  ['cube corner f/r/u', { yaw: Math.PI / 4, pitch: -0.6155, fov: 60 * DEG }],
  ['seam at 180°', { yaw: Math.PI, pitch: 0.1, fov: 60 * DEG }],
];

test.describe('a tiled photograph matches the source photo and Marzipano', () => {
  const missing = missingFixtures(...PHOTOS.map(equirectPhoto));
  test.skip(!!missing, missing ?? '');
  test.use({ viewport: { width: W, height: H }, deviceScaleFactor: 1 });

  for (const name of PHOTOS) {
    test(name, async ({ page, context, scene }) => {
      // The test's own output folder: Playwright empties it at the next run, and it is there to look at after a failure.
      const photo = await upscaledPhoto(equirectPhoto(name), PHOTO_WIDTH, test.info().outputPath(`${name}.jpg`));
      const tilesId = `photo-${name}`;
      const pyramid = await writePhotoPyramid(photo, path.join(scene.genDir, tilesId));
      fs.copyFileSync(photo, path.join(scene.genDir, `${name}.jpg`));
      const peerPage = writeMarzipanoEquirectPage(scene.genDir);
      const source: RawImage = await decodeRgb(photo);

      await page.goto(
        sceneUrl(scene.origin, {
          manta: '/media/gen/',
          tiles: tilesId,
          ...pyramid,
          face: pyramid.faceSize,
          bg: '#ff00ff',
        }),
      );
      const peer = await context.newPage();
      const bg = encodeURIComponent('#ff00ff');
      await peer.goto(`${scene.origin}/media/gen/${peerPage}?photo=${name}.jpg&width=${PHOTO_WIDTH}&bg=${bg}`);

      const failures: string[] = [];
      for (const [label, wanted] of views) {
        const shown = await showView(page, wanted);
        const ours = (await decodeScreenshot(await page.screenshot())).data;
        await showMarzipanoView(peer, shown);
        const theirs = (await decodeScreenshot(await peer.screenshot())).data;
        const reference = projectEquirect(source, shown, W, H);
        const vsReference = psnr(ours, reference, BG);
        const vsMarzipano = psnr(ours, theirs, BG);
        const peerVsReference = psnr(theirs, reference, BG);
        const turned = psnr(ours, projectEquirect(source, { ...shown, yaw: shown.yaw + WRONG_YAW }, W, H), BG);
        console.log(
          `${name}, ${label} (fov ${(shown.fov / DEG).toFixed(1)}°): ${vsReference.db.toFixed(1)} dB against the source photo, ` +
            `${vsMarzipano.db.toFixed(1)} dB against Marzipano (${(100 * vsMarzipano.judged).toFixed(1)}% of pixels ` +
            `drawn by both); Marzipano against the source photo ${peerVsReference.db.toFixed(1)} dB; ` +
            `turned ${WRONG_YAW / DEG}°: ${turned.db.toFixed(1)} dB`,
        );
        const file = (what: string) =>
          path.join(repoRoot, 'test-results', 'photo-reference', `${name}-${label.replace(/\W+/g, '-')}-${what}.png`);
        if (vsReference.db < MIN_DB_REFERENCE || vsReference.judged < 0.99) {
          failures.push(`${label}: ${vsReference.db.toFixed(1)} dB against the source photo`);
          await saveComparison(file('reference'), ours, reference, W, H);
        }
        if (vsMarzipano.db < MIN_DB_MARZIPANO || vsMarzipano.judged < 0.99) {
          failures.push(`${label}: ${vsMarzipano.db.toFixed(1)} dB against Marzipano`);
          await saveComparison(file('marzipano'), ours, theirs, W, H);
        }
        if (turned.db >= MIN_DB_MARZIPANO) failures.push(`${label}: a view turned ${WRONG_YAW / DEG}° would pass too`);
      }
      expect(failures).toEqual([]);
    });
  }
});
