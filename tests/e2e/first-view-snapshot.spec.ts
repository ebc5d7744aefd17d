// A repeat visit of the same view: the picture the last visit drew is laid over the panorama while the tiles are
// decoded again, and it is the same picture; it goes in the frame the live view is complete, on any input, and it
// is never shown for another view or kept after signing out.
import type { Page, Route } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { demoSite } from './app-helpers';
import { decodeScreenshot, meanAbsError } from './helpers/referenceProjection';

const COVER = 'img[aria-hidden="true"][style*="position: fixed"]';

/** The snapshots kept in this browser context. */
function keptSnapshots(page: Page): Promise<number> {
  return page.evaluate(async () => (await (await caches.open('first-view-snapshots')).keys()).length);
}

/** Hold every tile and preview until release() is called. */
async function holdTiles(page: Page): Promise<() => Promise<void>> {
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  const handler = async (route: Route) => {
    await released;
    await route.continue().catch(() => {});
  };
  await page.route(/\/media\/tiles\//, handler);
  return async () => {
    release();
    await page.unroute(/\/media\/tiles\//, handler);
  };
}

const markSeen = (page: Page, name: string) =>
  page.waitForFunction((n) => performance.getEntriesByName(n).length > 0, name, { timeout: 30_000 });

test('a repeat visit shows the last picture of that view until its tiles are drawn again', async ({
  page,
  request,
}) => {
  const demo = await demoSite(request);
  const url = `/site?site=${demo.site}&date=${demo.date}&node=${demo.scenes[0]!.survey_node.tiles_id}&yaw=0.7&pitch=0.1`;
  await page.goto(url);
  await markSeen(page, 'panorama:stable');
  // Kept once the page is idle after its first view.
  await expect.poll(() => keptSnapshots(page), { timeout: 10_000 }).toBe(1);
  await page.waitForTimeout(500);
  const live = await decodeScreenshot(await page.screenshot());

  const release = await holdTiles(page);
  await page.reload();
  await markSeen(page, 'early:snapshot');
  const cover = page.locator(COVER);
  await expect(cover).toHaveCount(1);
  await expect.poll(() => cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  // Nothing of the live view can be on screen yet (its tiles are held): what shows is the snapshot, and the page
  // around it, as the live view left it.
  expect(await page.evaluate(() => performance.getEntriesByName('early:stable').length)).toBe(0);
  await page.waitForTimeout(300);
  const covered = await decodeScreenshot(await page.screenshot());
  expect(covered.width).toBe(live.width);
  expect(meanAbsError(covered.data, live.data)).toBeLessThan(4);
  // The panels stay above it: the hotspot button is clickable where it is.
  await expect(page.getByRole('button', { name: 'Hotspots' })).toBeVisible();

  await release();
  await markSeen(page, 'early:stable');
  await expect(cover).toHaveCount(0);
});

test('another view shows no snapshot, and any input takes one away', async ({ page, request }) => {
  const demo = await demoSite(request);
  const base = `/site?site=${demo.site}&date=${demo.date}&node=${demo.scenes[0]!.survey_node.tiles_id}`;
  await page.goto(`${base}&yaw=0.3`);
  await markSeen(page, 'panorama:stable');
  await expect.poll(() => keptSnapshots(page), { timeout: 10_000 }).toBe(1);

  // Another heading: no snapshot of it is kept, so none is shown.
  let release = await holdTiles(page);
  await page.goto(`${base}&yaw=1.3`);
  await page.waitForTimeout(1000);
  await expect(page.locator(COVER)).toHaveCount(0);
  await release();
  await markSeen(page, 'panorama:stable');

  // The kept view again, and a key pressed: the cover goes, the live view under it answers.
  release = await holdTiles(page);
  await page.goto(`${base}&yaw=0.3`);
  await markSeen(page, 'early:snapshot');
  await expect(page.locator(COVER)).toHaveCount(1);
  await page.mouse.move(640, 360);
  await page.mouse.down();
  await expect(page.locator(COVER)).toHaveCount(0);
  await page.mouse.up();
  await release();
});
