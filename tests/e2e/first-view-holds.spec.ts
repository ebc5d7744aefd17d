// Nothing the page needs only later is fetched while its first view is still coming in: not the change stream
// (it holds one of the browser's six connections to us for good), not the sites list of the sidebar's notice, not
// the previews of the scenes link hotspots lead to (even once the engine has come for a view still incomplete), not
// an administrator's later tools (the start-view button's code and its survey read).
import { demoSite } from './app-helpers';
import { expect, test } from './helpers/cleanConsole';

const LATER = /^\/api\/(changes|sites)$|\/preview\.(jpg|avif)$|\/manage\/|^\/assets\/StartViewButton-/;

test('the page asks for nothing for later until its first view is complete', async ({ page, request }) => {
  const demo = await demoSite(request);
  const start = demo.scenes.find((s) => s.survey_node.link_hotspots.length > 0)!.survey_node;
  const later: string[] = [];
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (LATER.test(path) && !path.includes(`/${start.tiles_id}/`)) later.push(path);
  });
  // The first scene's tiles wait: its first view cannot be complete meanwhile.
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  await page.route(new RegExp(`/media/tiles/${start.tiles_id}/\\d+/`), async (route) => {
    await released;
    await route.continue();
  });
  await page.goto(`/site?site=${demo.site}&date=${demo.date}&node=${start.tiles_id}`);
  // The engine comes 1.5 s after the early stage started when no picture has come.
  await expect(page.locator('.panorama-canvas')).toHaveCount(1, { timeout: 15_000 });
  await page.waitForTimeout(500);
  expect(later, 'fetched before the first view was complete').toEqual([]);

  release();
  await expect.poll(() => later.includes('/api/changes'), { timeout: 15_000 }).toBe(true);
  await expect
    .poll(() => later.filter((p) => p.endsWith('/preview.jpg') || p.endsWith('/preview.avif')).length)
    .toBeGreaterThan(0);
  expect(later).toContain('/api/sites');
});
