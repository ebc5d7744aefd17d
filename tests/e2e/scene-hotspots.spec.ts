// Hotspots sit where the data says (the fixture's info hotspot, projected by the convention), answer a
// click, and no background pixel shows while the view races around with slow tiles (no holes).
import { FIXTURE_SCENE, fixtureMissing } from './helpers/fixtures';
import { decodeScreenshot, magentaPixels, type RawImage } from './helpers/referenceProjection';
import { sceneUrl, showView, waitStable } from './helpers/scenePage';
import { expect, type Scene, test } from './helpers/sceneTest';
import { projectToView, type ViewParams } from './helpers/viewProjection';

const W = 800;
const H = 450;
// From the fixture's data.js (scene 0).
const INFO = { kind: 'info', id: 'i1', yaw: 1.4350435962661763, pitch: -0.21685035476755132, title: 'test' };
const LINK = { kind: 'link', id: 'l1', yaw: 0.7983597499999533, pitch: 0, rotation: 0, label: 'prism_uat_newfield2' };

/** Where a yaw/pitch lands on screen for a view, from the convention (independent of src/scene). */
const project = (h: { yaw: number; pitch: number }, v: ViewParams) => projectToView(h, v, W, H)!;

/** Centroid of the info marker's orange (230,120,20 at 85 %) in a screenshot. */
function orangeCentroid(img: RawImage): [number, number, number] {
  let sx = 0;
  let sy = 0;
  let n = 0;
  for (let y = 0; y < img.height; y++) {
    for (let x = 0; x < img.width; x++) {
      const o = (y * img.width + x) * img.channels;
      const [r, g, b] = [img.data[o]!, img.data[o + 1]!, img.data[o + 2]!];
      if (r > 190 && g > 80 && g < 150 && b < 80) {
        sx += x;
        sy += y;
        n++;
      }
    }
  }
  return [sx / n, sy / n, n];
}

test.describe('hotspots and holes on the real fixture', () => {
  const missing = fixtureMissing();
  test.skip(!!missing, missing ?? '');
  test.use({ viewport: { width: W, height: H }, deviceScaleFactor: 1 });

  const url = (scene: Scene) =>
    sceneUrl(scene.origin, {
      manta: '/media/tiles/',
      tiles: FIXTURE_SCENE.tilesId,
      levels: FIXTURE_SCENE.levels,
      face: FIXTURE_SCENE.faceSize,
      hotspots: [INFO, LINK],
      bg: '#ff00ff',
    });

  test('the info hotspot is drawn where its yaw/pitch says and answers a click', async ({ page, scene }) => {
    await page.goto(url(scene));
    await waitStable(page);
    for (const view of [
      { yaw: 1.2, pitch: 0, fov: 1.5 },
      { yaw: 1.6, pitch: -0.4, fov: 1.3 },
    ]) {
      const shown = await showView(page, view);
      const [ex, ey] = project(INFO, shown);
      const [cx, cy, n] = orangeCentroid(await decodeScreenshot(await page.screenshot()));
      expect(n, 'marker pixels found').toBeGreaterThan(200);
      expect(
        Math.hypot(cx - ex, cy - ey),
        `marker at ${cx.toFixed(1)},${cy.toFixed(1)}, data says ${ex.toFixed(1)},${ey.toFixed(1)}`,
      ).toBeLessThan(3);
    }
    const [ex, ey] = project(INFO, await page.evaluate(() => window.__panorama!.getView()));
    await page.mouse.click(ex, ey);
    await expect(page.getByTestId('hotspot-clicked')).toHaveText('info:i1');
  });

  test('no background pixel ever shows once the preview is up, while panning and zooming fast', async ({
    page,
    scene,
  }) => {
    // Slow tiles (not the preview) so the view keeps outrunning them.
    await page.route(/\/media\/tiles\/.*\/\d+\/[bdflru]\//, async (route) => {
      await new Promise((r) => setTimeout(r, 250));
      await route.continue();
    });
    await page.goto(url(scene));
    await page.waitForFunction(() => window.__panorama?.counters.previewReady && window.__panorama.frames > 1);
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    // A scripted race: big turns, poles, zoom in and out, each 300 ms, kept going until the screenshots are taken
    // (a count of frames, not a time: on a busy machine one screenshot can take a second).
    const SHOTS = 8;
    const race = page.evaluate(async () => {
      const views = [
        { yaw: 2, pitch: 0.3, fov: 1.7 },
        { yaw: -2.5, pitch: -1.5, fov: 0.8 },
        { yaw: 0.8, pitch: 1.5, fov: 1.2 },
        { yaw: 3.1, pitch: 0, fov: 0.75 },
        { yaw: -1, pitch: -0.6, fov: 1.74 },
        { yaw: 1.6, pitch: 0.2, fov: 0.9 },
      ];
      const w = window as unknown as { __raceStop?: boolean };
      for (let i = 0; !w.__raceStop; i++) await window.__panorama!.lookTo(views[i % views.length]!, 300);
    });
    let worst = 0;
    let shots = 0;
    while (shots < SHOTS) {
      const m = magentaPixels(await decodeScreenshot(await page.screenshot()));
      if (m > 0) await page.screenshot({ path: 'test-results/scene-holes/hole-' + shots + '.png' });
      worst = Math.max(worst, m);
      shots++;
    }
    await page.evaluate(() => ((window as unknown as { __raceStop?: boolean }).__raceStop = true));
    await race;
    expect(worst, `background pixels in the worst of ${shots} frames`).toBe(0);
  });
});
