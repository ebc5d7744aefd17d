// The viewer's Share button hands out the deep link of what is on screen: copied to the clipboard ("Link
// copied" in a status), it opens, in a new page, the same node, date and view; where the browser has a system
// share sheet, that sheet gets the same link. A kiosk offers no Share button.
import type { Page } from '@playwright/test';
import { demoSite } from './app-helpers';
import { expect, test } from './helpers/cleanConsole';

const VIEW = { yaw: 1.2, pitch: -0.25, fov: 1.1 };

const panoramaReady = (page: Page) =>
  page.waitForFunction(() => (window.__panorama?.frames ?? 0) > 2 && !!window.__panorama?.counters.stable, null, {
    timeout: 30_000,
  });

type View = typeof VIEW;

/** Open `link` and turn the camera towards VIEW; returns the view shown (within the scene's limits). */
async function openAndTurn(page: Page, link: string): Promise<View> {
  await page.goto(link);
  await panoramaReady(page);
  return page.evaluate((v) => {
    window.__panorama!.setView(v);
    return window.__panorama!.getView();
  }, VIEW);
}

/** Whether two views agree to the precision of a link (4 decimals of a radian). */
const same = (a: View, b: View) => (['yaw', 'pitch', 'fov'] as const).every((k) => Math.abs(a[k] - b[k]) < 1e-3);
const viewOf = (url: string): View => {
  const p = new URL(url).searchParams;
  return { yaw: Number(p.get('yaw')), pitch: Number(p.get('pitch')), fov: Number(p.get('fov')) };
};

test.describe('Share this view', () => {
  let link = '';
  let node = '';
  let date = '';
  test.beforeEach(async ({ request }) => {
    const demo = await demoSite(request);
    node = demo.scenes[1]!.survey_node.tiles_id;
    date = demo.date;
    link = `/site?date=${date}&node=${encodeURIComponent(node)}`;
  });

  test('copies the deep link, which opens the same node, date and view', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    // Chromium on a desktop has no share sheet; made sure of, so only the clipboard is at work here.
    await page.addInitScript(() => delete (Navigator.prototype as { share?: unknown }).share);
    const shown = await openAndTurn(page, link);
    await page.getByRole('toolbar', { name: 'Viewer tools' }).getByRole('button', { name: 'Share this view' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Link copied' })).toBeVisible();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    const params = new URL(copied).searchParams;
    expect([params.get('node'), params.get('date')]).toEqual([node, date]);
    expect(same(viewOf(copied), shown), `${copied} names ${JSON.stringify(shown)}`).toBe(true);

    const other = await context.newPage();
    await other.goto(copied);
    await panoramaReady(other);
    const seen = await other.evaluate(() => window.__panorama!.getView());
    expect(same(seen, shown), `opened at ${JSON.stringify(seen)}`).toBe(true);
    const opened = new URL(other.url()).searchParams;
    expect([opened.get('node'), opened.get('date')]).toEqual([node, date]);
    await expect(page.getByRole('status').filter({ hasText: 'Link copied' })).toHaveCount(0, { timeout: 10_000 });
  });

  test('opens the system share sheet with the same link where there is one', async ({ page }) => {
    await page.addInitScript(() => {
      const calls: unknown[] = [];
      (window as unknown as { __shared: unknown[] }).__shared = calls;
      Object.defineProperty(Navigator.prototype, 'share', {
        configurable: true,
        value: async (data: unknown) => void calls.push(data),
      });
    });
    const shown = await openAndTurn(page, link);
    await page.getByRole('button', { name: 'Share this view' }).click();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { __shared: { url: string }[] }).__shared))
      .toHaveLength(1);
    const { url } = (await page.evaluate(() => (window as unknown as { __shared: { url: string }[] }).__shared))[0]!;
    const params = new URL(url).searchParams;
    expect([params.get('node'), params.get('date')]).toEqual([node, date]);
    expect(same(viewOf(url), shown), `${url} names ${JSON.stringify(shown)}`).toBe(true);
  });

  test('a kiosk offers no Share button', async ({ page }) => {
    await page.goto(`${link}&kiosk=1`);
    await panoramaReady(page);
    await expect(page.locator('.viewer.kiosk')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Share this view' })).toHaveCount(0);
  });
});
