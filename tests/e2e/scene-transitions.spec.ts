// Moving between scenes and the QTVR mouse mode, on generated cubes (no fixtures needed):
// - following a link crossfades: the target's preview was fetched ahead (the link hotspot prefetches it), so
//   no request for it happens after the click, the new scene shows at once under the fading old one, a frame
//   mid-way is a blend of both, and it ends on the new scene, fully drawn;
// - in QTVR mode a press-and-hold away from where the mouse went down keeps the view turning at a steady
//   speed (the drag sets a velocity, it does not move the picture), and letting go stops it.
import type { Page } from '@playwright/test';
import { FACE_COLOURS } from './helpers/generatedPyramid';
import { decodeScreenshot, type RawImage } from './helpers/referenceProjection';
import { sceneUrl, waitStable } from './helpers/scenePage';
import { expect, test } from './helpers/sceneTest';

const W = 640;
const H = 480;
const LEVELS = [
  { tileSize: 256, size: 256, fallbackOnly: true },
  { tileSize: 512, size: 512 },
  { tileSize: 512, size: 1024 },
];
const VIEW = { yaw: 0, pitch: 0, fov: 1.2 };
const FADE_MS = 2500;
let cube: string;
let negative: string;

const hex = (h: string) => [1, 3, 5].map((i) => parseInt(h.slice(i, i + 2), 16));
/** Mean colour of a 9×9 patch around (fx, fy) (fractions of the screenshot). */
function patch(img: RawImage, fx: number, fy: number): number[] {
  const cx = Math.round(fx * img.width);
  const cy = Math.round(fy * img.height);
  const sum = [0, 0, 0];
  for (let dy = -4; dy <= 4; dy++)
    for (let dx = -4; dx <= 4; dx++)
      for (let k = 0; k < 3; k++) sum[k]! += img.data[((cy + dy) * img.width + cx + dx) * img.channels + k]!;
  return sum.map((v) => v / 81);
}
const near = (a: number[], b: number[], tol = 30) => a.every((v, i) => Math.abs(v - b[i]!) <= tol);
/** Screenshot colour at a point of face f (u 0.25, v 0.58 at the test's view: clear of the hotspot, the
 *  letter, the marker and the grid lines). */
const SAMPLE = [0.226, 0.62] as const;
const sample = async (page: Page) => patch(await decodeScreenshot(await page.screenshot()), SAMPLE[0], SAMPLE[1]);

