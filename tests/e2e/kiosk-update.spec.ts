// A new build deployed under a kiosk kept offline: two real builds (dist/ and a second `vite build` with its own
// build id), two server processes one after the other on the same port and data, as a deployment restarts it.
// The kiosk, running build A, hears the server come back, installs B's service worker beside A's and waits:
// meanwhile a visitor opens an info panel, whose lazy chunk exists only in A (A's precache serves it), and keeps
// touching the screen past the kiosk's idle time without a reload. Once left alone for the idle time it reloads
// into B: its page, every script, its worker and the precache are all B's, and B's own lazy chunk loads.
import fs from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './helpers/cleanConsole';
import { api, demoSite, demoLacks } from './app-helpers';
import { startChildServer, freePort, type ChildServer } from '../api/helpers/childServer.ts';
import { e2eDataDir } from './helpers/serverDataDir.ts';
import { buildAgain, currentBuild, type Build } from './helpers/secondBuild.ts';
import { PAGE_CACHE } from '../../src/offline/cacheNames.ts';

const IDLE_S = 5; // the kiosk's idle-rotate setting for this test, the least a new build waits for
const suitePort = Number(process.env.E2E_PORT ?? 8181);

interface KioskSettings {
  enabled: boolean;
  idleRotateSeconds: number;
  idleResetSeconds: number;
  idleAction?: string;
}

let buildA: Build;
let buildB: Build;
const idB = `b-${Date.now().toString(36)}`;

test.use({ viewport: { width: 800, height: 450 }, deviceScaleFactor: 1 });
// The download, the switch and the idle wait: about 45 s on a quiet machine; room for one loaded with other work.
test.setTimeout(150_000);

test.beforeAll(async () => {
  // The second build has its own time: with three.js built from its sources it takes three times as long as before
  // (36 s against 11 s at a load average of 10), which must not leave the kiosk's steps short of theirs.
  test.setTimeout(240_000);
  buildA = currentBuild();
  buildB = await buildAgain(idB);
});
test.afterAll(() => fs.rmSync(buildB.dir, { recursive: true, force: true }));

/** Both builds' servers: the suite's data folder (its demo site), on one port kept for the browser's origin. */
const serve = (port: number, build: Build) =>
  startChildServer({
    dataDir: e2eDataDir(suitePort),
    databaseUrl: process.env.DATABASE_URL ?? '',
    port,
    env: { DIST_DIR: build.dir },
    // Migrations and the read caches' warm-up: seconds, but a minute on a machine loaded with other work.
    startTimeoutMs: 60_000,
  });

const hasWaitingWorker = (page: Page) =>
  page.evaluate(async () => !!(await navigator.serviceWorker.getRegistration())?.waiting);

/** Asks for the first info hotspot of a demo scene through the kiosk's hotspot list. */
async function askInfo(page: Page, request: APIRequestContext) {
  const demo = await demoSite(request);
  const withInfo = demo.scenes.find((s) => s.survey_node.info_hotspots.length > 0);
  demoLacks(!withInfo, 'an info hotspot');
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, `/site?date=${demo.date}&node=${withInfo!.survey_node.tiles_id}&kiosk=1`);
  await expect(page.locator('.title-card h1')).toHaveText(withInfo!.survey_node.title);
  await page.getByRole('button', { name: 'Hotspots' }).click();
  const title = withInfo!.survey_node.info_hotspots[0].title;
  await page.getByRole('region', { name: 'Hotspots' }).getByRole('button', { name: title }).click();
}

/** Opens it, and closes it again. */
async function openInfo(page: Page, request: APIRequestContext) {
  await askInfo(page, request);
  await expect(page.getByRole('complementary', { name: /^Information:/ })).toBeVisible();
  await page.keyboard.press('Escape');
}

/** The path of the build's chunk `name` (InfoPanel-<hash>.js). */
const chunkOf = (b: Build, name: string) => [...b.assets].find((p) => p.startsWith(`/assets/${name}-`))!;

