// An administrator's toolbar is in its final places from the first picture: the buttons whose code comes only after
// the first view (compare, the start-view button) are held there disabled, so nothing moves when they go live (the
// toolbar is right-aligned: a late button pushed every one before it).
import type { Page } from '@playwright/test';
import { demoSite } from './app-helpers';
import { focusedName, tabTo } from './keyboard-helpers';
import { expect, test } from './helpers/cleanConsole';

/** Each toolbar button's name with its box (whole pixels) and opacity: where it is and how it looks. */
async function toolbarBoxes(page: Page): Promise<Record<string, Array<number | string>>> {
  return page.locator('.viewer-tools .tool-button').evaluateAll((buttons) =>
    Object.fromEntries(
      buttons.map((b) => {
        const r = b.getBoundingClientRect();
        return [b.textContent!.trim(), [...[r.x, r.y, r.width, r.height].map(Math.round), getComputedStyle(b).opacity]];
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
  const laterCode = [/\/assets\/StartViewButton-/, /\/assets\/CompareControls-/].map((r) => page.waitForResponse(r));
  await page.goto(`/site?site=${demo.site}&date=${demo.date}&node=${start.tiles_id}`);
  const tools = page.getByRole('toolbar', { name: 'Viewer tools' });
  await expect(tools.getByRole('button', { name: 'Hotspot editor' })).toBeVisible();
  // Held in place while the first view is incomplete: there, but not yet usable.
  await expect(tools.getByRole('button', { name: 'Set start view here' })).toBeDisabled();
  await expect(tools.getByRole('button', { name: 'Compare dates' })).toBeDisabled();
  const first = await toolbarBoxes(page);

  release();
  await Promise.all(laterCode);
  // Live once their code is in (the start-view button reads its survey on a click if it must).
  await expect(tools.getByRole('button', { name: 'Set start view here' })).toBeEnabled({ timeout: 15_000 });
  await expect(tools.locator('.held-live, [aria-disabled="true"]:not([aria-describedby])')).toHaveCount(0);
  expect(await toolbarBoxes(page)).toEqual(first);
});

test('a press on a held button waits for its code, then acts, and the focus moves to the live button', async ({
  page,
}) => {
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  await page.route(/\/assets\/CompareControls-/, async (route) => {
    await released;
    await route.continue();
  });
  await page.goto('/site');
  const compare = page.getByRole('toolbar', { name: 'Viewer tools' }).getByRole('button', { name: 'Compare dates' });
  await expect(compare).toBeVisible();
  // By keyboard, as a person who reaches it first: the held button has the focus and takes Enter.
  await tabTo(page, 'Compare dates');
  await expect(compare).toHaveAttribute('aria-disabled', 'true');
  await page.keyboard.press('Enter');
  await page.waitForTimeout(300);
  expect(new URL(page.url()).searchParams.get('compare')).toBe(null);
  release();
  await expect.poll(() => new URL(page.url()).searchParams.get('cnode'), { timeout: 15_000 }).not.toBe(null);
  // The focus went with it, to the live button, not to the page's body.
  await expect.poll(() => focusedName(page)).toBe('Compare dates');
  expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-disabled'))).toBe(null);
});
