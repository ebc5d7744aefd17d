// The first picture on a slow link, with the engine's code (three.js, R3F) held back: its hotspots are there and
// work. A link hotspot walks to the next scene, whose tiles the early stage draws; an info hotspot opens its
// panel; a view request (the hotspot list's turn-to) turns the early picture. The engine then takes over from
// the view the early stage left.
import type { Page } from '@playwright/test';
import { demoSite, type DemoSite } from './app-helpers';
import { expect, test } from './helpers/cleanConsole';
import { ENGINE_CHUNKS, holdBack, slowLink } from './helpers/heldBack';

const DEG = Math.PI / 180;
let demo: DemoSite;
test.beforeEach(async ({ request }) => {
  demo = await demoSite(request);
});
test.use({ viewport: { width: 1280, height: 720 } });

/** The slow link, and the engine's chunks wait until released. */
async function slowLinkWithoutEngine(page: Page): Promise<{ release: () => void }> {
  await slowLink(page);
  return { release: await holdBack(page, ENGINE_CHUNKS) };
}

const engineLive = (page: Page) =>
  page.evaluate(() => performance.getEntriesByType('resource').some((r) => /\/assets\/scene-/.test(r.name)));
const titleCard = (page: Page) => page.locator('.title-card').getByRole('heading', { level: 1 });
const earlyCounters = (page: Page) => page.evaluate(() => window.__panorama?.counters);

test('a link hotspot in the first picture walks to the next scene before the engine has loaded', async ({ page }) => {
  const start = demo.scenes.find((s) => s.survey_node.link_hotspots.length > 0)!;
  const link = start.survey_node.link_hotspots[0] as { target: string; yaw: number; pitch: number };
  const target = demo.scenes.find((s) => s.survey_node.tiles_id === link.target)!;
  const { release } = await slowLinkWithoutEngine(page);
  await page.goto(
    `/site?site=${demo.site}&date=${demo.date}&node=${start.survey_node.tiles_id}&yaw=${link.yaw}&pitch=${link.pitch}&fov=1.2`,
  );
  const hotspot = page.locator(`.early-hotspot[data-kind=link][data-id$="-${link.target}"]`);
  await expect(hotspot).toBeVisible({ timeout: 30_000 });
  // At the centre of the view, where the engine's sprite will be.
  const box = (await hotspot.boundingBox())!;
  const host = (await page.locator('.panorama-host').boundingBox())!;
  expect(Math.abs(box.x + box.width / 2 - (host.x + host.width / 2))).toBeLessThan(2);
  expect(Math.abs(box.y + box.height / 2 - (host.y + host.height / 2))).toBeLessThan(2);
  await hotspot.hover();
  await expect(hotspot.locator('.early-hotspot-label')).toHaveText(target.survey_node.title);

  const targetTile = page.waitForResponse((r) => new RegExp(`/media/tiles/${link.target}/\\d+/`).test(r.url()));
  await hotspot.click();
  await expect.poll(() => new URL(page.url()).searchParams.get('node')).toBe(link.target);
  await expect(titleCard(page)).toHaveText(target.survey_node.title);
  await targetTile;
  await expect.poll(() => earlyCounters(page), { timeout: 30_000 }).toMatchObject({ scene: link.target, stable: true });
  expect(await engineLive(page), 'the engine is still held back').toBe(false);
  // The next scene's own hotspots are there to walk on.
  await expect(page.locator('.early-hotspot').first()).toBeAttached();

  release();
  await expect(page.locator('.early-hotspots')).toHaveCount(0, { timeout: 30_000 });
  expect(await engineLive(page)).toBe(true);
});

test('an info hotspot opens its panel, and a view request turns the first picture, before the engine', async ({
  page,
}) => {
  const start = demo.scenes.find((s) => s.survey_node.info_hotspots.length > 0)!;
  const info = start.survey_node.info_hotspots[0];
  const { release } = await slowLinkWithoutEngine(page);
  await page.goto(
    `/site?site=${demo.site}&date=${demo.date}&node=${start.survey_node.tiles_id}&yaw=${info.yaw + 60 * DEG}&pitch=0&fov=1.2`,
  );
  const hotspot = page.locator(`.early-hotspot[data-kind=info][data-id="${info.info_id}"]`);
  await expect(hotspot).toBeAttached({ timeout: 30_000 });
  // The hotspot list's entry turns to the hotspot (a view request) and opens the panel.
  await page.getByRole('button', { name: 'Hotspots' }).click();
  await page.getByRole('region', { name: 'Hotspots' }).getByRole('button', { name: info.title }).click();
  const panel = page.getByRole('complementary', { name: /^Information:/ });
  await expect(panel).toBeVisible();
  const yawOff = async () => Math.abs((await page.evaluate(() => window.__panorama!.getView().yaw)) - info.yaw);
  await expect.poll(yawOff, { timeout: 10_000 }).toBeLessThan(0.01);
  await expect(hotspot).toBeVisible();
  await panel.getByRole('button', { name: 'Close information' }).click();
  await expect(panel).toHaveCount(0);
  // Clicked in the picture, the info hotspot opens the panel too.
  await hotspot.click();
  await expect(panel).toBeVisible();
  expect(await engineLive(page), 'the engine is still held back').toBe(false);

  // The engine starts from the view the early stage turned to.
  release();
  await expect(page.locator('.early-hotspots')).toHaveCount(0, { timeout: 30_000 });
  expect(await yawOff()).toBeLessThan(0.01);
});
