// The shell: home page, sidebar entries, collapsed state, product label, unknown routes.
import { expect, test } from './helpers/cleanConsole';
import { api, demoSite } from './app-helpers';

test('home page shows the site title from the settings and the sidebar entries', async ({ page, request }) => {
  const config = await api<{ singleSiteSettings: { siteTitle: string }; useSso: boolean }>(request, '/api/settings');
  const demo = await demoSite(request);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: config.singleSiteSettings.siteTitle })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
  await expect(nav.getByRole('link', { name: 'Site', exact: true })).toBeVisible();
  // USE_SSO is off in the test server: everyone administers, so Add Scene shows.
  await expect(nav.getByRole('link', { name: 'Add Scene' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Documentation' })).toHaveCount(
    demo.settings.enable.documentation ? 1 : 0,
  );
  await expect(nav.getByRole('link', { name: 'About' })).toHaveCount(demo.settings.enable.about ? 1 : 0);
  const label = nav.getByRole('link', { name: /Survey360/ });
  await expect(label).toHaveAttribute('target', '_blank');
  await expect(label).toHaveAttribute('rel', /noopener/);
});

test('Add Scene opens the upload form for the floor in view', async ({ page, request }) => {
  const demo = await demoSite(request);
  // A floor other than the initial one, so the form can only know it from the viewer.
  const floor = demo.floors.find((f) => f !== demo.settings.initial_settings.floor);
  expect(floor, 'the demo site has surveys on two floors').toBeDefined();
  const names = await api<{ floor: number; floor_name: string }[]>(request, `/api/site/${demo.site}/minimap/floors`);
  const name = names.find((f) => f.floor === floor)?.floor_name || `Floor ${floor}`;
  await page.goto(`/site?floor=${floor}`);
  await expect(page.locator('.title-site')).toHaveText(demo.title);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Add Scene' }).click();
  await expect(page.getByRole('heading', { name: `Add Scenes - ${name}` })).toBeVisible();
});

test('the sidebar collapses to icons and expands again', async ({ page }) => {
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await page.getByRole('button', { name: 'Collapse sidebar' }).click();
  await expect(nav).toHaveClass(/collapsed/);
  await expect.poll(async () => (await nav.boundingBox())!.width).toBeLessThan(80);
  await expect(nav.getByRole('link', { name: 'Site', exact: true })).toBeAttached(); // still named for screen readers
  await page.getByRole('button', { name: 'Expand sidebar' }).click();
  await expect(nav).not.toHaveClass(/collapsed/);
});

test('entering the site from home opens the viewer, and an unknown path returns home', async ({ page, request }) => {
  const demo = await demoSite(request);
  await page.goto('/');
  await page.getByRole('link', { name: 'Enter the site' }).click();
  await expect(page).toHaveURL(/\/site\?/);
  await expect(page.locator('.title-site')).toHaveText(demo.title);
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/$/);
});

test('the Animation entry (animations enabled) opens a modal video player with autoplay', async ({
  page,
  request,
  consoleErrors,
}) => {
  // The video is missing on purpose: only the player is under test.
  consoleErrors.expect(/status of 404 .*\/media\/no-such-video\.mp4/);
  const demo = await demoSite(request);
  const patch = (enable: boolean, animation: { title: string; url: string }) =>
    request.patch(`/api/site/${demo.site}/settings`, { data: { enable: { animations: enable }, animation } });
  const before = await api<{ enable: { animations: boolean }; animation: { title: string; url: string } }>(
    request,
    `/api/site/${demo.site}/settings`,
  );
  expect((await patch(true, { title: 'How the farm works', url: '/media/no-such-video.mp4' })).ok()).toBe(true);
  try {
    await page.goto('/site');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Animation' }).click();
    const dialog = page.getByRole('dialog', { name: 'How the farm works' });
    await expect(dialog).toBeVisible();
    await expect(dialog.locator('video')).toHaveAttribute('src', '/media/no-such-video.mp4');
    expect(await dialog.locator('video').evaluate((v: HTMLVideoElement) => v.autoplay)).toBe(true);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toHaveCount(0);
  } finally {
    await patch(before.enable.animations, before.animation);
  }
});
