// Multi-site mode: the map home at the root, pins of the current map, see more / see less, a site under
// /site/{siteId}/site, and back to single-site. The test server has USE_SSO off, so the visitor is an admin:
// disabled pins show darkened with 'Site Disabled', and a pin click selects it.
import { expect, test } from '@playwright/test';
import { api } from './app-helpers';

interface Pin { _id: string; name: string; site: string; enabled: boolean; sitemap: string; external_url?: string }

test.afterAll(async ({ request }) => {
  await request.patch('/api/settings', { data: { enableMultiSite: false } });
});

test('map home: title, map image, pins of the current map, see more / see less, enter a site, to single site', async ({ page, request }) => {
  const config = await api<{ projectTitle: string }>(request, '/api/settings');
  const pins = await api<Pin[]>(request, '/api/map-pins');
  await page.goto('/site');
  await page.evaluate(() => localStorage.removeItem('currentSitemap'));
  // The single-site view's admin button turns multi-site on and goes to /.
  await page.getByRole('button', { name: 'Enable Multisite' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1, name: config.projectTitle || 'PROJECT TITLE' })).toBeVisible();
  await expect(page.getByRole('img', { name: /^Site map:/ })).toBeVisible();
  const onMap = pins.filter((p) => (p.sitemap || 'default') === 'default');
  const pinButtons = page.locator('.sitemap .pin');
  await expect(pinButtons).toHaveCount(onMap.length);
  for (const p of onMap.filter((x) => !x.enabled)) {
    await expect(page.locator('.sitemap .pin.disabled', { hasText: p.name })).toContainText('Site Disabled');
  }
  expect(await page.evaluate(() => localStorage.getItem('currentSitemap'))).toBe('default');

  await page.getByRole('button', { name: 'See more farms' }).click();
  await expect(page.getByRole('button', { name: 'See less farms' })).toHaveAttribute('aria-expanded', 'true');
  await expect(page.locator('#pin-groups h2').first()).toBeVisible();
  await page.getByRole('button', { name: 'See less farms' }).click();
  await expect(page.locator('#pin-groups')).toHaveCount(0);

  const sitePin = onMap.find((p) => p.enabled && p.site && !p.external_url);
  if (sitePin) {
    await page.locator('.sitemap .pin', { hasText: sitePin.name }).click();
    await page.getByRole('button', { name: 'Go to site' }).click();
    await expect(page).toHaveURL(new RegExp(`/site/${sitePin.site}/site`));
    await expect(page.locator('.title-card')).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    await page.goto('/');
  }
  await page.getByRole('button', { name: 'To Single Site' }).click();
  await expect(page.getByRole('link', { name: 'Enter the site' })).toBeVisible();
});
