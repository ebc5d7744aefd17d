// A kiosk stays a kiosk: the flag survives in-app navigation, reloads and a restart on a URL without it; no
// administrator tool shows although the test server has USE_SSO off (where everyone administers); Home stays
// in the site; no link leaves the app; kiosk=0 ends it (allowed here: no sign-on).
import type { Page } from '@playwright/test';
import { expect, test } from './helpers/cleanConsole';
import { api } from './app-helpers';
import { THREE, VIEWPORTS } from './viewports';

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const kioskParam = (page: Page) => new URL(page.url()).searchParams.get('kiosk');

async function expectNoAdminTools(page: Page) {
  await expect(page.locator('.viewer.kiosk')).toBeVisible();
  await expect(nav(page).getByRole('link', { name: 'Add Scene' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Enable Multisite' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Edit floor/i })).toHaveCount(0);
  await expect(page.locator('.minimap-editor, .konvajs-content')).toHaveCount(0);
}

for (const name of THREE) {
  test.describe(`kiosk on ${name}`, () => {
    test.use(VIEWPORTS[name]);

    test('survives navigation, reload and a restart on the bare start URL; shows no admin tool', async ({
      page,
      context,
    }) => {
      await page.goto('/?kiosk=1');
      await nav(page).getByRole('link', { name: 'Site', exact: true }).click();
      await expect(page).toHaveURL(/\/site\?/);
      await expect.poll(() => kioskParam(page)).toBe('1');
      await expectNoAdminTools(page);

      // Moving in the viewer (a floor, a date) keeps it in the URL.
      const floors = page
        .getByRole('navigation', { name: 'Floors' })
        .locator('.floor-stop:not([aria-disabled="true"]):not([aria-current="true"])');
      if (await floors.count()) {
        await floors.first().click();
        await expect.poll(() => new URL(page.url()).searchParams.get('floor')).not.toBeNull();
        expect(kioskParam(page)).toBe('1');
      }
      await page.reload();
      await expectNoAdminTools(page);

      // A browser restart that opens the site without the flag (another tab of the same profile).
      const again = await context.newPage();
      await again.goto('/site');
      await expectNoAdminTools(again);
      await expect.poll(() => kioskParam(again)).toBe('1');
      // The upload page is not reachable on a kiosk, even by typing its address.
      await again.goto('/addScene');
      await expect(again).not.toHaveURL(/addScene/);
      await expect(again.locator('.upload-page')).toHaveCount(0);
    });

    test('kiosk=0 ends it on an install without sign-on; the console comes back', async ({ page }) => {
      await page.goto('/site?kiosk=1');
      await expectNoAdminTools(page);
      await page.goto('/site?kiosk=0');
      await expect.poll(() => kioskParam(page)).toBeNull();
      await expect(page.locator('.viewer.kiosk')).toHaveCount(0);
      await expect(nav(page).getByRole('link', { name: 'Add Scene' })).toHaveCount(1);
      await page.goto('/site');
      await expect(page.locator('.viewer.kiosk')).toHaveCount(0);
    });

    test('the product label and links to other websites are not followed', async ({ page }) => {
      await page.goto('/site?kiosk=1');
      await expect(page.locator('.viewer.kiosk')).toBeVisible();
      await expect(nav(page).locator('a.product-label')).toHaveCount(0);
      // Any link to another website (e.g. in an info panel's content) does nothing on a kiosk.
      await page.evaluate(() => {
        const a = document.createElement('a');
        a.href = 'https://example.org/elsewhere';
        a.textContent = 'elsewhere';
        a.id = 'ext-link';
        a.style.cssText = 'position:fixed;left:40%;top:40%;z-index:99;background:#fff;padding:20px';
        document.body.append(a);
      });
      await page.locator('#ext-link').click();
      await page.waitForTimeout(300);
      expect(new URL(page.url()).host).toBe(new URL(page.context().pages()[0].url()).host);
      expect(page.url()).not.toContain('example.org');
    });
  });
}

test.describe('kiosk in multi-site mode', () => {
  interface Pin {
    site: string;
    name: string;
    enabled: boolean;
    sitemap: string;
    external_url?: string;
  }
  test.describe.configure({ mode: 'serial' });
  test.afterAll(async ({ request }) => {
    await request.patch('/api/settings', { data: { enableMultiSite: false } });
  });

  for (const name of THREE) {
    test(`Home stays in the site; external pins are not offered (${name})`, async ({ browser, request }) => {
      expect((await request.patch('/api/settings', { data: { enableMultiSite: true } })).ok()).toBe(true);
      const context = await browser.newContext(VIEWPORTS[name]);
      const page = await context.newPage();
      const config = await api<{ defaultSite: string }>(request, '/api/settings');
      await page.goto(`/site/${config.defaultSite}/site?kiosk=1`);
      await expect(page.locator('.viewer.kiosk')).toBeVisible();
      const home = nav(page).getByRole('link', { name: 'Home' });
      await expect(home).toHaveAttribute('href', `/site/${config.defaultSite}/site`);
      await home.click();
      await expect(page).toHaveURL(new RegExp(`/site/${config.defaultSite}/site\\?`));
      await expect.poll(() => kioskParam(page)).toBe('1');
      await expect(page.locator('.multisite-home')).toHaveCount(0);

      // A kiosk started on the map: pins to other websites are not there to follow.
      const pins = await api<Pin[]>(request, '/api/map-pins');
      const external = pins.filter((p) => p.enabled && p.external_url && (p.sitemap || 'default') === 'default');
      const kiosk = await context.newPage();
      await kiosk.goto('/?kiosk=1');
      await kiosk.evaluate(() => localStorage.removeItem('currentSitemap'));
      await kiosk.reload();
      await expect(kiosk.getByRole('img', { name: /^Site map:/ })).toBeVisible();
      for (const p of external) await expect(kiosk.locator('.sitemap .pin', { hasText: p.name })).toHaveCount(0);
      await context.close();
    });
  }
});