/** The page has asked for every chunk it asks for by itself (the engine, the tour player, …): none came for 1 s. */
async function chunksSettled(page: Page) {
  let last = -1;
  const count = () =>
    page.evaluate(() => performance.getEntriesByType('resource').filter((e) => e.name.includes('/assets/')).length);
  await expect.poll(async () => last === (last = await count()), { intervals: [1000], timeout: 30_000 }).toBe(true);
}

/** Every /assets/ path a text names (a page names its first script and styles). */
const assetPaths = (text: string) => [...text.matchAll(/\/assets\/[\w.-]+/g)].map((m) => m[0]);

test('a kiosk moves to a new build whole, only once nobody touches it', async ({ page, request }) => {
  const infoA = chunkOf(buildA, 'InfoPanel');
  expect(buildB.assets.has(infoA), 'the builds differ in the info panel chunk').toBe(false);

  const demo = await demoSite(request);
  const settingsUrl = `/api/site/${demo.site}/settings`;
  const before = await api<{ kiosk?: KioskSettings }>(request, settingsUrl);
  const kiosk = before.kiosk ?? { enabled: false, idleRotateSeconds: 60, idleResetSeconds: 180 };
  const port = await freePort();
  let server: ChildServer | undefined;
  const assets: { path: string; fromWorker: boolean; status: number }[] = [];
  page.on('response', (r) => {
    const p = new URL(r.url()).pathname;
    if (p.startsWith('/assets/')) assets.push({ path: p, fromWorker: r.fromServiceWorker(), status: r.status() });
  });
  let reloads = 0;
  page.on('load', () => reloads++);
  try {
    const patch = await request.patch(settingsUrl, {
      data: { offline: { enabled: true }, kiosk: { ...kiosk, idleRotateSeconds: IDLE_S, idleResetSeconds: 600 } },
    });
    expect(patch.status()).toBe(200);
    server = await serve(port, buildA);
    await page.goto(`${server.baseUrl}/site?kiosk=1`);
    await expect(page.locator('html')).not.toHaveAttribute('data-build', idB);
    await expect(page.locator('.offline-keeper progress')).toHaveAttribute('aria-valuenow', '100', { timeout: 30_000 });
    await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
    const startedAt = reloads;

    // The deployment: A's server stops, B's starts where it stood.
    await server.kill('SIGTERM');
    server = await serve(port, buildB);

    // A visitor opens an info panel: A's lazy chunk, which B's server does not have, comes from A's precache.
    assets.length = 0;
    await openInfo(page, request);
    expect(assets.filter((a) => a.path === infoA)).toEqual([{ path: infoA, fromWorker: true, status: 200 }]);

    // B's worker installs once the page hears the server back (its change stream), and waits while touched.
    let lastTouch = Date.now();
    const touch = async (i: number) => {
      await page.mouse.move(200 + (i % 2) * 300, 220);
      lastTouch = Date.now();
      await page.waitForTimeout(500);
    };
    let i = 0;
    for (const deadline = Date.now() + 30_000; !(await hasWaitingWorker(page)); i++) {
      expect(Date.now(), 'a new build waiting within 30 s of the server coming back').toBeLessThan(deadline);
      await touch(i);
    }
    for (const until = Date.now() + (IDLE_S + 3) * 1000; Date.now() < until; i++) await touch(i);
    expect(reloads, 'no reload while a visitor touches the screen').toBe(startedAt);
    await expect(page.locator('html')).not.toHaveAttribute('data-build', idB);
    expect(await hasWaitingWorker(page)).toBe(true);

    // Left alone: B takes over after the idle time, and the page reloads into it.
    await expect(page.locator('html')).toHaveAttribute('data-build', idB, { timeout: (IDLE_S + 10) * 1000 });
    const quiet = Date.now() - lastTouch;
    expect(quiet, 'waited for the idle time').toBeGreaterThanOrEqual(IDLE_S * 1000);
    // B's page is B's as soon as it is parsed; its load event comes once its scripts and styles are in, later on a
    // loaded machine. One reload, told by that event (checked again at the end: never a second one).
    await expect.poll(() => reloads, { timeout: 15_000 }).toBe(startedAt + 1);
    await expect(page.locator('.title-card h1')).toBeVisible();

    // Entirely B: the page's own scripts, the worker's precache and every page it keeps name B's files only.
    assets.length = 0;
    await openInfo(page, request);
    expect(assets.some((a) => a.path === chunkOf(buildB, 'InfoPanel'))).toBe(true);
    const seen = await page.evaluate(async (pagesCache) => {
      const reg = await navigator.serviceWorker.getRegistration();
      const urls = [
        ...performance.getEntriesByType('resource').map((e) => e.name),
        ...[...document.querySelectorAll('script[src], link[href]')].map((e) =>
          e instanceof HTMLScriptElement ? e.src : (e as HTMLLinkElement).href,
        ),
      ];
      const precache = (await caches.keys()).filter((k) => k.startsWith('workbox-precache'));
      for (const name of precache) urls.push(...(await (await caches.open(name)).keys()).map((r) => r.url));
      const pages = await caches.open(pagesCache);
      const pageTexts = await Promise.all((await pages.keys()).map(async (r) => (await pages.match(r))!.text()));
      return {
        urls,
        pageTexts,
        waiting: !!reg?.waiting,
        installing: !!reg?.installing,
        active: reg?.active?.scriptURL,
        controller: navigator.serviceWorker.controller?.scriptURL,
      };
    }, PAGE_CACHE);
    const ours = [...seen.urls.map((u) => new URL(u).pathname), ...seen.pageTexts.flatMap(assetPaths)];
    const used = ours.filter((p) => p.startsWith('/assets/'));
    expect(used.length).toBeGreaterThan(10);
    expect(used.filter((p) => !buildB.assets.has(p))).toEqual([]);
    expect(seen.pageTexts.length).toBeGreaterThanOrEqual(1);
    expect(seen).toMatchObject({ waiting: false, installing: false, active: `${server.baseUrl}/sw.js` });
    expect(seen.controller).toBe(seen.active);
    expect(assets.filter((a) => a.status !== 200)).toEqual([]);
    expect(reloads, 'one reload in all').toBe(startedAt + 1);
  } finally {
    await server?.kill('SIGTERM');
    await request.patch(settingsUrl, { data: { offline: { enabled: false }, kiosk } });
  }
});

