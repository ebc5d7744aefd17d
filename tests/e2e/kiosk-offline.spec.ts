// A kiosk of a site kept offline: with the setting on it registers the service worker, shows the download's total
// size and its progress to 100%, plays its tour on with the network cut in the middle of it, then, with the network
// gone, shows every scene of every floor and date and an info panel without one failed request; a title changed
// meanwhile shows once the network is back, without a reload. A visitor's page registers no service worker and asks for nothing of the offline download.
import type { BrowserContext, Page, Route } from '@playwright/test';
import { expect, test } from './helpers/cleanConsole';
import { api, demoSite, demoLacks } from './app-helpers';

interface Survey {
  floor: number;
  date: string;
}
interface Scene {
  survey_node: { tiles_id: string; title: string; info_hotspots: { title: string }[] };
}

const titleCard = (page: Page) => page.locator('.title-card h1');
const registrations = (page: Page) =>
  page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length);

/** The app's own navigation to a link (as the back button does), without loading the page again. */
const openInApp = (page: Page, url: string) =>
  page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, url);

/** No network for the pages and for the service worker (setOffline alone leaves the worker's own fetches). */
const cut = (route: Route) =>
  route.request().serviceWorker() ? route.abort('internetdisconnected') : route.continue();
async function offline(context: BrowserContext, off: boolean) {
  await context.setOffline(off);
  if (off) await context.route('**', cut);
  else await context.unroute('**', cut);
}

test.use({ viewport: { width: 1920, height: 1080 }, deviceScaleFactor: 1 });

test('a kiosk kept offline walks every scene offline and picks up a change when back', async ({
  page,
  context,
  browser,
  request,
}) => {
  const demo = await demoSite(request);
  const settingsUrl = `/api/site/${demo.site}/settings`;
  const surveys = await api<Survey[]>(request, `/api/site/${demo.site}/surveys`);
  demoLacks(surveys.length < 2 || new Set(surveys.map((s) => s.floor)).size < 2, 'two floors and two dates');
  const admin = await browser.newContext();
  expect((await request.patch(settingsUrl, { data: { offline: { enabled: true } } })).status()).toBe(200);
  try {
    await page.goto('/site?kiosk=1');
    const keeper = page.locator('.offline-keeper');
    // The total is known before the first file: "… of 12.3 MB" (once some twenty reads of the site's surveys, scenes
    // and the sizes' listing have come: more than an assertion's usual 5 s on a busy machine).
    await expect(keeper).toContainText(/of \d+(\.\d)? (kB|MB)/, { timeout: 20_000 });
    // About 10 MB for the demo on this screen: more than an assertion's usual few seconds.
    await expect(keeper.getByRole('progressbar', { name: 'Offline download' })).toHaveAttribute(
      'aria-valuenow',
      '100',
      { timeout: 60_000 },
    );
    expect(await registrations(page)).toBe(1);
    await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);

    // The site's tour starts while the network is there and goes on from stop to stop once it is cut.
    const tours = await api<{ id: string; name: string; stops: { title: string }[] }[]>(
      request,
      `/api/site/${demo.site}/tours`,
    );
    const welcome = tours.find((t) => t.name === 'Welcome tour');
    demoLacks(!welcome || welcome.stops.length < 3, 'the Welcome tour with three stops');
    await openInApp(page, `/site?kiosk=1&tour=${welcome!.id}&stop=1`);
    const caption = page.locator('.tour-player .tour-caption');
    await expect(caption).toContainText('Stop 1 of 3', { timeout: 15_000 });

    await offline(context, true);
    const failed: string[] = [];
    // Not the requests a navigation cancels (the previous scene's, on the next goto).
    page.on('requestfailed', (r) => r.failure()?.errorText !== 'net::ERR_ABORTED' && failed.push(r.url()));
    for (const n of [2, 3]) {
      // Eight seconds a stop (the demo tour's dwell), then the walk to the next.
      await expect(caption).toContainText(`Stop ${n} of 3`, { timeout: 20_000 });
      await expect(titleCard(page)).toHaveText(welcome!.stops[n - 1]!.title);
    }
    await page.locator('.tour-player').getByRole('button', { name: 'End tour' }).click();
    await expect(page.locator('.tour-player')).toHaveCount(0);
    await openInApp(page, '/site?kiosk=1');
    await expect(titleCard(page)).toHaveText(demo.scenes[0].survey_node.title);
    // A reload without a network (the app shell and every read from the worker), then scene by scene in the app.
    await page.reload();
    await expect(titleCard(page)).toHaveText(demo.scenes[0].survey_node.title);
    for (const s of surveys) {
      const scenes = await api<Scene[]>(
        request,
        `/api/site/${demo.site}/survey/details?floor=${s.floor}&date=${s.date}`,
      );
      for (const scene of scenes) {
        const n = scene.survey_node;
        await openInApp(page, `/site?floor=${s.floor}&date=${s.date}&node=${n.tiles_id}&kiosk=1`);
        await expect(titleCard(page)).toHaveText(n.title);
        await page.waitForLoadState('networkidle');
      }
    }
    const withInfo = demo.scenes.find((s) => s.survey_node.info_hotspots.length > 0);
    demoLacks(!withInfo, 'an info hotspot');
    const info = withInfo!.survey_node.info_hotspots[0];
    await openInApp(page, `/site?date=${demo.date}&node=${withInfo!.survey_node.tiles_id}&kiosk=1`);
    await page.getByRole('button', { name: 'Hotspots' }).click();
    await page.getByRole('region', { name: 'Hotspots' }).getByRole('button', { name: info.title }).click();
    const panel = page.getByRole('complementary', { name: /^Information:/ });
    await expect(panel.locator('.info-section, .muted').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(failed).toEqual([]);

    // Meanwhile an administrator renames the site; the kiosk hears nothing until the network is back.
    await page.evaluate(() => ((window as unknown as { kept: boolean }).kept = true));
    const renamed = `${demo.title} (renamed offline)`;
    const patch = await admin.request.patch(`${new URL(page.url()).origin}${settingsUrl}`, {
      data: { display: { title: renamed } },
    });
    expect(patch.status()).toBe(200);
    await expect(page).not.toHaveTitle(new RegExp(renamed.replace(/[()]/g, '\\$&')));
    await offline(context, false);
    // The page asks for the change stream again every 5 s (REOPEN_MS) while its worker cannot reach the server.
    await expect(page).toHaveTitle(new RegExp(renamed.replace(/[()]/g, '\\$&')), { timeout: 15_000 });
    expect(await page.evaluate(() => (window as unknown as { kept?: boolean }).kept)).toBe(true);
  } finally {
    await offline(context, false);
    await request.patch(settingsUrl, { data: { offline: { enabled: false }, display: { title: demo.title } } });
    await admin.close();
  }
});

test('a visitor registers no service worker and fetches nothing for offline use', async ({ page }) => {
  const asked: string[] = [];
  page.on('request', (r) => asked.push(new URL(r.url()).pathname));
  await page.goto('/site');
  await expect(titleCard(page)).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(await registrations(page)).toBe(0);
  expect(
    asked.filter((p) => p === '/sw.js' || p.includes('/offline/') || /registration|OfflineKeeper/.test(p)),
  ).toEqual([]);
});
