// The early stage (plain WebGL, before React and three.js are evaluated) on the real fixture: with the
// engine's code held back, its first view matches the CPU reference at views with poles, cube corners and
// tile seams; when the engine arrives it takes over without one frame showing the background or a
// different picture; a drag begun on the early picture goes on through the takeover.
import type { Page, Route } from '@playwright/test';
import path from 'node:path';
import { FIXTURE_SCENE, fixtureMissing, repoRoot } from './helpers/fixtures';
import {
  decodeScreenshot,
  type FaceImages,
  fixtureFaces,
  levelForView,
  magentaPixels,
  meanAbsError,
  projectView,
  saveComparison,
} from './helpers/referenceProjection';
import { sceneUrl } from './helpers/scenePage';
import { expect, type Scene, test } from './helpers/sceneTest';

const W = 640;
const H = 360;
const DEG = Math.PI / 180;
const MAX_MEAN_ERROR = 3;

let faces = new Map<number, FaceImages>();

const levelFor = (fov: number) => levelForView(FIXTURE_SCENE.levels, fov, H);

/** Hold the engine's chunk (React, R3F, three.js) until release() is called. */
async function holdEngine(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  await page.route(/\/assets\/ScenePage-[^/]+\.js$/, async (route: Route) => {
    await released;
    await route.continue();
  });
  return release;
}

const engineMounted = (page: Page) => page.evaluate(() => !!document.querySelector('#root canvas'));