test.describe('scene transitions and QTVR mode', () => {
  test.use({ viewport: { width: W, height: H }, deviceScaleFactor: 1 });
  test.beforeAll(async ({ scene }) => {
    cube = await scene.pyramid(LEVELS);
    negative = await scene.pyramid(LEVELS, { invert: true });
  });

  test('following a link crossfades from a prefetched preview: no request for it after the click, a blended frame, then the new scene', async ({
    page,
    scene,
  }) => {
    const requests: Array<{ url: string; t: number }> = [];
    page.on('request', (r) => requests.push({ url: new URL(r.url()).pathname, t: Date.now() }));
    const link = {
      kind: 'link',
      id: 'to-negative',
      yaw: 0,
      pitch: 0,
      rotation: 0,
      label: 'negative',
      target: { mantaLink: '/media/gen/', tilesId: negative },
    };
    const url = sceneUrl(scene.origin, {
      manta: '/media/gen/',
      tiles: cube,
      levels: LEVELS,
      face: 1024,
      view: VIEW,
      hotspots: [link],
      bg: '#ff00ff',
    });
    await page.goto(`${url}&fade=${FADE_MS}`);
    await waitStable(page);
    const red = hex(FACE_COLOURS.f);
    const cyan = red.map((v) => 255 - v);
    expect(near(await sample(page), red), 'the first scene (face f red) is on screen').toBe(true);
    // The link hotspot asked for its target's preview ahead of any click.
    const targetPreview = `/media/gen/${negative}/preview.jpg`;
    await expect.poll(() => requests.filter((r) => r.url === targetPreview).length).toBe(1);
    await page.waitForLoadState('networkidle');

    const clickedAt = Date.now();
    await page.mouse.click(W / 2, H / 2);
    await expect(page.getByTestId('hotspot-clicked')).toHaveText('link:to-negative');
    // Sample the fade: some frame part-way must be a blend (each channel well between the two scenes).
    const seen: Array<{ t: number; c: number[] }> = [];
    let blended: number[] | null = null;
    while (Date.now() - clickedAt < FADE_MS + 1500) {
      const c = await sample(page);
      seen.push({ t: Date.now() - clickedAt, c });
      const between = c.every((v, i) => v > Math.min(red[i]!, cyan[i]!) + 25 && v < Math.max(red[i]!, cyan[i]!) - 25);
      if (between && !blended) blended = c;
      if (near(c, cyan, 12)) break;
    }
    const trace = seen.map((s) => `${s.t} ms: ${s.c.map((v) => v.toFixed(0)).join(',')}`).join('; ');
    expect(blended, `a blended frame between red ${red} and cyan ${cyan} (${trace})`).not.toBeNull();
    // The fade started at once (from the prefetched preview): the first blend is well inside the fade.
    expect(seen.find((s) => s.c === blended)!.t, trace).toBeLessThan(FADE_MS * 0.75);
    // It never went through the background or black on the way.
    for (const s of seen)
      expect(s.c[0]! + s.c[1]! + s.c[2]!, `a dark frame at ${s.t} ms (${trace})`).toBeGreaterThan(150);
    // It ends on the new scene, every tile drawn.
    await page.waitForFunction(() => window.__panorama?.counters.stable && window.__panorama.counters.previewReady);
    await waitStable(page);
    expect(near(await sample(page), cyan), `the new scene (face f cyan) at the end (${trace})`).toBe(true);
    // Nothing asked for the target's preview again after the click; its tiles were fetched, once each.
    const after = requests.filter((r) => r.t >= clickedAt);
    expect(after.filter((r) => r.url === targetPreview)).toEqual([]);
    expect(
      after.some((r) => r.url.startsWith(`/media/gen/${negative}/1/`) || r.url.startsWith(`/media/gen/${negative}/2/`)),
    ).toBe(true);
    const tileUrls = after.map((r) => r.url).filter((u) => u.startsWith(`/media/gen/${negative}/`));
    expect(new Set(tileUrls).size).toBe(tileUrls.length);
  });

  test('QTVR mode: holding the mouse off its press point keeps turning at a steady speed; letting go stops', async ({
    page,
    scene,
  }) => {
    const url = sceneUrl(scene.origin, {
      manta: '/media/gen/',
      tiles: cube,
      levels: LEVELS,
      face: 1024,
      view: VIEW,
    });
    await page.goto(`${url}&mode=qtvr`);
    await waitStable(page);
    const yaw = () => page.evaluate(() => ({ yaw: window.__panorama!.getView().yaw, t: performance.now() }));
    const start = await yaw();
    await page.mouse.move(W / 2, H / 2);
    await page.mouse.down();
    // 96 px to the right, then hold still: the distance sets a speed, and the view keeps turning.
    for (let i = 1; i <= 4; i++) await page.mouse.move(W / 2 + i * 24, H / 2);
    await page.waitForTimeout(150);
    const a = await yaw();
    await page.waitForTimeout(500);
    const b = await yaw();
    await page.waitForTimeout(500);
    const c = await yaw();
    await page.mouse.up();
    // Speed: an offset of one viewport height turns two fovs a second (Marzipano's QTVR rate).
    const expected = (96 / H) * 2 * VIEW.fov;
    const rate1 = (b.yaw - a.yaw) / ((b.t - a.t) / 1000);
    const rate2 = (c.yaw - b.yaw) / ((c.t - b.t) / 1000);
    expect(b.yaw - a.yaw, 'turning right while held still').toBeGreaterThan(0.1);
    expect(rate1).toBeGreaterThan(expected * 0.7);
    expect(rate1).toBeLessThan(expected * 1.3);
    expect(Math.abs(rate2 - rate1) / rate1, `steady: ${rate1.toFixed(3)} then ${rate2.toFixed(3)} rad/s`).toBeLessThan(
      0.3,
    );
    expect(a.yaw).toBeGreaterThan(start.yaw);
    // Let go: no inertia in QTVR, the view stays where it is.
    await page.waitForTimeout(100);
    const d = await yaw();
    await page.waitForTimeout(400);
    const e = await yaw();
    expect(Math.abs(e.yaw - d.yaw)).toBeLessThan(1e-6);
    // And the new view is drawn in full.
    await waitStable(page);
  });
});
