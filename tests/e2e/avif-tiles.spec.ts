// The viewer with AVIF copies of the tiles (AVIF_TILES, its own app process beside the suite's server): Chromium
// fetches the .avif copies only, and a browser that cannot decode AVIF (createImageBitmap refusing it, as older
// Safari does) fetches the uploaded JPEGs instead and shows the same picture.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { expect, test, type Page } from '@playwright/test';
import { startChildServer, type ChildServer } from '../api/helpers/childServer.ts';
import { repoRoot } from '../api/helpers/fixtures.ts';
import { uploadFarmSite } from '../api/helpers/upload.ts';
import { TINY_AVIF } from '../../src/scene/avifSupport.ts';
import { waitStable } from './helpers/scenePage.ts';

let app: ChildServer;
let dataDir: string;
let site: string;

test.beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'survey-e2e-avif-'));
  app = await startChildServer({
    dataDir,
    databaseUrl: '',
    env: { AVIF_TILES: 'true', DIST_DIR: path.join(repoRoot, 'dist') },
  });
  site = await uploadFarmSite(app.baseUrl, 'Avif site');
  await expect
    .poll(
      async () => {
        const res = await fetch(`${app.baseUrl}/api/site/${site}/survey/details?floor=0`);
        const body = (await res.json()) as { payload: Array<{ survey_node: { tile_format?: string } }> };
        return body.payload.map((s) => s.survey_node.tile_format);
      },
      { timeout: 60_000 },
    )
    .toEqual(['avif', 'avif']);
});
test.afterAll(async () => {
  await app?.kill('SIGTERM');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Opens the first scene and returns the media paths fetched and a screenshot of the settled view. */
async function settledView(page: Page): Promise<{ media: string[]; shot: Buffer }> {
  const media: string[] = [];
  page.on('response', (r) => {
    const p = new URL(r.url()).pathname;
    if (p.startsWith('/media/tiles/') && r.status() === 200) media.push(p);
  });
  await page.goto(`${app.baseUrl}/site?site=${site}`);
  await expect(page.locator('.title-card .title-site')).toHaveText('Avif site');
  await page.waitForFunction(() => !!window.__panorama, undefined, { timeout: 30_000 });
  // The engine's settled frame on both pages: the early stage's last frame (drawn before the engine took over)
  // is filtered a little differently, and comparing one page's with the other's came out just under 30 dB.
  await page.waitForFunction(() => performance.getEntriesByName('panorama:stable').length > 0, undefined, {
    timeout: 30_000,
  });
  await waitStable(page);
  const shot = await page.locator('canvas').first().screenshot();
  return { media, shot };
}

test('Chromium fetches the AVIF copies, a browser without AVIF the JPEGs, and both show the scene alike', async ({
  browser,
}) => {
  const withAvif = await browser.newPage({ viewport: { width: 1000, height: 640 } });
  const a = await settledView(withAvif);
  const tiles = (files: string[], ext: string) => files.filter((p) => p.endsWith(ext));
  expect(tiles(a.media, '/preview.avif').length).toBeGreaterThanOrEqual(1);
  expect(tiles(a.media, '.avif').length).toBeGreaterThanOrEqual(4);
  expect(tiles(a.media, '.jpg')).toEqual([]);

  const noAvif = await browser.newPage({ viewport: { width: 1000, height: 640 } });
  // Its page request does not announce image/avif either (so the page names no AVIF preview to preload).
  await noAvif.route(
    (url) => url.pathname === '/site',
    (route) =>
      route.continue({
        headers: { ...route.request().headers(), accept: 'text/html,application/xhtml+xml,*/*;q=0.8' },
      }),
  );
  await noAvif.addInitScript(() => {
    const decode = window.createImageBitmap.bind(window);
    // As a browser that cannot decode AVIF: its decoder refuses the data.
    window.createImageBitmap = (async (source: ImageBitmapSource, ...rest: unknown[]) => {
      if (source instanceof Blob) {
        const head = new Uint8Array(await source.slice(0, 12).arrayBuffer());
        if (String.fromCharCode(...head.slice(4, 12)) === 'ftypavif')
          throw new DOMException('The source image could not be decoded.', 'InvalidStateError');
      }
      return (decode as (...a: unknown[]) => Promise<ImageBitmap>)(source, ...rest);
    }) as typeof window.createImageBitmap;
  });
  const j = await settledView(noAvif);
  expect(tiles(j.media, '.avif')).toEqual([]);
  expect(tiles(j.media, '/preview.jpg').length).toBeGreaterThanOrEqual(1);
  expect(tiles(j.media, '.jpg').length).toBeGreaterThanOrEqual(5);

  // The same view from either copy: close, pixel by pixel (PSNR over the canvas).
  const [x, y] = await Promise.all([a.shot, j.shot].map((s) => sharp(s).removeAlpha().raw().toBuffer()));
  expect(x.length).toBe(y.length);
  let sum = 0;
  for (let i = 0; i < x.length; i++) sum += (x[i] - y[i]) ** 2;
  const psnr = 10 * Math.log10((255 * 255) / (sum / x.length));
  expect(psnr).toBeGreaterThan(30);
});

test('a page whose request announced AVIF never decodes the probe, also on repeat visits from the cache', async ({
  browser,
}) => {
  // On a repeat visit both of the page's scripts come from the cache, and the app's often runs first: its import of
  // the probe must not start the probe before the first script has read what the page announced.
  const probeBytes = Buffer.from(TINY_AVIF, 'base64').length;
  const context = await browser.newContext({ viewport: { width: 1000, height: 640 } });
  await context.addInitScript((size: number) => {
    const w = window as unknown as { __probes: number };
    w.__probes = 0;
    const decode = window.createImageBitmap.bind(window) as (...a: unknown[]) => Promise<ImageBitmap>;
    window.createImageBitmap = ((source: unknown, ...rest: unknown[]) => {
      if (source instanceof Blob && source.size === size) w.__probes++;
      return decode(source, ...rest);
    }) as typeof window.createImageBitmap;
  }, probeBytes);
  const page = await context.newPage();
  const probes: number[] = [];
  for (let visit = 0; visit < 4; visit++) {
    await page.goto(`${app.baseUrl}/site?site=${site}`);
    await page.waitForFunction(() => performance.getEntriesByName('early:stable').length > 0, undefined, {
      timeout: 30_000,
    });
    probes.push(await page.evaluate(() => (window as unknown as { __probes: number }).__probes));
    await page.goto('about:blank');
  }
  expect(probes).toEqual([0, 0, 0, 0]);
  await context.close();
});
