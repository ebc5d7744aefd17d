// A disabled site (its pins all hidden) as people see it, with single sign-on on: its superAdmin is told on the
// site's own page and in the Users dialog's site list that it is disabled; an anonymous visitor is shown nothing of
// it (the server answers "no such site" to every read, tests/api/disabled-sites.test.ts).
import { expect, test } from './helpers/cleanConsole';
import { ROOT_PASSWORD, startSsoServer } from './helpers/ssoServer';

let origin = '';
let close: () => Promise<void>;

test.beforeAll(async () => {
  ({ origin, close } = await startSsoServer('survey-disabled-'));
});
test.afterAll(async () => close?.());

test('a disabled site is named so to its administrator and shown to no visitor', async ({ page, browser }) => {
  expect(
    (await page.request.post(`${origin}/api/login`, { data: { username: 'root', password: ROOT_PASSWORD } })).ok(),
  ).toBe(true);
  const pins = (await (await page.request.get(`${origin}/api/map-pins`)).json()).payload as {
    _id: string;
    site: string;
    name: string;
  }[];
  const farm = pins.find((p) => p.name === 'Demo Farm')!;
  const hide = await page.request.patch(`${origin}/api/map-pins/${farm._id}`, { data: { enabled: false } });
  expect(hide.status()).toBe(200);

  await page.goto(`${origin}/site/${farm.site}/site`);
  await expect(page.getByRole('status').filter({ hasText: 'Site Disabled' })).toBeVisible({ timeout: 20_000 });
  await page.screenshot({ path: test.info().outputPath('site-disabled.png') });
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Users' }).click();
  const users = page.getByRole('dialog', { name: 'Users' });
  await users.getByRole('button', { name: 'Add user' }).click();
  await users.getByLabel('Role').selectOption('projectAdmin');
  await expect(users.getByRole('group', { name: 'Sites it administers' })).toContainText('Demo Farm (Site Disabled)');

  const visitor = await browser.newContext();
  const anon = await visitor.newPage();
  const answer = await anon.goto(`${origin}/site/${farm.site}/site`);
  expect(answer?.status()).toBeLessThan(500);
  await anon.waitForLoadState('networkidle');
  await expect(anon.getByText('Site Disabled')).toHaveCount(0);
  await expect(anon.locator('canvas')).toHaveCount(0);
  await visitor.close();
});
