// Detail where visitors look for it: per scene, our viewer against the Marzipano page of the original JPEG tiles on
// the same view, unthrottled, PSNR on a box around the middle of each page's panorama canvas (ours is narrower than
// the window: the side bar; the box holds no control). Two ways onto the deepest level, pointed away from the
// hotspots:
// - opening: a deep link already at the deepest level's fov. Its first picture (the small copies; the JPEGs held
//   back) and the same page settled (the JPEGs, which follow a complete first view).
// - zoomed in: a link at the scene's own (wide) fov, zoomed in with the mouse wheel as far as it goes, settled.
// Run once on a server making AVIF copies and once with AVIF_TILES=false, it shows what the copies cost in fidelity.
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import sharp from 'sharp';
import type { BenchServer } from './appServer';
import type { SceneKey } from './profiles';
import { repoRoot } from '../../tests/e2e/helpers/fixtures';
import { psnr } from './visual';
import { deepLink, peerUrl, sceneOfRow, viewOfRow } from './visits';

type View = { yaw: number; pitch: number; fov: number };

/** What the deepest level must come to against the JPEG tiles where a visitor looks for detail. */
export const DETAIL_TARGET_DB = 48;

export interface DetailResult {
  scene: SceneKey;
  avif: boolean;
  view: View;
  /** The fov our page drew (it may limit the zoom otherwise than Marzipano). */
  oursFov: number;
  /** dB of ours against Marzipano's picture (the box around the middle of the panorama): the opening link's first
   *  picture (its JPEGs held back), and the same page settled. */
  db: number;
  settledDb: number;
  /** Our tile requests of the deepest level on the opening link, by extension (what the deepest level loaded). */
  deepest: Record<string, number>;
  /** Opened wide and zoomed in with the wheel: our settled view and Marzipano's on it, dB, deepest-level requests. */
  zoomed: { view: View; marzipanoFov: number; db: number; deepest: Record<string, number> };
  error?: string;
}

const SIZE = { width: 1280, height: 720 };

/**
 * Where each scene is looked at: behind the start view, where none of their hotspots lies, and with no edge of a cube
 * face in the compared box. The farm's faces meet at yaw π, within the box at yaw 3: its one column where two faces
 * of different exposure meet is a sub-pixel tie between the renderers, and read 46.5 or 62.6 dB from run to run on
 * the same JPEGs. At 3π/4 the box is inside one face.
 */
const DETAIL_YAW: Record<SceneKey, number> = { farm: (3 * Math.PI) / 4, photo: 3, generated: 3 };
export const DETAIL_SHOTS = path.join(repoRoot, '.tmp', 'detail-shots');

/** A vertical fov at which a level of `size` pixels a face is drawn at least 1:1 on `height` pixels. */
export const deepestFov = (size: number, height: number) => 2 * Math.atan(height / size) * 0.8;

async function settle(page: Page, ready: () => boolean): Promise<void> {
  await page.waitForFunction(ready, undefined, { timeout: 60_000, polling: 200 });
  // Fades and the last uploads of textures to the screen.
  await page.waitForTimeout(1500);
}

/** Share of the canvas height (and of our narrower canvas's width) compared. */
const BOX_SHARE = 0.5;

/** The largest canvas's box (where the panorama is drawn), CSS px. */
const canvasBox = (page: Page) =>
  page.evaluate(() => {
    const rs = [...document.querySelectorAll('canvas')].map((c) => c.getBoundingClientRect());
    const r = rs.sort((a, b) => b.width * b.height - a.width * a.height)[0];
    if (!r) throw new Error('no canvas on the page');
    return { x: r.left, y: r.top, width: r.width, height: r.height };
  });

/** RGB of a width x height box centred on the page's panorama. */
async function shot(page: Page, size: { width: number; height: number }): Promise<Buffer> {
  const c = await canvasBox(page);
  const left = Math.round(c.x + (c.width - size.width) / 2);
  const top = Math.round(c.y + (c.height - size.height) / 2);
  return sharp(await page.screenshot())
    .removeAlpha()
    .extract({ left, top, ...size })
    .raw()
    .toBuffer();
}

/** Counts the page's requests of the deepest level's tiles, by extension, into `into`. */
function countDeepest(page: Page, deepest: number, into: Record<string, number>): void {
  page.on('request', (r) => {
    const m = new RegExp(`/${deepest}/[bdflru]/\\d+/\\d+\\.(\\w+)$`).exec(r.url());
    if (m) into[m[1]!] = (into[m[1]!] ?? 0) + 1;
  });
}

/** PSNR of the two pages' boxes around the middle of their panoramas (the smaller canvas's half). */
async function compare(ours: Page, mz: Page): Promise<number> {
  const [a, b] = [await canvasBox(mz), await canvasBox(ours)];
  const box = {
    width: Math.round(Math.min(a.width, b.width) * BOX_SHARE),
    height: Math.round(Math.min(a.height, b.height) * BOX_SHARE),
  };
  return psnr(await shot(ours, box), await shot(mz, box));
}

async function marzipanoAt(page: Page, server: BenchServer, key: SceneKey, view: View): Promise<View> {
  await page.goto(peerUrl(server, 'marzipano', key, view));
  await settle(page, () => window.__peer?.stable === true);
  return (await page.evaluate(() => window.__peer?.getView?.())) ?? view;
}

