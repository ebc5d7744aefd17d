// The first scene's hotspots come with the page's first bytes: on the slow link, with the scene's preview and tiles
// and the engine's code held back (and in the second test the app's script too), they are there and work before any
// picture. They stay put as the picture comes and when the engine takes over; a drag begun on one turns the view,
// the wheel over one zooms, a press that does not move walks to the next scene.
import type { Locator, Page } from '@playwright/test';
import { demoSite, type DemoSite } from './app-helpers';
import { expect, test } from './helpers/cleanConsole';
import { APP_SCRIPT, ENGINE_CHUNKS, holdBack, scenePictures, slowLink } from './helpers/heldBack';
import { projectToView, type ViewParams } from './helpers/viewProjection';

let demo: DemoSite;
test.beforeEach(async ({ request }) => {
  demo = await demoSite(request);
});
test.use({ viewport: { width: 1280, height: 720 } });

type Link = { target: string; yaw: number; pitch: number };

/** A scene with a link hotspot, the link, and the scene it leads to. */
function walk() {
  const start = demo.scenes.find((s) => s.survey_node.link_hotspots.length > 0)!.survey_node;
  const link = start.link_hotspots[0] as Link;
  const target = demo.scenes.find((s) => s.survey_node.tiles_id === link.target)!.survey_node;
  return { start, link, target };
}

const linkButton = (page: Page, link: Link) =>
  page.locator(`.early-hotspot[data-kind=link][data-id$="-${link.target}"]`);
const centre = async (el: Locator) => {
  const b = (await el.boundingBox())!;
  return { x: b.x + b.width / 2, y: b.y + b.height / 2 };
};
const view = (page: Page) => page.evaluate(() => window.__panorama!.getView());
/** Where `link` is drawn in the page for view `v`, by the test's own projection over the panorama's box. */
async function projected(page: Page, link: Link, v: ViewParams) {
  const host = (await page.locator('.panorama-host').boundingBox())!;
  const [x, y] = projectToView(link, v, host.width, host.height)!;
  return { x: host.x + x, y: host.y + y };
}
const near = (a: { x: number; y: number }, b: { x: number; y: number }) =>
  expect(Math.hypot(a.x - b.x, a.y - b.y)).toBeLessThan(2);

test('the hotspots are there before any picture, stay put, and turn and zoom the view', async ({ page }) => {
  const { start, link, target } = walk();
  await slowLink(page);
  const releaseEngine = await holdBack(page, ENGINE_CHUNKS);
  const releasePictures = await holdBack(page, scenePictures(start.tiles_id));
  const opened = { yaw: link.yaw + 0.15, pitch: link.pitch, fov: 1.2 };
  await page.goto(
    `/site?site=${demo.site}&date=${demo.date}&node=${start.tiles_id}&yaw=${opened.yaw}&pitch=${opened.pitch}&fov=1.2`,
  );
  const hotspot = linkButton(page, link);
  await expect(hotspot).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('canvas'), 'no picture yet').toHaveCount(0);
  const before = await centre(hotspot);
  await hotspot.hover();
  await expect(hotspot.locator('.early-hotspot-label')).toHaveText(target.title);

  // The picture comes: the button stays where it was.
  releasePictures();
  await page.waitForFunction(() => window.__panorama?.counters.stable === true, null, { timeout: 30_000 });
  near(await centre(hotspot), before);
  // Where the drawing's view (limited to what the scene's faces can fill) puts it.
  near(before, await projected(page, link, await view(page)));

  // The wheel over the hotspot zooms; a drag begun on it turns the view and walks nowhere.
  await page.mouse.move(before.x, before.y);
  // Out: the demo's small faces allow no closer view than the one opened.
  await page.mouse.wheel(0, 400);
  await expect.poll(async () => (await view(page)).fov).toBeGreaterThan(opened.fov + 0.1);
  const zoomed = await view(page);
  await page.mouse.down();
  await page.mouse.move(before.x - 120, before.y, { steps: 8 });
  // Still before letting go: no throw, the view stays where the drag left it.
  await page.waitForTimeout(200);
  await page.mouse.up();
  await expect.poll(async () => (await view(page)).yaw).not.toBeCloseTo(zoomed.yaw, 2);
  expect(new URL(page.url()).searchParams.get('node')).toBe(start.tiles_id);
  // The button follows the view on the early stage's next frame: read both until that frame is drawn.
  const offset = async () => {
    const at = await centre(hotspot);
    const should = await projected(page, link, await view(page));
    return Math.hypot(at.x - should.x, at.y - should.y);
  };
  await expect.poll(offset).toBeLessThan(2);
  const last = await centre(hotspot);

  // The engine takes over from that view: the hotspot is where its button was.
  releaseEngine();
  await expect(page.locator('.early-hotspots')).toHaveCount(0, { timeout: 30_000 });
  const engineView = await view(page);
  near(await projected(page, link, engineView), last);
});

