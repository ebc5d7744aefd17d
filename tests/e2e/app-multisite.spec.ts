// Multi-site mode: the map home at the root, a site under /site/{siteId}/site, and back to single-site.
// The test server has USE_SSO off, so everyone administers (the editor's pin map); kiosk mode (?kiosk=1)
// is a visitor: enabled pins of the current map only, a pin click enters the site.
import { expect, test } from '@playwright/test';
import { api, demoLacks } from './app-helpers';

interface Pin {
  _id: string;
  name: string;
  site: string;
  enabled: boolean;
  sitemap: string;
  external_url?: string;
}

test.describe.configure({ mode: 'serial' });
test.afterAll(async ({ request }) => {
  await request.patch('/api/settings', { data: { enableMultiSite: false } });
});

test('an administrator turns multi-site on from the site view and back with To Single Site', async ({
  page,
  request,
}) => {
  const config = await api<{ projectTitle: string }>(request, '/api/settings');
  await page.goto('/site');
  await page.getByRole('button', { name: 'Enable Multisite' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1, name: config.projectTitle })).toBeVisible();
  await page.getByRole('button', { name: 'To Single Site' }).click();
  await expect(page.getByRole('link', { name: 'Enter the site' })).toBeVisible();
});

test('a visitor sees the map, enabled pins of the current map, see more / see less, and enters a site', async ({
  page,
  request,
}) => {
  const config = await api<{ projectTitle: string }>(request, '/api/settings');
  expect((await request.patch('/api/settings', { data: { enableMultiSite: true } })).ok()).toBe(true);
  const pins = await api<Pin[]>(request, '/api/map-pins');
  await page.goto('/?kiosk=1');
  await page.evaluate(() => localStorage.removeItem('currentSitemap'));
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: config.projectTitle })).toBeVisible();
  await expect(page.getByRole('img', { name: /^Site map:/ })).toBeVisible();
  // A kiosk offers no pin that leads to another website (it never leaves the product).
  const onMap = pins.filter((p) => (p.sitemap || 'default') === 'default' && p.enabled && !p.external_url);
  await expect(page.locator('.sitemap .pin')).toHaveCount(onMap.length);
  await expect(page.locator('.sitemap .pin.disabled')).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('currentSitemap'))).toBe('default');
  await expect(page.getByRole('button', { name: 'To Single Site' })).toHaveCount(0);

  await page.getByRole('button', { name: 'See more farms' }).click();
  await expect(page.getByRole('button', { name: 'See less farms' })).toHaveAttribute('aria-expanded', 'true');
  await expect(page.locator('#pin-groups h2').first()).toBeVisible();
  for (const p of pins.filter((x) => !x.enabled)) await expect(page.locator('#pin-groups')).not.toContainText(p.name);
  await page.getByRole('button', { name: 'See less farms' }).click();
  await expect(page.locator('#pin-groups')).toHaveCount(0);

  const sitePin = onMap.find((p) => p.site && !p.external_url);
  demoLacks(!sitePin, 'no enabled site pin on the default map');
  await page.locator('.sitemap .pin', { hasText: sitePin!.name }).click();
  await expect(page).toHaveURL(new RegExp(`/site/${sitePin!.site}/site`));
  await expect(page.locator('.title-card')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' })).toHaveAttribute(
    'href',
    '/',
  );
});
