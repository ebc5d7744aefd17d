// The viewer page against the seeded demo site: what it shows, timeline, hotspots, floors, minimap, deep
// links, browser back, kiosk.
import type { Page } from '@playwright/test';
import { expect, test } from './helpers/cleanConsole';
import { appPageDrawn, demoSite, type DemoSite, demoLacks } from './app-helpers';

let demo: DemoSite;
test.beforeEach(async ({ request }) => {
  demo = await demoSite(request);
});

const titleCard = (page: Page) => page.locator('.title-card');
const param = (page: Page, name: string) => new URL(page.url()).searchParams.get(name);

test('shows the site name, the scene name and the floors from the API', async ({ page }) => {
  await page.goto('/site');
  await expect(titleCard(page).locator('.title-site')).toHaveText(demo.title);
  const titles = demo.scenes.map((s) => s.survey_node.title);
  await expect(titleCard(page).getByRole('heading', { level: 1 })).toHaveText(
    new RegExp(titles.map((t) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')),
  );
  await expect(page).toHaveURL(new RegExp(`date=${demo.date}`));
  if (demo.settings.enable.floors && demo.floors.length > 1) {
    const floors = page.getByRole('navigation', { name: 'Floors' }).getByRole('button');
    expect(await floors.count()).toBeGreaterThanOrEqual(demo.floors.length);
  }
});

test('camera info shows tilt, rotation and zoom when "Show Camera Info" is checked', async ({ page }) => {
  await page.goto('/site');
  await appPageDrawn(page);
  await expect(page.getByRole('region', { name: 'Camera info' })).toHaveCount(0);
  await page.getByLabel('Show Camera Info').check();
  const info = page.getByRole('region', { name: 'Camera info' });
  await expect(info).toBeVisible();
  await expect(info.getByTestId('camera-tilt')).toHaveText(/^-?\d+°$/);
  await expect(info.getByTestId('camera-rotation')).toHaveText(/^\d+°$/);
  await expect(info.getByTestId('camera-zoom')).toHaveText(/^\d+%$/);
});

test('a deep link restores exactly that view', async ({ page }) => {
  const node = demo.scenes[demo.scenes.length - 1].survey_node.tiles_id;
  await page.goto(`/site?site=${demo.site}&date=${demo.date}&node=${node}&yaw=1&pitch=0.2&fov=1.3`);
  await appPageDrawn(page);
  await page.getByLabel('Show Camera Info').check();
  const info = page.getByRole('region', { name: 'Camera info' });
  await expect(info.getByTestId('camera-rotation')).toHaveText('57°');
  await expect(info.getByTestId('camera-tilt')).toHaveText('11°');
  await expect(info.getByTestId('camera-zoom')).toHaveText(
    '121%'.replace('121', String(Math.round(Math.min(1.2, Math.max(0.73, Math.PI / 2 / 1.3)) * 100))),
  );
  expect(param(page, 'node')).toBe(node);
});

test('timeline: opens and closes, lists months newest first, arrow keys step through dates', async ({ page }) => {
  demoLacks(!demo.settings.enable.timeline, 'timeline is off for the demo site');
  await page.goto('/site');
  await page.getByRole('button', { name: 'Open Timeline' }).click();
  const drawer = page.getByRole('complementary', { name: 'Timeline' });
  await expect(drawer).toBeVisible();
  await expect(page.getByRole('button', { name: 'Close Timeline', expanded: true })).toBeVisible();
  const months = drawer.locator('.month-toggle');
  const first = new Date(`${demo.dates[0].date}T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
  await expect(months.first()).toHaveText(first);
  const distinct = [...new Set(demo.dates.map((d) => d.date))];
  if (distinct.length > 1) {
    await expect(page).toHaveURL(new RegExp(`date=${distinct[0]}`));
    await page.keyboard.press('ArrowRight');
    await expect(page).toHaveURL(new RegExp(`date=${distinct[1]}`));
    await expect(drawer.locator(`[data-date="${distinct[1]}"]`).first()).toHaveAttribute('aria-current', 'date');
    await page.keyboard.press('ArrowLeft');
    await expect(page).toHaveURL(new RegExp(`date=${distinct[0]}`));
    await drawer.locator(`[data-date="${distinct[1]}"]`).first().click();
    await expect(page).toHaveURL(new RegExp(`date=${distinct[1]}`));
  }
  await drawer.getByRole('button', { name: 'Close Timeline' }).click();
  await expect(drawer).toHaveCount(0);
  await page.getByRole('button', { name: 'Open Timeline' }).click();
  await page.keyboard.press('Escape');
  await expect(drawer).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Open Timeline' })).toBeVisible();
});

test('hotspot list: a scene entry closes the list, then after 800 ms goes there; back walks back', async ({ page }) => {
  const start = demo.scenes.find((s) => s.survey_node.link_hotspots.length > 0);
  demoLacks(!start || !demo.settings.enable.hotspots_nav, 'no link hotspot in the demo');
  await page.goto(`/site?site=${demo.site}&date=${demo.date}&node=${start!.survey_node.tiles_id}`);
  const startTitle = start!.survey_node.title;
  await expect(titleCard(page).getByRole('heading', { level: 1 })).toHaveText(startTitle);
  await page.getByRole('button', { name: 'Hotspots' }).click();
  const list = page.getByRole('region', { name: 'Hotspots' });
  const target = start!.survey_node.link_hotspots[0].target;
  const targetTitle = demo.scenes.find((s) => s.survey_node.tiles_id === target)?.survey_node.title ?? target;
  await list.getByRole('button', { name: targetTitle }).first().click();
  await expect(list).toHaveCount(0);
  expect(param(page, 'node')).toBe(start!.survey_node.tiles_id); // not yet: the list waits 800 ms
  await expect.poll(() => param(page, 'node')).toBe(target);
  await expect(titleCard(page).getByRole('heading', { level: 1 })).toHaveText(targetTitle);
  await page.goBack();
  await expect.poll(() => param(page, 'node')).toBe(start!.survey_node.tiles_id);
  await expect(titleCard(page).getByRole('heading', { level: 1 })).toHaveText(startTitle);
});

test('hotspot list: an info entry pans there and opens the info panel', async ({ page }) => {
  const start = demo.scenes.find((s) => s.survey_node.info_hotspots.length > 0);
  demoLacks(!start, 'no info hotspot in the demo');
  const info = start!.survey_node.info_hotspots[0];
  await page.goto(`/site?site=${demo.site}&date=${demo.date}&node=${start!.survey_node.tiles_id}`);
  await page.getByRole('button', { name: 'Hotspots' }).click();
  await page.getByRole('region', { name: 'Hotspots' }).getByRole('button', { name: info.title }).click();
  const panel = page.getByRole('complementary', { name: /^Information:/ });
  await expect(panel).toBeVisible();
  await expect(panel.getByRole('heading', { level: 2 })).toBeVisible();
  await expect(panel.locator('.info-section, .muted').first()).toBeVisible();
  expect(await panel.locator('script').count()).toBe(0);
  const img = panel.locator('.rich-text img').first();
  if (await img.count()) {
    await img.click();
    const modal = page.getByRole('dialog');
    await expect(modal.locator('img')).toBeVisible();
    await page.mouse.click(5, 5); // outside closes
    await expect(modal).toHaveCount(0);
  }
  await panel.getByRole('button', { name: 'Close information' }).click();
  await expect(panel).toHaveCount(0);
});

test('floor slider: highest on top, floors without data ignore clicks, a floor with data switches', async ({
  page,
}) => {
  demoLacks(!demo.settings.enable.floors || demo.floors.length < 2, 'the demo has one floor');
  await page.goto('/site');
  const slider = page.getByRole('navigation', { name: 'Floors' });
  const buttons = slider.getByRole('button');
  await expect(buttons.first()).toBeVisible();
  await expect.poll(() => buttons.count()).toBeGreaterThanOrEqual(2);
  // Highest on top.
  const order = await buttons.evaluateAll((els) => els.map((e) => e.getBoundingClientRect().top));
  expect([...order].sort((a, b) => a - b)).toEqual(order);
  const current = Number(param(page, 'floor'));
  const other = demo.floors.find((f) => f !== current)!;
  const disabled = slider.locator('[aria-disabled="true"]');
  if (await disabled.count()) {
    await disabled.first().click();
    expect(Number(param(page, 'floor'))).toBe(current);
  }
  const all = await buttons.evaluateAll((els) => els.map((e) => e.getAttribute('aria-disabled')));
  const enabledIdx = all.map((d, i) => (d ? -1 : i)).filter((i) => i >= 0);
  for (const i of enabledIdx) {
    if ((await buttons.nth(i).getAttribute('aria-current')) !== 'true') {
      await buttons.nth(i).click();
      break;
    }
  }
  await expect.poll(() => Number(param(page, 'floor'))).toBe(other);
});

test('visitor minimap: enlarges with names, hides the floor slider, a node click goes there and collapses', async ({
  page,
}) => {
  // The test server has USE_SSO off (everyone administers: the editor's minimap); kiosk mode is a visitor.
  await page.goto('/site?kiosk=1');
  const enlarge = page.getByRole('button', { name: 'Enlarge minimap' });
  await enlarge.waitFor({ timeout: 10_000 }).catch(() => undefined);
  demoLacks(!(await enlarge.count()), 'no floor plan on the initial floor');
  await enlarge.click();
  const map = page.locator('.minimap.enlarged');
  await expect(map).toBeVisible();
  await expect(map.locator('.node-name').first()).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Floors' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(map).toHaveCount(0);
  await enlarge.click();
  const here = map.locator('.minimap-node.current');
  await expect(here.locator('.view-cone')).toBeVisible();
  const others = map.getByRole('button', { name: /^Go to / });
  if (await others.count()) {
    const before = param(page, 'node');
    await others.first().click();
    await expect(page.locator('.minimap.enlarged')).toHaveCount(0);
    await expect.poll(() => param(page, 'node')).not.toBe(before);
  }
});

test('kiosk mode hides the admin controls', async ({ page }) => {
  await page.goto('/site?kiosk=1');
  await expect(titleCard(page)).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Site', exact: true })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Add Scene' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Enable Multisite' })).toHaveCount(0);
  await expect(page.locator('.viewer.kiosk')).toBeVisible();
});

test('the first view is drawn before the 3D engine has loaded; the engine then takes the same canvas over', async ({
  page,
}) => {
  // Hold the renderer's chunk (React Three Fiber, three.js): what shows meanwhile is the early stage's.
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  await page.route(/\/assets\/scene-[^/]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  await page.goto('/site');
  await page.waitForFunction(
    () =>
      (window as unknown as { __panorama?: { counters: { stable: boolean } } }).__panorama?.counters.stable === true,
  );
  const canvas = page.locator('.panorama-host canvas');
  await expect(canvas).toHaveCount(1);
  await expect(canvas).toBeVisible();
  expect(await page.locator('.panorama-canvas').count(), 'the engine is not there yet').toBe(0);
  // A picture, not an empty canvas: the demo's labelled faces have light and dark areas.
  const shot = await canvas.screenshot();
  const { data } = await (await import('sharp')).default(shot).greyscale().raw().toBuffer({ resolveWithObject: true });
  let lo = 255;
  let hi = 0;
  for (const v of data) {
    lo = Math.min(lo, v);
    hi = Math.max(hi, v);
  }
  expect(hi - lo).toBeGreaterThan(100);
  release();
  // The engine's box now holds that very canvas, and the panorama is live (camera info follows a drag).
  await expect(page.locator('.panorama-canvas canvas')).toHaveCount(1);
  await expect(page.locator('.panorama-host canvas')).toHaveCount(1);
  await page.getByLabel('Show Camera Info').check();
  const rotation = page.getByRole('region', { name: 'Camera info' }).getByTestId('camera-rotation');
  const before = await rotation.textContent();
  const box = (await page.locator('.panorama-host').boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  for (let i = 1; i <= 8; i++) await page.mouse.move(box.x + box.width / 2 - i * 20, box.y + box.height / 2);
  await page.mouse.up();
  await expect(rotation).not.toHaveText(before!);
});
