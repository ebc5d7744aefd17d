// The page's first-load state in a real browser: a viewer URL asks the API nothing before its first tile (the
// answers came with the HTML, server/bootstrap/), nor for its minimap, the preview announced by the page is fetched once, and the
// scene shown is the one the API's answers lead to.
import type { Page } from '@playwright/test';
import { expect, test } from './helpers/cleanConsole';
import { demoSite } from './app-helpers';

/** Paths requested, in order, from the navigation on. */
function record(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (r) => {
    const u = new URL(r.url());
    seen.push(u.pathname + u.search);
  });
  return seen;
}

for (const kind of ['plain URL', 'deep link', 'multi-site path'] as const) {
  test(`${kind}: no API call before the first tile, the preview fetched once`, async ({ page, request }) => {
    const demo = await demoSite(request);
    const scene =
      demo.scenes.find((s) => s.survey_node.tiles_id !== demo.settings.initial_settings.pano_id) ?? demo.scenes[0];
    const url =
      kind === 'plain URL'
        ? '/site'
        : kind === 'deep link'
          ? `/site?site=${demo.site}&date=${demo.date}&node=${scene.survey_node.tiles_id}&yaw=0.5`
          : `/site/${demo.site}/site?date=${demo.date}&node=${scene.survey_node.tiles_id}`;
    const seen = record(page);
    await page.goto(url);
    await page.waitForFunction(
      () => ((window as unknown as { __panorama?: { frames: number } }).__panorama?.frames ?? 0) > 0,
      null,
      { timeout: 30_000 },
    );
    const firstTile = seen.findIndex((p) => /^\/media\/tiles\/.+\/\d+\/[bdflru]\/\d+\/\d+\.jpg$/.test(p));
    expect(firstTile, 'a tile was requested').toBeGreaterThan(0);
    expect(seen.slice(0, firstTile).filter((p) => p.startsWith('/api/'))).toEqual([]);
    // The minimap is on screen with the first view: its plan and nodes came with the page, not a round trip later.
    await expect(page.locator('section.minimap')).toBeVisible();
    // (An administrator's map asks, after the first view, which scenes still wait for a place: ?placed=false.)
    expect(seen.filter((p) => /\/minimap\/details|\/minimapSingleSite(?!.*placed=false)/.test(p))).toEqual([]);
    if (kind !== 'plain URL') {
      await expect(page.locator('.title-card h1')).toHaveText(scene.survey_node.title);
      expect(seen.filter((p) => p.endsWith(`/${scene.survey_node.tiles_id}/preview.jpg`))).toHaveLength(1);
    }
  });
}

test("the page's first script asks for the first view's tiles without waiting for the app", async ({
  page,
  request,
  consoleErrors,
}) => {
  consoleErrors.expect(/ERR_FAILED .*\/assets\/main-[^/]+\.js/);
  const demo = await demoSite(request);
  const scene = demo.scenes[demo.scenes.length - 1]!;
  // The app's own script never arrives: whatever is asked for comes from the first-view script (src/firstView.ts).
  await page.route(/\/assets\/main-[^/]+\.js$/, (r) => r.abort());
  const seen = record(page);
  const tile = new RegExp(`^/media/tiles/${scene.survey_node.tiles_id}/\\d+/[bdflru]/\\d+/\\d+\\.jpg$`);
  const firstTile = page.waitForRequest((r) => tile.test(new URL(r.url()).pathname), { timeout: 30_000 });
  await page.goto(`/site?site=${demo.site}&date=${demo.date}&node=${scene.survey_node.tiles_id}&yaw=0.5`);
  await firstTile;
  await page.waitForTimeout(500);
  const tiles = seen.filter((p) => tile.test(p));
  expect(tiles.length, 'the tiles of the view, each once').toBe(new Set(tiles).size);
  expect(tiles.length).toBeGreaterThan(1);
  expect(seen.filter((p) => p.startsWith('/api/'))).toEqual([]);
});

test("the viewer draws in the WebGL context the page's first script made, and makes no other", async ({ page }) => {
  // The call stack of each WebGL 2 context made, and its canvas's size then.
  await page.addInitScript(() => {
    const made: string[] = [];
    (window as unknown as { __contexts: string[] }).__contexts = made;
    (window as unknown as { __sizes: string[] }).__sizes = [];
    const getContext = HTMLCanvasElement.prototype.getContext;
    HTMLCanvasElement.prototype.getContext = function (this: HTMLCanvasElement, ...args: unknown[]) {
      if (args[0] === 'webgl2') {
        made.push(new Error().stack ?? '');
        (window as unknown as { __sizes: string[] }).__sizes.push(`${this.width}x${this.height}`);
      }
      return (getContext as (...a: unknown[]) => RenderingContext | null).apply(this, args);
    } as typeof getContext;
  });
  await page.goto('/site');
  await page.waitForFunction(
    () => ((window as unknown as { __panorama?: { frames: number } }).__panorama?.frames ?? 0) > 0,
    null,
    { timeout: 30_000 },
  );
  const stacks = await page.evaluate(() => (window as unknown as { __contexts: string[] }).__contexts);
  expect(stacks, 'one context for the page').toHaveLength(1);
  // Made when the page's first view was started, by the first script or by the app's entry if that ran first: the
  // outermost frame is the evaluation of one of those two modules, or a callback of the first script's own chunk
  // (`early`, e.g. the stylesheet's load when it came after the script). Made when the app mounted its panorama, it
  // would be React's scheduler (in the React chunk). Names are minified; files are not.
  const frames = stacks[0]!.split('\n').filter((l) => /\/assets\/[^/]+\.js/.test(l));
  expect(frames.at(-1)).toMatch(/\/assets\/(firstView|main|early)-[^/]+\.js/);
  // Made at the size of the panorama's box, measured before the app drew it: never resized (a resize waits for
  // the GPU process, which is busy with the page's first frames then).
  const sizes = await page.evaluate(() => {
    const host = document.querySelector<HTMLElement>('.panorama-host')!;
    const canvas = host.querySelector('canvas')!;
    const dpr = devicePixelRatio;
    return {
      made: (window as unknown as { __sizes: string[] }).__sizes[0],
      canvas: `${canvas.width}x${canvas.height}`,
      host: `${Math.floor(host.clientWidth * dpr)}x${Math.floor(host.clientHeight * dpr)}`,
    };
  });
  expect(sizes.canvas).toBe(sizes.host);
  expect(sizes.made, 'the size the context was made at').toBe(sizes.canvas);
});
