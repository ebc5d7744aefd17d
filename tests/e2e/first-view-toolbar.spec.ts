// An administrator's toolbar is in its final places from the first picture: the buttons whose code comes only after
// the first view (compare, the start-view button) are held there disabled, so nothing moves when they go live (the
// toolbar is right-aligned: a late button pushed every one before it).
import type { Page } from '@playwright/test';
import { demoSite } from './app-helpers';
import { expect, test } from './helpers/cleanConsole';

/** Each toolbar button's accessible name with its box, rounded to whole pixels. */
async function toolbarBoxes(page: Page): Promise<Record<string, number[]>> {
  return page.locator('.viewer-tools .tool-button').evaluateAll((buttons) =>
    Object.fromEntries(
      buttons.map((b) => {
        const r = b.getBoundingClientRect();
        return [b.textContent!.trim(), [r.x, r.y, r.width, r.height].map(Math.round)];
      }),
    ),
  );
}

test('an administrator’s toolbar keeps its places from the first picture to the settled page', async ({
  page,
  request,
}) => {
  const demo = await demoSite(request);
  const start = demo.scenes.find((s) => s.survey_node.link_hotspots.length > 0)!.survey_node;
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  await page.route(new RegExp(`/media/tiles/${start.tiles_id}/\\d+/`), async (route) => {
    await released;
    await route.continue();
  });
  const startViewCode = page.waitForRequest(/\/assets\/StartViewButton-/);
  await page.goto(`/site?site=${demo.site}&date=${demo.date}&node=${start.tiles_id}`);
  const tools = page.getByRole('toolbar', { name: 'Viewer tools' });
  await expect(tools.getByRole('button', { name: 'Hotspot editor' })).toBeVisible();
  // Held in place while the first view is incomplete: there, but not yet usable.
  await expect(tools.getByRole('button', { name: 'Set start view here' })).toBeDisabled();
  await expect(tools.getByRole('button', { name: 'Compare dates' })).toBeDisabled();
  const first = await toolbarBoxes(page);

  release();
  await startViewCode;
  // Live: the start-view button once its survey read is in, compare once its code is (enabled or saying why not).
  await expect(tools.getByRole('button', { name: 'Set start view here' })).toBeEnabled({ timeout: 15_000 });
  await expect(tools.getByRole('button', { name: 'Compare dates' })).not.toHaveAttribute('disabled');
  expect(await toolbarBoxes(page)).toEqual(first);
});
