// On a slow link the title changes together with the picture: a floor or date switch names the new scene in the
// address at once, but the title card keeps naming the scene on screen until the new scene's picture shows.
import { expect, test, type Page } from '@playwright/test';
import { demoSite, demoLacks } from './app-helpers';

const HOLD_MS = 2500;
const param = (page: Page, k: string) => new URL(page.url()).searchParams.get(k);
const title = (page: Page) => page.locator('.title-card .title-scene');

/** The viewer with its first picture drawn; from then on every tile and preview takes HOLD_MS to come. */
async function slowViewer(page: Page, url: string) {
  await page.goto(url);
  await expect
    .poll(() => page.evaluate(() => performance.getEntriesByName('panorama:stable').length), { timeout: 30_000 })
    .toBeGreaterThan(0);
  await page.route(/\/media\/tiles\//, async (route) => {
    await new Promise((r) => setTimeout(r, HOLD_MS));
    await route.continue().catch(() => {});
  });
}

/** `act` moves to another scene: the address names it at once, the title only once its picture shows. */
async function titleFollowsPicture(page: Page, act: () => Promise<void>) {
  const before = (await title(page).textContent())!;
  const node = param(page, 'node');
  await act();
  await expect.poll(() => param(page, 'node')).not.toBe(node);
  await page.waitForTimeout(HOLD_MS / 3);
  await expect(title(page)).toHaveText(before);
  await expect(title(page)).not.toHaveText(before, { timeout: HOLD_MS * 4 });
}

test('a floor switch and a date switch change the title with the picture', async ({ page, request }) => {
  const demo = await demoSite(request);
  demoLacks(demo.floors.length < 2 || demo.dates.length < 2, 'the demo needs two floors and two dates');
  await slowViewer(page, '/site');
  const floors = page.getByRole('navigation', { name: 'Floors' }).getByRole('button');
  await titleFollowsPicture(page, async () => {
    const other = floors.and(page.locator(':not([aria-current="true"]):not([aria-disabled="true"])'));
    await other.first().click();
  });
  await page.getByRole('button', { name: 'Open Timeline' }).click();
  await titleFollowsPicture(page, async () => {
    await page.locator('.timeline-row:not([aria-current])').first().click();
  });
});
