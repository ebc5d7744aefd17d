// The Site settings page, with single sign-on on (a server of its own: the settings it changes stay here): the
// site's projectAdmin changes the title, turns the timeline off, takes the viewer's view as the start view and
// makes a kiosk with short idle times, by keyboard; a visitor's page open meanwhile follows each change without a
// reload (title, timeline, kiosk with the new idle times, and no kiosk once it is turned off); a fresh visit opens in
// the new start scene and view; the projectAdmin of another site is neither offered the page nor allowed its write.
import AxeBuilder from '@axe-core/playwright';
import { request as apiRequest, type Browser, type Page } from '@playwright/test';
import { expect, test, watchConsoleErrors } from './helpers/cleanConsole';
import { ROOT_PASSWORD, startSsoServer } from './helpers/ssoServer';
import { demoSite, type DemoSite } from './app-helpers';

let origin = '';
let close: () => Promise<void>;
let demo: DemoSite;
const ADMIN = { username: 'pat', roles: ['projectAdmin'], sites: ['demo-farm'] };
const OTHER = { username: 'olga', roles: ['projectAdmin'], sites: ['another-farm'] };

test.beforeAll(async () => {
  ({ origin, close } = await startSsoServer('survey-settings-'));
  const root = await apiRequest.newContext({ baseURL: origin });
  await root.post('/api/login', { data: { username: 'root', password: ROOT_PASSWORD } });
  for (const a of [ADMIN, OTHER])
    expect((await root.post('/api/users', { data: { ...a, password: ROOT_PASSWORD } })).status()).toBe(200);
  demo = await demoSite(root);
  expect(demo.site).toBe('demo-farm');
  await root.dispose();
});
test.afterAll(async () => close?.());

/** A page of its own browser context, signed in as `username` (none: a visitor), its errors watched. */
async function pageOf(browser: Browser, username?: string): Promise<Page> {
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  const errors = await watchConsoleErrors(ctx);
  const page = await ctx.newPage();
  if (username)
    expect(
      (await page.request.post(`${origin}/api/login`, { data: { username, password: ROOT_PASSWORD } })).status(),
    ).toBe(200);
  ctx.on('close', () => expect(errors.unexpected()).toEqual([]));
  return page;
}
const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const node = (page: Page) => new URL(page.url()).searchParams.get('node');
type View = { yaw: number; pitch: number; fov: number };
/** The view the admin stands at when taking it as the start view (within the demo scenes' zoom limits). */
const START: View = { yaw: 1, pitch: 0.2, fov: 1.4 };
const viewOf = (page: Page) => page.evaluate(() => window.__panorama?.getView() ?? { yaw: NaN, pitch: NaN, fov: NaN });
const offBy = (v: View, w: View) => Math.max(...(['yaw', 'pitch', 'fov'] as const).map((k) => Math.abs(v[k] - w[k])));

