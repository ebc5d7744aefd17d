// Detail where visitors zoom in: per scene, our viewer and the Marzipano page on the same view, zoomed in until
// the deepest level is drawn (pointed away from the hotspots), both settled, unthrottled; the PSNR of our picture
// against Marzipano's of the original JPEG tiles, on a box around the middle of each page's panorama canvas (ours is
// narrower than the window: the side bar; the box holds no control). Run once on a server making AVIF copies and
// once with AVIF_TILES=false, it shows what the copies cost in fidelity.
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import sharp from 'sharp';
import type { BenchServer } from './appServer';
import type { SceneKey } from './profiles';
import { psnr } from './visual';
import { deepLink, peerUrl, sceneOfRow } from './visits';

export interface DetailResult {
  scene: SceneKey;
  avif: boolean;
  view: { yaw: number; pitch: number; fov: number };
  /** The fov our page drew (it may limit the zoom otherwise than Marzipano). */
  oursFov: number;
  /** dB of ours against Marzipano's picture (the box around the middle of the panorama). */
  db: number;
  /** Our tile requests of the deepest level, by extension (what the deepest level loaded). */
  deepest: Record<string, number>;
  error?: string;
}

const SIZE = { width: 1280, height: 720 };
export const DETAIL_SHOTS = '/tmp/wt-b-shots';

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

async function one(browser: Browser, server: BenchServer, key: SceneKey): Promise<DetailResult> {
  const s = sceneOfRow(server, key);
  const deepest = s.levels.length - 1;
  // Behind the start view: no hotspot of these scenes lies there.
  const asked = { yaw: 3, pitch: 0, fov: deepestFov(s.levels[deepest]!.size, SIZE.height) };
  const context = await browser.newContext({ viewport: SIZE });
  await context.addInitScript('window.__name = (f) => f');
  const result: DetailResult = { scene: key, avif: server.avif, view: asked, oursFov: NaN, db: NaN, deepest: {} };
  try {
    const mz = await context.newPage();
    await mz.goto(peerUrl(server, 'marzipano', key, asked));
    await settle(mz, () => window.__peer?.stable === true);
    // Marzipano's limiter may widen the fov: ours is opened on the view it drew.
    const view = (await mz.evaluate(() => window.__peer?.getView?.())) ?? asked;
    result.view = view;
    const ours = await context.newPage();
    ours.on('request', (r) => {
      const m = new RegExp(`/${deepest}/[bdflru]/\\d+/\\d+\\.(\\w+)$`).exec(r.url());
      if (m) result.deepest[m[1]!] = (result.deepest[m[1]!] ?? 0) + 1;
    });
    await ours.goto(deepLink(server, s, view));
    await settle(ours, () => window.__panorama?.counters.stable === true);
    result.oursFov = (await ours.evaluate(() => window.__panorama?.getView().fov)) ?? NaN;
    const [a, b] = [await canvasBox(mz), await canvasBox(ours)];
    const box = {
      width: Math.round(Math.min(a.width, b.width) * BOX_SHARE),
      height: Math.round(Math.min(a.height, b.height) * BOX_SHARE),
    };
    result.db = psnr(await shot(ours, box), await shot(mz, box));
    const name = `detail-${key}-${server.avif ? 'avif' : 'jpeg'}`;
    fs.mkdirSync(DETAIL_SHOTS, { recursive: true });
    await mz.screenshot({ path: path.join(DETAIL_SHOTS, `${name}-marzipano.png`) });
    await ours.screenshot({ path: path.join(DETAIL_SHOTS, `${name}-ours.png`) });
  } catch (e) {
    result.error = (e as Error).message.split('\n')[0];
  } finally {
    await context.close();
  }
  return result;
}

export async function measureDetail(browser: Browser, server: BenchServer): Promise<DetailResult[]> {
  const out: DetailResult[] = [];
  for (const key of ['farm', 'photo', 'generated'] as const) {
    if (key !== 'generated' && !server[key]) continue;
    const r = await one(browser, server, key);
    console.log(
      `  detail ${key} (${r.avif ? 'AVIF on' : 'AVIF_TILES=false'}): ${r.db.toFixed(1)} dB at fov ${r.view.fov.toFixed(3)} (ours ${r.oursFov.toFixed(3)}), deepest level ${JSON.stringify(r.deepest)}${r.error ? ` ERROR ${r.error}` : ''}`,
    );
    out.push(r);
  }
  return out;
}
