// Section 4 fallbacks and section 8 fallbacks as a person sees them: unknown date, floor without data (admin
// sees the upload form), info panel without data or failing, survey details aborted when the date changes,
// kiosk idle return to the initial scene.
import { expect, test, type Page } from '@playwright/test';
import { demoSite, type DemoSite, demoLacks } from './app-helpers';

let demo: DemoSite;
test.beforeEach(async ({ request }) => {
  demo = await demoSite(request);
});
const param = (page: Page, name: string) => new URL(page.url()).searchParams.get(name);

test('a date the survey list does not have falls back to the first survey date', async ({ page }) => {
  await page.goto(`/site?site=${demo.site}&floor=${demo.settings.initial_settings.floor}&date=1999-01-01`);
  await expect.poll(() => param(page, 'date')).toBe(demo.dates[0].date);
  await expect(page.locator('.title-card h1')).toBeVisible();
});

test('a floor without survey data shows an administrator the upload form instead of the panorama', async ({ page }) => {
  const empty = Math.max(...demo.floors) + 5;
  await page.goto(`/site?site=${demo.site}&floor=${empty}`);
  await expect(page.getByRole('heading', { name: `Add Scenes - Floor ${empty}` })).toBeVisible();
  await expect(page.locator('canvas')).toHaveCount(0);
});

test('info panel: "Unable to fetch data." when the call fails, "No content available." when empty', async ({
  page,
}) => {
  const start = demo.scenes.find((s) => s.survey_node.info_hotspots.length > 0);
  demoLacks(!start, 'no info hotspot in the demo');
  const info = start!.survey_node.info_hotspots[0];
  let mode: 'fail' | 'empty' = 'fail';
  await page.route('**/hotspot/details**', (route) =>
    mode === 'fail'
      ? route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify({ success: false, message: 'Internal server error.' }),
        })
      : route.fulfill({
          status: 200,
          contentType: 'application/json',
          body: JSON.stringify({
            success: true,
            payload: [
              {
                tiles_id: start!.survey_node.tiles_id,
                info_id: info.info_id,
                header: { main_img_url: '', label_title: info.title },
                contents: [],
              },
            ],
          }),
        }),
  );
  await page.goto(`/site?site=${demo.site}&date=${demo.date}&node=${start!.survey_node.tiles_id}`);
  const open = async () => {
    await page.getByRole('button', { name: 'Hotspots' }).click();
    await page.getByRole('region', { name: 'Hotspots' }).getByRole('button', { name: info.title }).click();
  };
  await open();
  const panel = page.getByRole('complementary', { name: /^Information:/ });
  await expect(panel.getByRole('heading', { name: 'Unable to fetch data.' })).toBeVisible({ timeout: 15_000 });
  await expect(panel.getByText('Please try again later.')).toBeVisible();
  await panel.getByRole('button', { name: 'Close information' }).click();
  mode = 'empty';
  await page.reload();
  await open();
  await expect(
    page.getByRole('complementary', { name: /^Information:/ }).getByText('No content available.'),
  ).toBeVisible();
});

test('changing the date aborts the survey details still loading for the old one', async ({ page }) => {
  const distinct = [...new Set(demo.dates.map((d) => d.date))];
  demoLacks(distinct.length < 2, 'the demo floor has one date');
  await page.goto(`/site?site=${demo.site}&date=${distinct[0]}`);
  await expect(page.locator('.title-card h1')).toBeVisible();
  // Hold the details of the second date, ask for it, then move on to the first before it answers.
  await page.route(`**/survey/details?*date=${distinct[1]}*`, async (route) => {
    await new Promise((r) => setTimeout(r, 3000));
    await route.continue().catch(() => undefined);
  });
  const aborted = page.waitForEvent('requestfailed', {
    predicate: (r) => r.url().includes(`date=${distinct[1]}`) && r.url().includes('/survey/details?'),
    timeout: 10_000,
  });
  await page.getByRole('button', { name: 'Open Timeline' }).click();
  const drawer = page.getByRole('complementary', { name: 'Timeline' });
  await drawer.locator(`[data-date="${distinct[1]}"]`).first().click();
  await page.waitForTimeout(300);
  await drawer.locator(`[data-date="${distinct[0]}"]`).first().click();
  const req = await aborted;
  expect(req.failure()?.errorText).toMatch(/ABORTED|cancel/i);
  await expect.poll(() => param(page, 'date')).toBe(distinct[0]);
});

test('kiosk: after the idle time the viewer returns to the initial scene', async ({ page, request }) => {
  const other = demo.scenes.find((s) => s.survey_node.tiles_id !== demo.settings.initial_settings.pano_id);
  demoLacks(!other || !demo.settings.initial_settings.pano_id, 'the demo has one scene');
  const site = demo.site;
  expect(
    (
      await request.patch(`/api/site/${site}/settings`, {
        data: { kiosk: { enabled: true, idleRotateSeconds: 1, idleResetSeconds: 3 } },
      })
    ).ok(),
  ).toBe(true);
  try {
    await page.goto(`/site?site=${site}&date=${demo.date}&node=${other!.survey_node.tiles_id}`);
    await expect(page.locator('.viewer.kiosk')).toBeVisible();
    expect(param(page, 'node')).toBe(other!.survey_node.tiles_id);
    await expect.poll(() => param(page, 'node'), { timeout: 15_000 }).toBe(demo.settings.initial_settings.pano_id);
  } finally {
    await request.patch(`/api/site/${site}/settings`, {
      data: { kiosk: { enabled: false, idleRotateSeconds: 60, idleResetSeconds: 180 } },
    });
  }
});