test('a hotspot clicked before the app has loaded walks to the next scene once it has', async ({ page }) => {
  const { start, link, target } = walk();
  await slowLink(page);
  const releases = [await holdBack(page, ENGINE_CHUNKS), await holdBack(page, scenePictures(start.tiles_id))];
  const releaseApp = await holdBack(page, APP_SCRIPT);
  await page.goto(
    `/site?site=${demo.site}&date=${demo.date}&node=${start.tiles_id}&yaw=${link.yaw}&pitch=${link.pitch}&fov=1.2`,
    // Its load event waits for the app's script.
    { waitUntil: 'commit' },
  );
  const hotspot = linkButton(page, link);
  // From the page's first-view block alone: the app has not run.
  await expect(hotspot).toBeVisible({ timeout: 30_000 });
  await expect(hotspot).toHaveAccessibleName(`Go to ${target.title}`);
  // The app has not drawn the page: no panorama box but the one in the server's shell, if it drew one.
  await expect(page.locator('#root:not([data-shell]) .panorama-host')).toHaveCount(0);
  await hotspot.click();

  releaseApp();
  await expect.poll(() => new URL(page.url()).searchParams.get('node'), { timeout: 30_000 }).toBe(link.target);
  await expect(page.locator('.title-card').getByRole('heading', { level: 1 })).toHaveText(target.title);
  for (const release of releases) release();
});

test('the buttons shown before the app stay put when the early stage takes them over, and tell drag from click', async ({
  page,
}) => {
  const { start, link } = walk();
  await slowLink(page);
  const releases = [await holdBack(page, ENGINE_CHUNKS), await holdBack(page, scenePictures(start.tiles_id))];
  const releaseApp = await holdBack(page, APP_SCRIPT);
  // Closer than the demo's small faces allow: the drawing opens wider, and so must the first buttons.
  await page.goto(
    `/site?site=${demo.site}&date=${demo.date}&node=${start.tiles_id}&yaw=${link.yaw + 0.3}&pitch=${link.pitch}&fov=0.9`,
    { waitUntil: 'commit' },
  );
  const hotspot = linkButton(page, link);
  await expect(hotspot).toBeVisible({ timeout: 30_000 });
  const before = await centre(hotspot);
  releaseApp();
  await page.waitForFunction(() => !!window.__panorama, null, { timeout: 30_000 });
  await expect(page.locator('.panorama-host .early-hotspots')).toHaveCount(1);
  near(await centre(hotspot), before);
  near(before, await projected(page, link, await view(page)));

  // A press that moves is no click (with no picture yet there is nothing to turn); a key pressed after it is one.
  await page.mouse.move(before.x, before.y);
  await page.mouse.down();
  await page.mouse.move(before.x + 30, before.y, { steps: 3 });
  await page.mouse.up();
  await page.waitForTimeout(300);
  expect(new URL(page.url()).searchParams.get('node')).toBe(start.tiles_id);
  await hotspot.press('Enter');
  await expect.poll(() => new URL(page.url()).searchParams.get('node')).toBe(link.target);
  for (const release of releases) release();
});
