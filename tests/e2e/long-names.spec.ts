// Names of 200 characters (the longest a pin or site name may be) stay inside their labels: a pin's label on the
// map and the viewer's title card cut them with an ellipsis, and the whole name stays in the element's title (on
// hover) and in what a screen reader reads.
import type { Locator } from '@playwright/test';
import { expect, test } from './helpers/cleanConsole';
import { ROOT_PASSWORD, startSsoServer } from './helpers/ssoServer';
import { appPageDrawn } from './app-helpers';

let origin = '';
let close: () => Promise<void>;

test.beforeAll(async () => {
  ({ origin, close } = await startSsoServer('survey-names-'));
});
test.afterAll(async () => close?.());

const PIN_NAME = `Northern ${'pasture'.repeat(27)}`.slice(0, 200);
const SITE_TITLE = `Farm ${'x'.repeat(195)}`;

/** The element's box lies inside the other's (by a pixel of rounding). */
async function inside(inner: Locator, outer: Locator) {
  const a = (await inner.boundingBox())!;
  const b = (await outer.boundingBox())!;
  expect(a.x).toBeGreaterThanOrEqual(b.x - 1);
  expect(a.x + a.width).toBeLessThanOrEqual(b.x + b.width + 1);
}

test('a 200-character pin and site name stay in their labels, whole on hover and to screen readers', async ({
  page,
  browser,
}) => {
  const login = await page.request.post(`${origin}/api/login`, { data: { username: 'root', password: ROOT_PASSWORD } });
  expect(login.ok()).toBe(true);
  expect((await page.request.patch(`${origin}/api/settings`, { data: { enableMultiSite: true } })).ok()).toBe(true);
  const site = ((await (await page.request.get(`${origin}/api/sites`)).json()).payload as { id: string }[])[0]!.id;
  const pin = await page.request.post(`${origin}/api/map-pins`, {
    data: { name: PIN_NAME, x: 50, y: 50, icon: 'farm', cover_image: '', enabled: true, sitemap: 'default', site },
  });
  expect(pin.status()).toBe(200);
  const settings = await page.request.patch(`${origin}/api/site/${site}/settings`, {
    data: { display: { title: SITE_TITLE } },
  });
  expect(settings.status()).toBe(200);

  const visitor = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const anon = await visitor.newPage();
  await anon.goto(`${origin}/`);
  const button = anon.getByRole('button', { name: PIN_NAME });
  await expect(button).toBeVisible({ timeout: 20_000 });
  await expect(button).toHaveAttribute('title', PIN_NAME);
  const label = button.locator('.pin-label');
  expect((await label.boundingBox())!.width).toBeLessThanOrEqual(260);
  await inside(label, anon.locator('.sitemap-image'));

  await anon.goto(`${origin}/site/${site}/site`);
  // Measured on the app's title card: the server's shell is replaced by it, and a box read across that swap is null.
  await appPageDrawn(anon);
  const card = anon.locator('.title-card');
  await expect(card).toBeVisible({ timeout: 20_000 });
  const title = card.locator('.title-site');
  await expect(title).toHaveAttribute('title', SITE_TITLE);
  await expect(title).toHaveText(SITE_TITLE);
  await inside(title, card);
  expect((await card.boundingBox())!.height).toBeLessThan(200);
  await visitor.close();
});