const oursView = (page: Page) => page.evaluate(() => window.__panorama!.getView());

/** Zooms in with the wheel over the panorama's middle until the fov stops narrowing (the viewer's limit). */
async function wheelIn(page: Page): Promise<void> {
  const c = await canvasBox(page);
  await page.mouse.move(c.x + c.width / 2, c.y + c.height / 2);
  let last = (await oursView(page)).fov;
  for (let still = 0, n = 0; still < 2 && n < 60; n++) {
    await page.mouse.wheel(0, -240);
    await page.waitForTimeout(250);
    const fov = (await oursView(page)).fov;
    still = fov < last * 0.999 ? 0 : still + 1;
    last = fov;
  }
}

async function one(browser: Browser, server: BenchServer, key: SceneKey): Promise<DetailResult> {
  const s = sceneOfRow(server, key);
  const deepest = s.levels.length - 1;
  const asked = { yaw: DETAIL_YAW[key], pitch: 0, fov: deepestFov(s.levels[deepest]!.size, SIZE.height) };
  const context = await browser.newContext({ viewport: SIZE });
  await context.addInitScript('window.__name = (f) => f');
  const result: DetailResult = {
    scene: key,
    avif: server.avif,
    view: asked,
    oursFov: NaN,
    db: NaN,
    settledDb: NaN,
    deepest: {},
    zoomed: { view: { ...asked, fov: NaN }, marzipanoFov: NaN, db: NaN, deepest: {} },
  };
  const name = `detail-${key}-${server.avif ? 'avif' : 'jpeg'}`;
  fs.mkdirSync(DETAIL_SHOTS, { recursive: true });
  const save = (page: Page, what: string) => page.screenshot({ path: path.join(DETAIL_SHOTS, `${name}-${what}.png`) });
  try {
    const mz = await context.newPage();
    // Marzipano's limiter may widen the fov: ours is opened on the view it drew.
    const view = await marzipanoAt(mz, server, key, asked);
    result.view = view;
    await save(mz, 'marzipano');

    // Opening: the first picture with the JPEG tiles held back, then the same page once they are let through.
    const ours = await context.newPage();
    countDeepest(ours, deepest, result.deepest);
    const held: Array<() => void> = [];
    // Without copies the JPEGs are the first picture: nothing held.
    let holding = server.avif;
    await ours.route(
      (url) => url.pathname.startsWith('/media/tiles/') && url.pathname.endsWith('.jpg'),
      (route) => (holding ? held.push(() => void route.continue()) : route.continue()),
    );
    await ours.goto(deepLink(server, s, view));
    await settle(ours, () => !!window.__panorama?.counters.complete);
    // Marzipano again on the view ours drew: on the farm a link's view came out a pixel's turn apart (41.7 dB
    // settled on the JPEGs, where the same JPEGs read 62.6 dB on a view passed the other way).
    const drawn = await oursView(ours);
    result.oursFov = drawn.fov;
    await marzipanoAt(mz, server, key, drawn);
    result.db = await compare(ours, mz);
    await save(ours, 'opening');
    holding = false;
    for (const go of held.splice(0)) go();
    await settle(ours, () => window.__panorama?.counters.stable === true);
    result.settledDb = await compare(ours, mz);
    await save(ours, 'opening-settled');
    await ours.close();

    // Zoomed in: opened at the scene's own fov (wide), the wheel down to the deepest level.
    const wide = await context.newPage();
    countDeepest(wide, deepest, result.zoomed.deepest);
    await wide.goto(deepLink(server, s, { ...view, fov: viewOfRow(key).fov }));
    await settle(wide, () => window.__panorama?.counters.stable === true);
    await wheelIn(wide);
    await settle(wide, () => window.__panorama?.counters.stable === true);
    const zoomedView = await oursView(wide);
    result.zoomed.view = zoomedView;
    result.zoomed.marzipanoFov = (await marzipanoAt(mz, server, key, zoomedView)).fov;
    result.zoomed.db = await compare(wide, mz);
    await save(wide, 'zoomed');
    await save(mz, 'zoomed-marzipano');
  } catch (e) {
    result.error = (e as Error).message.split('\n')[0];
  } finally {
    await context.close();
  }
  return result;
}

const met = (db: number) => (db >= DETAIL_TARGET_DB ? 'met' : 'NOT met');

export async function measureDetail(browser: Browser, server: BenchServer): Promise<DetailResult[]> {
  const out: DetailResult[] = [];
  for (const key of ['farm', 'photo', 'generated'] as const) {
    if (key !== 'generated' && !server[key]) continue;
    const r = await one(browser, server, key);
    const z = r.zoomed;
    console.log(
      `  detail ${key} (${r.avif ? 'AVIF on' : 'AVIF_TILES=false'}): opening ${r.db.toFixed(1)} dB, settled ${r.settledDb.toFixed(1)} dB (${met(r.settledDb)}) at fov ${r.view.fov.toFixed(3)} (ours ${r.oursFov.toFixed(3)}), deepest level ${JSON.stringify(r.deepest)}; zoomed in ${z.db.toFixed(1)} dB (${met(z.db)}) at fov ${z.view.fov.toFixed(3)} (Marzipano ${z.marzipanoFov.toFixed(3)}), deepest level ${JSON.stringify(z.deepest)}${r.error ? ` ERROR ${r.error}` : ''}`,
    );
    out.push(r);
  }
  return out;
}
