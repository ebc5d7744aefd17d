// A side-by-side compare deep link opens both sides at once: the page names the second side, so its opening tiles
// start with the first side's (before the compare code has even been asked for), and each side fetches the tiles
// of its own half, the first side no more than that half needs (not the whole canvas, as before the second joined);
// its preview goes early too, and a hand-made link without the second scene starts it as early.
import type { Page } from '@playwright/test';
import { expect, test } from './helpers/cleanConsole';
import { VIEWPORTS } from './viewports';

test.use(VIEWPORTS.desktop);

const param = (page: Page, name: string) => new URL(page.url()).searchParams.get(name);

/** Every tile request of a page load (previews apart): the scene it belongs to and when it was sent. */
function recordTiles(page: Page) {
  const asks: Array<{ url: string; at: number }> = [];
  const previews: Array<{ url: string; at: number }> = [];
  let chunkAt = Infinity;
  let engineAt = Infinity;
  const t0 = Date.now();
  page.on('request', (r) => {
    const url = r.url();
    if (/\/src\/compare\/|CompareControls/.test(url)) chunkAt = Math.min(chunkAt, Date.now() - t0);
    if (/\/src\/scene\/index|\/assets\/scene-/.test(url)) engineAt = Math.min(engineAt, Date.now() - t0);
    if (!new URL(url).pathname.startsWith('/media/tiles/')) return;
    (/\/preview\.\w+$/.test(url) ? previews : asks).push({ url, at: Date.now() - t0 });
  });
  return { asks, previews, chunkAt: () => chunkAt, engineAt: () => engineAt };
}

const bothReady = (page: Page) =>
  page.waitForFunction(() => !!window.__panorama?.counters.complete && !!window.__panoramaB?.counters.complete, null, {
    timeout: 30_000,
  });

test('a side-by-side deep link starts both sides at once, each for its half', async ({ page, browser }) => {
  await page.goto('/site');
  await page.getByRole('button', { name: 'Compare dates' }).click();
  await expect.poll(() => param(page, 'cnode')).not.toBe(null);
  await bothReady(page);
  const link = page.url();
  const bId = param(page, 'cnode')!;

  // The deep link in a fresh page (a fresh cache).
  const fresh = await browser.newPage(VIEWPORTS.desktop);
  const rec = recordTiles(fresh);
  await fresh.goto(link);
  await bothReady(fresh);
  const a = rec.asks.filter((x) => !x.url.includes(bId));
  const b = rec.asks.filter((x) => x.url.includes(bId));
  // Each tile once.
  expect(new Set(rec.asks.map((x) => x.url)).size).toBe(rec.asks.length);
  // The second side's first tiles were asked for before the compare code was.
  expect(b.length).toBeGreaterThan(0);
  expect(Math.min(...b.map((x) => x.at))).toBeLessThan(rec.chunkAt());
  // And its preview (a side is complete only with it), once, with the first side's: before the engine, which the
  // first side's complete picture asks for (and so after that preview), not when the second side's renderer mounts.
  // The compare code is part of this first view too: asked for once the opening tiles are in, before the engine.
  const bPreviews = rec.previews.filter((x) => x.url.includes(bId));
  expect(bPreviews).toHaveLength(1);
  expect(rec.engineAt()).toBeLessThan(Infinity);
  expect(bPreviews[0]!.at).toBeLessThan(rec.engineAt());
  expect(rec.chunkAt()).toBeLessThan(rec.engineAt());

  // The same first view without the comparison: the first side at the whole canvas fetches more than its half.
  const single = await browser.newPage(VIEWPORTS.desktop);
  const alone = recordTiles(single);
  const url = new URL(link);
  for (const k of ['compare', 'cdate', 'cnode', 'clock', 'cdiv', 'cshow']) url.searchParams.delete(k);
  await single.goto(url.toString());
  await single.waitForFunction(() => !!window.__panorama?.counters.complete, null, { timeout: 30_000 });
  test.info().annotations.push({
    type: 'tiles',
    description: `first side ${a.length}, second ${b.length}; single view ${alone.asks.length}`,
  });
  expect(a.length).toBeLessThan(alone.asks.length);
  await fresh.screenshot({ path: test.info().outputPath('compare-deep-link.png') });
  await Promise.all([fresh.close(), single.close()]);

  // A hand-made link without the second scene: the page names the nearest one, whose tiles start as early.
  const handMade = new URL(link);
  handMade.searchParams.delete('cnode');
  const bare = await browser.newPage(VIEWPORTS.desktop);
  const bareRec = recordTiles(bare);
  await bare.goto(handMade.toString());
  await bothReady(bare);
  const bBare = bareRec.asks.filter((x) => x.url.includes(bId));
  expect(bBare.length).toBeGreaterThan(0);
  expect(Math.min(...bBare.map((x) => x.at))).toBeLessThan(bareRec.chunkAt());
  await bare.close();
});