test('an administrator changes the settings; open pages follow at once, a fresh visit starts anew', async ({
  browser,
}) => {
  const [first, second] = demo.scenes.map((s) => s.survey_node);
  expect(second, 'the demo floor has two scenes').toBeTruthy();
  const visitor = await pageOf(browser);
  await visitor.goto(`${origin}/site`);
  await expect(visitor.locator('.title-card h1')).toHaveText(first.title);
  await expect(visitor.getByRole('button', { name: 'Open Timeline' })).toBeVisible();
  // A panel open when its section is turned off goes with it.
  await visitor.getByRole('button', { name: 'Hotspots' }).click();
  await expect(visitor.getByRole('region', { name: 'Hotspots' })).toBeVisible();
  await visitor.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));

  // The admin stands in the second scene, looking somewhere of its own, and opens the page from there.
  const admin = await pageOf(browser, ADMIN.username);
  const here = `floor=${demo.settings.initial_settings.floor}&date=${demo.date}&node=${second.tiles_id}`;
  await admin.goto(`${origin}/site?${here}&yaw=${START.yaw}&pitch=${START.pitch}&fov=${START.fov}`);
  await expect(admin.locator('.title-card h1')).toHaveText(second.title);
  await nav(admin).getByRole('link', { name: 'Site settings' }).focus();
  await admin.keyboard.press('Enter');
  await expect(admin.getByRole('heading', { name: 'Site settings', level: 1 })).toBeVisible();
  const axe = await new AxeBuilder({ page: admin }).include('main').analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);

  await admin.getByLabel('Site title').fill('Renamed farm');
  await admin.getByRole('checkbox', { name: 'Timeline' }).focus();
  await admin.keyboard.press('Space');
  await admin.getByRole('checkbox', { name: 'Hotspot navigation' }).uncheck();
  await admin.getByRole('button', { name: 'Use the current view as the start view' }).focus();
  await admin.keyboard.press('Enter');
  await expect(admin.getByRole('radio', { name: second.title })).toBeChecked();
  const writes: string[] = [];
  admin.on('request', (r) => r.method() === 'PATCH' && writes.push(r.url()));
  await admin.getByLabel('Site title').press('Enter');
  await expect(admin.getByRole('status')).toHaveText('Saved');
  // The visitor's page, not reloaded: new title, no timeline, and the open hotspot list gone with its section.
  await expect(visitor.locator('.title-card .title-site')).toHaveText('Renamed farm');
  await expect(visitor.getByRole('button', { name: 'Open Timeline' })).toHaveCount(0);
  await expect(visitor.getByRole('region', { name: 'Hotspots' })).toHaveCount(0);

  // A fresh visit opens in the new start scene, looking where the admin looked: the page's first bytes name that
  // view, and the viewer shows it.
  const fresh = await pageOf(browser);
  const res = await fresh.goto(`${origin}/site`);
  const firstView = JSON.parse(
    /<script type="application\/json" id="first-view">([^<]*)<\/script>/.exec((await res!.text()) ?? '')![1]!,
  ) as { view: View };
  expect(offBy(firstView.view, START)).toBeLessThan(1e-3);

  await expect(fresh.locator('.title-card h1')).toHaveText(second.title);
  await expect.poll(() => node(fresh)).toBe(second.tiles_id);
  await expect.poll(() => viewOf(fresh).then((v) => offBy(v, START))).toBeLessThan(1e-3);

  await admin.getByRole('checkbox', { name: /^Kiosk mode/ }).focus();
  await admin.keyboard.press('Space');
  // Checked here by the server's own rule, shown next to its field; nothing is sent.
  await admin.getByLabel('Idle seconds before rotating').fill('-1');
  await admin.keyboard.press('Enter');
  await expect(admin.locator('#setting-idleRotateSeconds-error')).toHaveText(/idleRotateSeconds must be from 0 to/);
  expect(writes).toHaveLength(1);
  // Leaving with unsaved changes asks first.
  await nav(admin).getByRole('link', { name: 'Site', exact: true }).click();
  await expect(admin.getByRole('dialog', { name: 'Unsaved changes' })).toBeVisible();
  await admin.getByRole('button', { name: 'Stay on this page' }).click();
  await admin.getByLabel('Idle seconds before rotating').fill('60');
  await admin.getByLabel('Idle seconds before returning to the start').fill('2');
  await admin.keyboard.press('Enter');
  await expect(admin.getByRole('status')).toHaveText('Saved');
  expect(writes).toHaveLength(2);

  // The visitor's page, still not reloaded: a kiosk that returns to the new start after 2 s (not the old 180 s).
  await expect(visitor.locator('.viewer.kiosk')).toBeVisible();
  await expect.poll(() => node(visitor), { timeout: 15_000 }).toBe(second.tiles_id);
  expect(await visitor.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
  // The administrator who turned the kiosk on keeps the console (and the page to turn it off again).
  await expect(admin.locator('.viewer.kiosk')).toHaveCount(0);
  await expect(nav(admin).getByRole('link', { name: 'Site settings' })).toBeVisible();

  for (const p of [visitor, admin, fresh]) await p.context().close();
});

test('the projectAdmin of another site is not offered the page, and its write is refused', async ({ browser }) => {
  const other = await pageOf(browser, OTHER.username);
  await other.goto(`${origin}/site`);
  await expect(nav(other)).toBeVisible({ timeout: 20_000 });
  await expect(nav(other).getByRole('link', { name: 'Site settings' })).toHaveCount(0);
  await other.goto(`${origin}/settings`);
  await expect(other).not.toHaveURL(/settings/);
  await expect(other.getByRole('heading', { name: 'Site settings' })).toHaveCount(0);
  const r = await other.request.patch(`${origin}/api/site/${demo.site}/settings`, {
    data: { display: { title: 'Not yours' } },
  });
  expect(r.status()).toBe(403);
  await other.context().close();
});

test('turning the kiosk off ends a running kiosk at once: no more turning, no kiosk after a reload', async ({
  browser,
}) => {
  const admin = await pageOf(browser, ADMIN.username);
  const save = async () => {
    await admin.getByLabel('Site title').press('Enter');
    await expect(admin.getByRole('status')).toHaveText('Saved');
  };
  await admin.goto(`${origin}/site`);
  await nav(admin).getByRole('link', { name: 'Site settings' }).click();
  await admin.getByRole('checkbox', { name: /^Kiosk mode/ }).check();
  await admin.getByLabel('Idle seconds before rotating').fill('1');
  await admin.getByLabel('Idle seconds before returning to the start').fill('600');
  await save();

  // A visitor's page that the setting made a kiosk, left alone: it turns.
  const visitor = await pageOf(browser);
  await visitor.goto(`${origin}/site`);
  await expect(visitor.locator('.viewer.kiosk')).toBeVisible();
  const still = await viewOf(visitor);
  await expect.poll(async () => offBy(await viewOf(visitor), still), { timeout: 10_000 }).toBeGreaterThan(0.01);

  await admin.getByRole('checkbox', { name: /^Kiosk mode/ }).uncheck();
  await save();
  // Heard through the change stream: the console is back and the view stops turning, without a reload.
  await expect(visitor.locator('.viewer.kiosk')).toHaveCount(0);
  expect(new URL(visitor.url()).searchParams.get('kiosk')).toBeNull();
  const stopped = await viewOf(visitor);
  await visitor.waitForTimeout(1500);
  expect(offBy(await viewOf(visitor), stopped)).toBeLessThan(1e-6);
  await visitor.reload();
  await expect(visitor.locator('.viewer')).toBeVisible();
  await expect(visitor.locator('.viewer.kiosk')).toHaveCount(0);
  for (const p of [visitor, admin]) await p.context().close();
});
