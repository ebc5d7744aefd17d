// The viewer with AVIF copies of the tiles (AVIF_TILES, its own app process beside the suite's server): Chromium
// fetches the .avif copies only, and a browser that cannot decode AVIF (createImageBitmap refusing it, as older
// Safari does) fetches the uploaded JPEGs instead and shows the same picture. Zoomed in past the opening view on the
// deepest level, the JPEGs replace the copies (without a gap) and the picture is the one an install without copies
// draws; an opening view on the deepest level near 1:1 is drawn from the copies first, the JPEGs once it is complete.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { expect, test, type Page } from '@playwright/test';
import { startChildServer, type ChildServer } from '../api/helpers/childServer.ts';
import { repoRoot } from '../api/helpers/fixtures.ts';
import { uploadFarmSite } from '../api/helpers/upload.ts';
import { TINY_AVIF } from '../../src/scene/avifSupport.ts';
import { psnr } from './helpers/psnr.ts';
import { showView, waitStable } from './helpers/scenePage.ts';
import { VIEWPORTS } from './viewports.ts';

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

/** Opens the first scene and returns the media paths fetched (the list grows on) and a screenshot of the settled
 *  view. */
async function settledView(
  page: Page,
  at = { baseUrl: app.baseUrl, site, name: 'Avif site' },
): Promise<{ media: string[]; shot: Buffer }> {
  const media: string[] = [];
  page.on('response', (r) => {
    const p = new URL(r.url()).pathname;
    if (p.startsWith('/media/tiles/') && r.status() === 200) media.push(p);
  });
  await page.goto(`${at.baseUrl}/site?site=${at.site}`);
  await expect(page.locator('.title-card .title-site')).toHaveText(at.name);
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

/** In the page: counts the engine's frames that miss a visible tile after it has drawn a complete one. */
function countGaps(): void {
  const w = window as unknown as { __gaps: number };
  w.__gaps = 0;
  let last = -1;
  let seenComplete = false;
  const sample = () => {
    const p = window.__panorama;
    // The early stage's counters have no `complete`: the engine's frames only.
    if (p && p.frames !== last && p.counters.complete !== undefined) {
      last = p.frames;
      if (p.counters.complete) seenComplete = true;
      else if (seenComplete) w.__gaps++;
    }
    requestAnimationFrame(sample);
  };
  requestAnimationFrame(sample);
}
const gapsOf = (page: Page) => page.evaluate(() => (window as unknown as { __gaps: number }).__gaps);
/** Only tiles of the farm's deepest level: …/<tiles_id>/2/<face>/<y>/<x>.jpg. */
const DEEPEST_JPEG = /\/2\/[bdflru]\/\d+\/\d+\.jpg$/;

/** Jumps to `view`, waits for the frame drawn in full (every tile in the detail it wants) and returns the canvas. */
async function zoomedShot(page: Page, view: { yaw: number; pitch: number; fov: number }): Promise<Buffer> {
  await showView(page, view);
  return page.locator('canvas').first().screenshot();
}

const rgb = (png: Buffer) => sharp(png).removeAlpha().raw().toBuffer();
/** Never in the farm's photos: no pixel is taken for a hole. */
const NO_BACKGROUND = [255, 0, 255] as const;

test('zoomed in on the deepest level the JPEGs replace the copies without a gap, as sharp as without copies', async ({
  browser,
}) => {
  const jpegDir = fs.mkdtempSync(path.join(os.tmpdir(), 'survey-e2e-jpeg-'));
  const jpegApp = await startChildServer({
    dataDir: jpegDir,
    databaseUrl: '',
    env: { AVIF_TILES: 'false', DIST_DIR: path.join(repoRoot, 'dist') },
  });
  try {
    // Named as the other one: the canvas's screenshot shows the title card over the picture.
    const jpegSite = await uploadFarmSite(jpegApp.baseUrl, 'Avif site');
    // The viewer's deepest zoom on a 640-px-high view: one photo pixel per screen pixel (1000-px faces).
    const zoom = { yaw: 0.15, pitch: 0.1, fov: 2 * Math.atan(640 / 1000) };

    const page = await browser.newPage({ viewport: { width: 1000, height: 640 } });
    const { media } = await settledView(page);
    // The wide first view (the deepest level reduced 1.6 times) pays for no JPEG.
    expect(media.filter((p) => p.endsWith('.jpg'))).toEqual([]);
    // The JPEGs come late, so the zoomed view is drawn from the copies first…
    await page.route(
      (url) => url.pathname.endsWith('.jpg'),
      async (route) => {
        await new Promise((r) => setTimeout(r, 600));
        await route.continue();
      },
    );
    // …and every frame from the zoom on must draw every visible tile (no flash of the preview or a coarser level).
    await page.evaluate(countGaps);
    const frame = await page.evaluate(async (v) => {
      const f = window.__panorama!.frames;
      await window.__panorama!.lookTo(v, 0);
      return f;
    }, zoom);
    await page.waitForFunction((f) => window.__panorama!.frames > f && !!window.__panorama!.counters.complete, frame);
    const fromCopies = await page.locator('canvas').first().screenshot();
    const sharpShot = await zoomedShot(page, zoom);
    const jpegs = media.filter((p) => p.endsWith('.jpg'));
    // Only the deepest level's tiles (…/<tiles_id>/2/<face>/<y>/<x>.jpg), a few of them.
    expect(jpegs.length).toBeGreaterThanOrEqual(1);
    expect(jpegs.every((p) => DEEPEST_JPEG.test(p))).toBe(true);
    expect(await gapsOf(page)).toBe(0);

    // The same view where the server made no copies.
    const reference = await browser.newPage({ viewport: { width: 1000, height: 640 } });
    await settledView(reference, { baseUrl: jpegApp.baseUrl, site: jpegSite, name: 'Avif site' });
    const jpegShot = await zoomedShot(reference, zoom);

    const [ours, copies, theirs] = await Promise.all([sharpShot, fromCopies, jpegShot].map(rgb));
    const sharpness = psnr(ours!, theirs!, NO_BACKGROUND);
    const before = psnr(copies!, theirs!, NO_BACKGROUND);
    for (const [name, png] of [
      ['zoomed-avif.png', fromCopies],
      ['zoomed-jpeg.png', sharpShot],
      ['zoomed-reference.png', jpegShot],
    ] as const)
      fs.writeFileSync(test.info().outputPath(name), png);
    console.log(`zoomed: copies ${before.db.toFixed(1)} dB, after the JPEGs ${sharpness.db.toFixed(1)} dB`);
    expect(sharpness.judged).toBeGreaterThan(0.99);
    expect(sharpness.db).toBeGreaterThanOrEqual(48);
    // The measure tells the two apart: the copies alone stay under it.
    expect(before.db).toBeLessThan(48);
    // Wide again and turned to where nothing was loaded: the new tiles come as copies.
    const fetched = media.length;
    await showView(page, { yaw: 2.6, pitch: 0, fov: Math.PI / 2 });
    expect(media.slice(fetched).filter((p) => /\/[12]\/[bdflru]\//.test(p)).length).toBeGreaterThanOrEqual(1);
    expect(media.slice(fetched).filter((p) => p.endsWith('.jpg'))).toEqual([]);
    await page.close();
    await reference.close();
  } finally {
    await jpegApp.kill('SIGTERM');
    fs.rmSync(jpegDir, { recursive: true, force: true });
  }
});

test('a first view on the deepest level near 1:1 is drawn from the copies, then from the JPEGs without a gap', async ({
  browser,
}) => {
  // 1000 device pixels high at 90°: the farm's 1000-px photo one to one. A phone's 1688 device pixels: magnified. The
  // copies draw both first views (their JPEGs on the slow first view would make the first picture wait); once it is
  // complete, the JPEGs replace them: at 1:1 the copies' loss of fine texture is on screen.
  for (const options of [
    { viewport: { width: 1600, height: 1000 } },
    { ...VIEWPORTS['phone upright'], deviceScaleFactor: 2 },
  ]) {
    const context = await browser.newContext(options);
    await context.addInitScript(countGaps);
    const page = await context.newPage();
    // Settled: every tile in the detail the engine wants (it waits for the JPEGs it asked for).
    const { media } = await settledView(page);
    const deepest = (ext: string) =>
      new Set(media.filter((p) => p.endsWith(ext) && DEEPEST_JPEG.test(p.replace(/\.avif$/, '.jpg'))).map(stem));
    const [copies, jpegs] = [deepest('.avif'), deepest('.jpg')];
    expect(copies.size).toBeGreaterThanOrEqual(1);
    // Every deepest tile of the view is now the JPEG, and no other level's.
    expect([...jpegs].sort()).toEqual([...copies].sort());
    expect(media.filter((p) => p.endsWith('.jpg')).every((p) => DEEPEST_JPEG.test(p))).toBe(true);
    // None was asked for before the first picture was complete (the early stage's complete frame).
    const times = await page.evaluate(() => ({
      complete: performance.getEntriesByName('early:stable')[0]?.startTime ?? NaN,
      jpegs: performance
        .getEntriesByType('resource')
        .filter((e) => /\/media\/tiles\/.*\.jpg$/.test(e.name))
        .map((e) => e.startTime),
    }));
    expect(times.complete).toBeGreaterThan(0);
    expect(Math.min(...times.jpegs)).toBeGreaterThan(times.complete);
    // The engine never drew a frame without every visible tile once it had drawn a complete one.
    expect(await gapsOf(page)).toBe(0);
    await context.close();
  }
});

/** A tile's path without its extension (the same tile as copy or JPEG). */
const stem = (p: string) => p.replace(/\.(avif|jpg)$/, '');
