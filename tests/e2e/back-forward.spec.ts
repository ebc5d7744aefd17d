// Back to the viewer, in a Chromium with its back/forward cache on (Playwright turns it off by default): the page
// comes back as it was left, with no new load and no new first view, and the server's answers on it are asked for
// again. Chrome keeps a page out of that cache for good once it has asked navigator.xr whether VR is offered; the
// viewer asks (for the Enter VR button), so this fails unless the question leaves the page eligible.
import type { CDPSession } from '@playwright/test';
import { expect, test } from './helpers/cleanConsole';
import config from '../../playwright.config';
import { demoSite } from './app-helpers';

test.use({
  launchOptions: {
    ...config.use?.launchOptions,
    ignoreDefaultArgs: ['--disable-back-forward-cache'],
  },
});

/** Why Chrome did not restore the page from its back/forward cache, as CDP tells it (empty when it did). */
function notRestoredReasons(cdp: CDPSession): string[] {
  const reasons: string[] = [];
  cdp.on('Page.backForwardCacheNotUsed', (e: { notRestoredExplanations: { type: string; reason: string }[] }) => {
    for (const x of e.notRestoredExplanations) reasons.push(`${x.type}: ${x.reason}`);
  });
  return reasons;
}

test('Back to the viewer restores it from the back/forward cache, after VR was asked; its answers are asked again', async ({
  page,
  request,
}) => {
  const demo = await demoSite(request);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Page.enable');
  const reasons = notRestoredReasons(cdp);

  await page.goto(`/site?site=${demo.site}&date=${demo.date}&node=${demo.scenes[0]!.survey_node.tiles_id}`);
  // The VR question has been asked and answered (after the first view): only then is the page's fate decided.
  await page.waitForFunction(() => performance.getEntriesByName('vr:asked').length > 0, null, { timeout: 30_000 });
  // The question's frame is gone again.
  await expect(page.locator('iframe')).toHaveCount(0);
  // A page left with a request in flight is not kept: leave it once its loads are done.
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => {
    (window as unknown as { __left: number }).__left = 1;
    addEventListener('pageshow', (e) => ((window as unknown as { __persisted: boolean }).__persisted = e.persisted));
  });

  await page.goto('/about');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const api: string[] = [];
  page.on('request', (r) => {
    const u = new URL(r.url());
    if (u.pathname.startsWith('/api/')) api.push(u.pathname);
  });
  // Only what the restored page asks counts, not a late call of the page being left.
  await page.waitForLoadState('networkidle');
  api.length = 0;
  // A page restored from the cache fires no load event: wait for the commit only.
  await page.goBack({ waitUntil: 'commit' });
  // Restored, or else why not (CDP says so once the page has loaded anew).
  await expect
    .poll(async () => {
      const persisted = await page
        .evaluate(() => (window as unknown as { __persisted?: boolean }).__persisted)
        .catch(() => undefined);
      return persisted ? 'restored' : reasons.join(', ') || 'not yet shown';
    })
    .toBe('restored');
  // The same document as before leaving: its state and its drawn panorama are still there.
  expect(await page.evaluate(() => (window as unknown as { __left?: number }).__left)).toBe(1);
  expect(reasons).toEqual([]);
  await expect(page.locator('.panorama-host canvas')).toBeVisible();
  // What the server says is asked for again: the site's settings and its scenes at least.
  await expect.poll(() => api.filter((p) => /\/settings$/.test(p)).length).toBeGreaterThan(0);
  await expect.poll(() => api.filter((p) => /\/survey\/details/.test(p)).length).toBeGreaterThan(0);
});
