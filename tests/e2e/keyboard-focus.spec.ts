// Every control Tab reaches on every screen shows where the focus is: its outline or shadow changes when it
// takes the focus by keyboard, and it is big enough to see (no invisible stops).
import { expect, test, type Page } from '@playwright/test';
import { demoSite, openViewer, problemsOnPages, waitPictureLive, withMultiSite, type DemoSite } from './app-helpers';
import { focusedName, focusRingProblem } from './keyboard-helpers';
import { VIEWPORTS } from './viewports';

let demo: DemoSite;
test.beforeEach(async ({ request }) => {
  demo = await demoSite(request);
});

/**
 * Tabs once round the page (until the first stop comes back, or 60 presses), or, with `within`, from the focus
 * a panel took as it opened until Tab leaves the panel: the problems of each stop.
 */
async function walkProblems(page: Page, where: string, within?: string): Promise<string[]> {
  const problems: string[] = [];
  const inside = () => page.evaluate((s) => !!document.activeElement?.closest(s), within!);
  if (within) {
    await expect.poll(inside).toBe(true);
    const p = await focusRingProblem(page);
    if (p) problems.push(`${where}: ${p}`);
  }
  let first: string | null = null;
  for (let i = 0; i < 60; i++) {
    await page.keyboard.press('Tab');
    if (within && !(await inside())) break;
    const name = await focusedName(page);
    if (name === 'BODY') continue;
    if (name === first) break;
    first ??= name;
    const p = await focusRingProblem(page);
    if (p) problems.push(`${where}: ${p}`);
  }
  return problems;
}

/** Enter on the control called `name` (focused without a click: the page then shows focus as for the keyboard). */
async function openByKeyboard(page: Page, name: string) {
  await page.getByRole('button', { name, exact: true }).focus();
  await page.keyboard.press('Enter');
}

for (const vp of ['desktop', 'phone upright'] as const) {
  test.describe(`on a ${vp}`, () => {
    test.use(VIEWPORTS[vp]);

    test('every Tab stop of the viewer shows a focus ring, and of each panel as it opens', async ({ page }) => {
      const problems: string[] = [];
      for (const path of vp === 'desktop' ? ['/site', '/site?kiosk=1'] : ['/site']) {
        await openViewer(page, demo, path);
        // Not while the engine takes over: the early hotspot buttons are Tab stops until then.
        await waitPictureLive(page);
        problems.push(...(await walkProblems(page, path)));
        for (const [panel, open, selector] of [
          ['timeline', 'Open Timeline', '#timeline'],
          ['hotspot list', 'Hotspots', '#hotspot-list'],
        ] as const) {
          await openByKeyboard(page, open);
          problems.push(...(await walkProblems(page, `${path} ${panel}`, selector)));
          await page.keyboard.press('Escape');
        }
        await openByKeyboard(page, 'Hotspots');
        await openByKeyboard(page, demo.scenes[0].survey_node.info_hotspots[0].title);
        problems.push(...(await walkProblems(page, `${path} info panel`, '.info-panel')));
        await page.keyboard.press('Escape');
        await openByKeyboard(page, 'Enlarge minimap');
        problems.push(...(await walkProblems(page, `${path} enlarged minimap`, '.minimap')));
      }
      expect(problems).toEqual([]);
    });

    test('every Tab stop of the other pages shows a focus ring', async ({ page }) => {
      expect(
        await problemsOnPages(page, ['/', '/documentation', '/about', '/addScene'], (where) =>
          walkProblems(page, where),
        ),
      ).toEqual([]);
    });
  });
}

test('every Tab stop of the multi-site map shows a focus ring (administrator and visitor)', async ({
  page,
  request,
}) => {
  await withMultiSite(request, async () => {
    expect(await problemsOnPages(page, ['/', '/?kiosk=1'], (where) => walkProblems(page, where))).toEqual([]);
  });
});