test('a kiosk without a service worker that asks for a chunk gone with the old build loads the new one', async ({
  page,
  request,
  consoleErrors,
}) => {
  const infoA = chunkOf(buildA, 'InfoPanel');
  // The failed import of A's chunk (the new server answers its address with a page, not a script).
  consoleErrors.expect((r) => r.text.includes(infoA) || r.url.includes(infoA));
  // Without a worker the browser's own reconnects of the change stream meet the server while it restarts.
  consoleErrors.expect(/ERR_CONNECTION_REFUSED \(http:\/\/127\.0\.0\.1:\d+\/api\/changes\)/);
  const port = await freePort();
  let server = await serve(port, buildA);
  try {
    await page.goto(`${server.baseUrl}/site?kiosk=1`);
    await expect(page.locator('.title-card h1')).toBeVisible();
    await chunksSettled(page);
    expect(await page.evaluate(() => navigator.serviceWorker.getRegistrations().then((r) => r.length))).toBe(0);
    await server.kill('SIGTERM');
    server = await serve(port, buildB);
    await askInfo(page, request);
    // Reloaded into B (once), where the same hotspot opens B's panel.
    await expect(page.locator('html')).toHaveAttribute('data-build', idB, { timeout: 15_000 });
    await openInfo(page, request);
  } finally {
    await server.kill('SIGTERM');
  }
});