test.describe('the early stage on the real fixture', () => {
  const missing = fixtureMissing();
  test.skip(!!missing, missing ?? '');
  test.use({ viewport: { width: W, height: H }, deviceScaleFactor: 1 });

  test.beforeAll(async () => {
    faces = await fixtureFaces();
  });

  const url = (scene: Scene, view: { yaw: number; pitch: number; fov: number }) =>
    sceneUrl(scene.origin, {
      manta: '/media/tiles/',
      tiles: FIXTURE_SCENE.tilesId,
      levels: FIXTURE_SCENE.levels,
      face: FIXTURE_SCENE.faceSize,
      view,
      bg: '#ff00ff',
    });

  for (const [name, view] of [
    ['cube corner f/r/u', { yaw: Math.PI / 4, pitch: -0.6155, fov: 70 * DEG }],
    ['nadir', { yaw: -2, pitch: Math.PI / 2, fov: 80 * DEG }],
    ['tile seam, zoomed', { yaw: 0.001, pitch: 0.002, fov: 40 * DEG }],
  ] as const) {
    test(`before the engine loads, the first view matches the reference: ${name}`, async ({ page, scene }) => {
      const release = await holdEngine(page);
      await page.goto(url(scene, view));
      await page.waitForFunction(() => window.__panorama?.counters.stable === true);
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      expect(await engineMounted(page), 'the engine is not there yet').toBe(false);
      const shot = await decodeScreenshot(await page.screenshot());
      const ref = projectView(faces.get(levelFor(view.fov))!, view, W, H);
      const err = meanAbsError(shot.data, ref);
      const file = path.join(repoRoot, 'test-results', 'scene-early', `${name.replace(/\W+/g, '-')}.png`);
      await saveComparison(file, shot.data, ref, W, H);
      console.log(`early ${name}: mean error ${err.toFixed(2)} (ours | reference in ${path.relative(repoRoot, file)})`);
      expect(err).toBeLessThan(MAX_MEAN_ERROR);
      release();
    });
  }

  test('with the preview still on its way, the complete view is drawn from its tiles alone', async ({
    page,
    scene,
  }) => {
    // A repeat visit: the tiles' decodes may end before the preview's. Held here until the view is drawn.
    const releaseEngine = await holdEngine(page);
    let releasePreview!: () => void;
    const previewHeld = new Promise<void>((r) => (releasePreview = r));
    await page.route(/\/preview\.(jpg|avif)$/, async (route) => {
      await previewHeld;
      await route.continue();
    });
    const view = { yaw: 0.001, pitch: 0.002, fov: 40 * DEG };
    await page.goto(url(scene, view));
    await page.waitForFunction(() => window.__panorama?.counters.stable === true, null, { timeout: 15_000 });
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    expect(await page.evaluate(() => window.__panorama!.counters.previewReady)).toBe(false);
    const shot = await decodeScreenshot(await page.screenshot());
    expect(magentaPixels(shot), 'background pixels').toBe(0);
    const err = meanAbsError(shot.data, projectView(faces.get(levelFor(view.fov))!, view, W, H));
    console.log(`early without preview: mean error ${err.toFixed(2)}`);
    expect(err).toBeLessThan(MAX_MEAN_ERROR);
    releasePreview();
    releaseEngine();
  });

  test('the engine takes over without a frame of background or a different picture', async ({
    page,
    context,
    scene,
  }) => {
    const release = await holdEngine(page);
    await page.goto(url(scene, { yaw: 0.3, pitch: 0.1, fov: 90 * DEG }));
    await page.waitForFunction(() => window.__panorama?.counters.stable === true);
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    // Every frame the compositor produces from here on (a screenshot every so often would miss a one-frame
    // flash): the early picture first, then each frame of the takeover.
    const cdp = await context.newCDPSession(page);
    const frames: Buffer[] = [];
    cdp.on('Page.screencastFrame', (f: { data: string; sessionId: number }) => {
      frames.push(Buffer.from(f.data, 'base64'));
      void cdp.send('Page.screencastFrameAck', { sessionId: f.sessionId }).catch(() => {});
    });
    await cdp.send('Page.startScreencast', { format: 'png', maxWidth: W, maxHeight: H, everyNthFrame: 1 });
    // A first frame of the early picture as the reference (the screencast sends the current frame at start).
    await expect.poll(() => frames.length).toBeGreaterThan(0);
    release();
    await page.waitForFunction(
      () => !!document.querySelector('#root canvas') && window.__panorama!.counters.stable,
      null,
      { timeout: 15_000 },
    );
    await page.evaluate(() => new Promise((r) => setTimeout(r, 300)));
    await cdp.send('Page.stopScreencast');
    const decoded = await Promise.all(frames.map((f) => decodeScreenshot(f)));
    const first = decoded[0]!;
    let worstMagenta = 0;
    let worstChange = 0;
    for (const d of decoded) {
      expect(d.width).toBe(first.width);
      worstMagenta = Math.max(worstMagenta, magentaPixels(d));
      worstChange = Math.max(worstChange, meanAbsError(d.data, first.data));
    }
    console.log(
      `takeover: ${decoded.length} frames, largest change ${worstChange.toFixed(2)}, background pixels ${worstMagenta}`,
    );
    expect(await engineMounted(page)).toBe(true);
    expect(decoded.length, 'frames recorded through the takeover').toBeGreaterThan(1);
    expect(worstMagenta, `background pixels in the worst of ${decoded.length} frames`).toBe(0);
    // The same view drawn by both: only rounding may differ. A frame of the preview alone differs by ~5.
    expect(worstChange, `largest change from the early picture over ${decoded.length} frames`).toBeLessThan(1);
  });

  test('a drag begun on the early picture goes on through the takeover, by the distance dragged', async ({
    page,
    scene,
  }) => {
    const release = await holdEngine(page);
    const start = { yaw: 0, pitch: 0, fov: 80 * DEG };
    await page.goto(url(scene, start));
    await page.waitForFunction(() => window.__panorama?.counters.stable === true);
    await page.mouse.move(320, 180);
    await page.mouse.down();
    for (let i = 1; i <= 5; i++) await page.mouse.move(320 + i * 10, 180 + i * 4);
    expect(await engineMounted(page)).toBe(false);
    release();
    await expect.poll(() => engineMounted(page)).toBe(true);
    for (let i = 6; i <= 10; i++) await page.mouse.move(320 + i * 10, 180 + i * 4);
    await page.waitForTimeout(150);
    await page.mouse.up();
    const after = await page.evaluate(() => window.__panorama!.getView());
    const k = (2 * Math.tan(start.fov / 2)) / H;
    expect(after.yaw).toBeCloseTo(-100 * k, 2);
    expect(after.pitch).toBeCloseTo(-40 * k, 2);
  });
});
