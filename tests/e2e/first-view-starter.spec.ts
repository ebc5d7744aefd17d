// The page's inline starter asks for the opening view's tiles while the HTML is still arriving, before any script
// file has come, and the scene's preview waits until those tiles are in (they cover the whole first picture; the
// preview before them only shared a slow link with them).
import { demoSite } from './app-helpers';
import { expect, test } from './helpers/cleanConsole';
import { VIEWPORTS } from './viewports';

const tileOf = (tilesId: string) => new RegExp(`/media/tiles/${tilesId}/\\d+/[bdflru]/\\d+/\\d+\\.(jpg|avif)$`);

for (const name of ['desktop', 'phone upright', 'phone sideways'] as const) {
  test.describe(name, () => {
    test.use({ ...VIEWPORTS[name], deviceScaleFactor: name === 'desktop' ? 1 : 3 });

    test("the opening view's tiles are asked for with every script file of the page held back", async ({
      page,
      request,
    }) => {
      const demo = await demoSite(request);
      const start = demo.scenes[0]!.survey_node;
      const tiles: string[] = [];
      page.on('request', (r) => {
        if (tileOf(start.tiles_id).test(new URL(r.url()).pathname)) tiles.push(r.url());
      });
      let release!: () => void;
      const released = new Promise<void>((r) => (release = r));
      await page.route(/\/assets\/[^/]+\.js$/, async (route) => {
        await released;
        await route.continue();
      });
      await page.goto(`/site?site=${demo.site}&date=${demo.date}&node=${start.tiles_id}`, { waitUntil: 'commit' });
      await expect.poll(() => tiles.length, { timeout: 10_000 }).toBeGreaterThan(0);
      // No script file can run meanwhile: whatever else comes now is the starter's too.
      await page.waitForTimeout(300);
      const started = [...tiles];
      release();
      await page.waitForFunction(() => window.__panorama?.counters.stable === true, null, { timeout: 20_000 });
      // The early loader, once its script runs, takes the requests already made: none again, and none more (the
      // starter's guess of the panorama's box was the box the page measured).
      expect(tiles).toEqual(started);
    });
  });
}

test("the first scene's preview is asked for only once its opening tiles are in", async ({ page, request }) => {
  const demo = await demoSite(request);
  const start = demo.scenes[0]!.survey_node;
  const events: Array<{ kind: 'tile' | 'tile done' | 'preview'; url: string }> = [];
  const preview = new RegExp(`/media/tiles/${start.tiles_id}/preview\\.(jpg|avif)$`);
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (tileOf(start.tiles_id).test(path)) events.push({ kind: 'tile', url: r.url() });
    if (preview.test(path)) events.push({ kind: 'preview', url: r.url() });
  });
  page.on('requestfinished', (r) => {
    if (tileOf(start.tiles_id).test(new URL(r.url()).pathname)) events.push({ kind: 'tile done', url: r.url() });
  });
  await page.goto(`/site?site=${demo.site}&date=${demo.date}&node=${start.tiles_id}`);
  await expect.poll(() => events.some((e) => e.kind === 'preview'), { timeout: 15_000 }).toBe(true);
  const before = events.slice(
    0,
    events.findIndex((e) => e.kind === 'preview'),
  );
  const asked = before.filter((e) => e.kind === 'tile').map((e) => e.url);
  expect(asked.length, 'opening tiles asked for before the preview').toBeGreaterThan(0);
  const done = new Set(before.filter((e) => e.kind === 'tile done').map((e) => e.url));
  expect(
    asked.filter((u) => !done.has(u)),
    'tiles still on their way when the preview was asked for',
  ).toEqual([]);
});
