// The page of a site with nothing in it yet, reached from a pin of the multi-site map ('Go to site' for an
// administrator, a pin tap for a visitor): it is called by the pin's name, not the site id, and has a way back
// to the map. On desktop and a phone held either way.
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './helpers/cleanConsole';
import { api } from './app-helpers';
import { THREE, VIEWPORTS } from './viewports';
import { tappable } from './layout-helpers';

interface Pin {
  _id: string;
  site: string;
  name: string;
}

test.describe.configure({ mode: 'serial' });
const made: string[] = [];
// Each test's pin goes after it, so pins of other viewports never sit on top of the one tapped.
test.afterEach(async ({ request }) => {
  for (const id of made.splice(0)) await request.delete(`/api/map-pins/${id}`);
});
test.afterAll(async ({ request }) => {
  await request.patch('/api/settings', { data: { enableMultiSite: false } });
});

async function pinFor(request: APIRequestContext, name: string, x: number, y: number): Promise<Pin> {
  expect((await request.patch('/api/settings', { data: { enableMultiSite: true } })).ok()).toBe(true);
  const res = await request.post('/api/map-pins', { data: { name, x, y, icon: 'farm', enabled: true } });
  expect(res.ok()).toBe(true);
  const pin = ((await res.json()) as { payload: Pin }).payload;
  made.push(pin._id);
  expect(pin.site).not.toBe(name);
  return pin;
}

for (const vp of THREE) {
  test.describe(`a new site on ${vp}`, () => {
    test.use(VIEWPORTS[vp]);
    // The page learns that a site does not exist yet from its settings' 404 (a known wart: it should ask
    // whether the site exists instead, and log nothing).
    test.beforeEach(({ consoleErrors }) => consoleErrors.expect(/status of 404 .*\/api\/site\/[^/]+\/settings/));

    test("an administrator sees the pin's name and a way back to the map", async ({ page, request }) => {
      const pin = await pinFor(request, `E2E Orchard ${vp}`, 20, 20);
      await page.goto(`/site/${pin.site}/site`);
      await expect(page.getByLabel('Site name')).toHaveValue(pin.name);
      await expect.poll(() => page.title()).toContain(pin.name);
      const back = page
        .getByRole('navigation', { name: 'Way back' })
        .getByRole('link', { name: 'Back to the site map' });
      expect(await tappable(back)).toBeNull();
      await back.click();
      await expect(page).toHaveURL(/\/$/);
      await expect(page.locator('.multisite-home')).toBeVisible();
    });

    test('a visitor who taps the pin gets a page with a way back', async ({ page, request }) => {
      const pin = await pinFor(request, `E2E Meadow ${vp}`, 20, 20);
      const config = await api<{ projectTitle: string }>(request, '/api/settings');
      await page.goto('/?kiosk=1');
      await page.evaluate(() => localStorage.removeItem('currentSitemap'));
      await page.reload();
      await page.locator('.sitemap .pin', { hasText: pin.name }).click({ timeout: 15_000 });
      await expect(page).toHaveURL(new RegExp(`/site/${pin.site}/site`));
      await expect(page.getByRole('heading', { name: 'No site to show yet' })).toBeVisible();
      await page.getByRole('link', { name: 'Back to the site map' }).click();
      await expect(page.getByRole('heading', { level: 1, name: config.projectTitle })).toBeVisible();
    });
  });
}
