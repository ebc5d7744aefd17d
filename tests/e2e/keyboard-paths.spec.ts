// The visitor's main paths with the keyboard alone (no click, no tap): walk to the next scene, open an info
// hotspot and close it, change the date on the timeline, change floors, go somewhere from the minimap. A panel
// that opens takes the focus; when it closes the focus goes back to its opener; Escape closes it.
import { expect, test, type Page } from '@playwright/test';
import { demoSite, openViewer, type DemoSite, demoLacks } from './app-helpers';
import { expectFocusOn, focusedName, focusRingProblem, tabTo } from './keyboard-helpers';
import { VIEWPORTS } from './viewports';

let demo: DemoSite;
test.beforeEach(async ({ request }) => {
  demo = await demoSite(request);
});

const heading = (page: Page) => page.locator('.title-card h1');
const param = (page: Page, name: string) => new URL(page.url()).searchParams.get(name);
const focusInside = (page: Page, selector: string) =>
  page.evaluate((s) => !!document.activeElement?.closest(s), selector);

test('walk: the hotspot list takes the focus, Enter on a scene goes there and the focus returns', async ({ page }) => {
  await openViewer(page, demo);
  await tabTo(page, 'Hotspots');
  await page.keyboard.press('Enter');
  await expect.poll(() => focusInside(page, '#hotspot-list')).toBe(true);
  const target = await focusedName(page);
  expect(demo.scenes.map((s) => s.survey_node.title)).toContain(target);
  await page.keyboard.press('Enter');
  await expect(heading(page)).toHaveText(target);
  await expectFocusOn(page, 'Hotspots');
});

test('hotspot: Enter opens an info hotspot with the focus in its panel; Escape closes it, focus back', async ({
  page,
}) => {
  const info = demo.scenes[0].survey_node.info_hotspots[0];
  await openViewer(page, demo);
  await tabTo(page, 'Hotspots');
  await page.keyboard.press('Enter');
  await tabTo(page, info.title, 8);
  await page.keyboard.press('Enter');
  const panel = page.locator('.info-panel');
  await expect(panel).toBeVisible();
  await expectFocusOn(page, 'Close information');
  expect(await focusRingProblem(page)).toBeNull();
  await page.keyboard.press('Escape');
  await expect(panel).toHaveCount(0);
  await expectFocusOn(page, 'Hotspots');
  // Enter on the close button closes it just the same.
  await page.keyboard.press('Enter');
  await tabTo(page, info.title, 8);
  await page.keyboard.press('Enter');
  await expectFocusOn(page, 'Close information');
  await page.keyboard.press('Enter');
  await expect(panel).toHaveCount(0);
  await expectFocusOn(page, 'Hotspots');
});

test('timeline and date: the drawer opens on the date in view, Tab and the arrows choose dates', async ({ page }) => {
  demoLacks(!demo.settings.enable.timeline || demo.dates.length < 2, 'the demo floor has one date');
  const other = demo.dates.find((d) => d.date !== demo.date)!;
  await openViewer(page, demo);
  await tabTo(page, 'Open Timeline');
  await page.keyboard.press('Enter');
  // The date in view has the focus at once: no walk through the floors and the minimap first.
  await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-current'))).toBe('date');
  expect(await focusRingProblem(page)).toBeNull();
  await tabTo(page, new RegExp(other.survey_name), 4);
  await page.keyboard.press('Enter');
  await expect.poll(() => param(page, 'date')).toBe(other.date);
  // The drawer knows the new date (the arrows step from it) once its row is marked.
  await expect(page.locator(`.timeline-row[data-date="${other.date}"]`).first()).toHaveAttribute(
    'aria-current',
    'date',
  );
  // The arrows step back, and the focus follows the date in view.
  await page.keyboard.press(other.date < demo.date ? 'ArrowLeft' : 'ArrowRight');
  await expect.poll(() => param(page, 'date')).toBe(demo.date);
  await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-date'))).toBe(demo.date);
  await page.keyboard.press('Escape');
  await expect(page.locator('#timeline')).toHaveCount(0);
  await expectFocusOn(page, 'Open Timeline');
});

test('floor: Tab to another floor and Enter goes there', async ({ page }) => {
  demoLacks(demo.floors.length < 2, 'the demo site has one floor');
  await openViewer(page, demo);
  const floors = page.getByRole('navigation', { name: 'Floors' }).getByRole('button');
  const names = await floors.evaluateAll((bs) => bs.map((b) => b.getAttribute('aria-label') ?? ''));
  const current = await floors.evaluateAll((bs) => bs.findIndex((b) => b.getAttribute('aria-current') === 'true'));
  const other = names.find((n, i) => i !== current && !n.includes('no survey data'))!;
  await tabTo(page, other);
  expect(await focusRingProblem(page)).toBeNull();
  const before = param(page, 'floor');
  await page.keyboard.press('Enter');
  await expect.poll(() => param(page, 'floor')).not.toBe(before);
  await expectFocusOn(page, other);
});

for (const [who, path] of [
  ['an administrator', '/site'],
  ['a visitor', '/site?kiosk=1'],
] as const) {
  test(`minimap (${who}): each node shows its focus on the map, Enter goes there; Escape closes the enlarged map`, async ({
    page,
  }) => {
    const target = demo.scenes[1].survey_node.title;
    await openViewer(page, demo, path);
    await tabTo(page, `Go to ${target}`);
    expect(await focusRingProblem(page)).toBeNull();
    await page.keyboard.press('Enter');
    await expect(heading(page)).toHaveText(target);
    await tabTo(page, 'Enlarge minimap', 8, 'Shift+Tab');
    await page.keyboard.press('Enter');
    await expect(page.locator('.minimap.enlarged')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.locator('.minimap.enlarged')).toHaveCount(0);
    await expectFocusOn(page, 'Enlarge minimap');
  });
}

test.describe('on a phone', () => {
  test.use(VIEWPORTS['phone upright']);

  test('the sidebar opens with Enter and Escape folds it again, the focus staying in it', async ({ page }) => {
    await openViewer(page, demo);
    await tabTo(page, 'Expand sidebar');
    await page.keyboard.press('Enter');
    await expectFocusOn(page, 'Collapse sidebar');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('button', { name: 'Expand sidebar', expanded: false })).toBeVisible();
    await expectFocusOn(page, 'Expand sidebar');
  });
});
