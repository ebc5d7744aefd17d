// The controls a person uses: drag moves the picture with the pointer, the wheel zooms, arrow keys pan,
// and a lookTo pan arrives where it was sent. Uses our generated cube (no fixtures needed).
import { expect, test } from './helpers/sceneTest';
import { sceneUrl, waitStable } from './helpers/scenePage';

const W = 640;
const H = 480;
const LEVELS = [
  { tileSize: 256, size: 256, fallbackOnly: true },
  { tileSize: 512, size: 512 },
  { tileSize: 512, size: 1024 },
];
let cube: string;

test.describe('view controls', () => {
  test.use({ viewport: { width: W, height: H }, deviceScaleFactor: 1 });
  test.beforeAll(async ({ scene }) => {
    cube = await scene.pyramid(LEVELS);
  });

  test.beforeEach(async ({ page, scene }) => {
    await page.goto(
      sceneUrl(scene.origin, {
        manta: '/media/gen/',
        tiles: cube,
        levels: LEVELS,
        face: 1024,
        view: { yaw: 0, pitch: 0, fov: 1.2 },
      }),
    );
    await waitStable(page);
  });
  const view = (page: import('@playwright/test').Page) => page.evaluate(() => window.__panorama!.getView());

  test('dragging right turns left, dragging down looks up, by the distance dragged', async ({ page }) => {
    const before = await view(page);
    await page.mouse.move(320, 240);
    await page.mouse.down();
    for (let i = 1; i <= 10; i++) await page.mouse.move(320 + i * 10, 240 + i * 5);
    // Hold still before letting go, so no inertia carries the view on.
    await page.waitForTimeout(150);
    await page.mouse.up();
    const after = await view(page);
    const k = (2 * Math.tan(before.fov / 2)) / H;
    expect(after.yaw - before.yaw).toBeCloseTo(-100 * k, 2);
    expect(after.pitch - before.pitch).toBeCloseTo(-50 * k, 2);
  });

  test('the wheel zooms out and in within the limits', async ({ page }) => {
    const before = await view(page);
    await page.mouse.move(320, 240);
    await page.mouse.wheel(0, 300);
    await expect.poll(async () => (await view(page)).fov).toBeGreaterThan(before.fov);
    for (let i = 0; i < 20; i++) await page.mouse.wheel(0, -500);
    const min = await page.evaluate(() => 2 * Math.atan((window.devicePixelRatio * window.innerHeight) / 1024));
    await expect.poll(async () => (await view(page)).fov).toBeCloseTo(min, 3);
  });

  test('arrow keys pan while held', async ({ page }) => {
    await page.locator('canvas').focus();
    const before = await view(page);
    await page.keyboard.down('ArrowRight');
    await page.waitForTimeout(400);
    await page.keyboard.up('ArrowRight');
    expect((await view(page)).yaw).toBeGreaterThan(before.yaw + 0.05);
  });

  test('lookTo pans smoothly and lands on the target', async ({ page }) => {
    const samples = await page.evaluate(async () => {
      const p = window.__panorama!;
      const seen: number[] = [];
      const done = p.lookTo({ yaw: 1, pitch: -0.3 }, 600);
      const id = setInterval(() => seen.push(p.getView().yaw), 50);
      await done;
      clearInterval(id);
      return seen;
    });
    const end = await view(page);
    expect(end.yaw).toBeCloseTo(1, 6);
    expect(end.pitch).toBeCloseTo(-0.3, 6);
    // In between it passed through intermediate views, in order.
    const mids = samples.filter((y) => y > 0.01 && y < 0.99);
    expect(mids.length).toBeGreaterThan(3);
    for (let i = 1; i < samples.length; i++) expect(samples[i]!).toBeGreaterThanOrEqual(samples[i - 1]! - 1e-9);
  });
});
