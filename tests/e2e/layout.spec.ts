// Overlays never cover each other: on desktop, a phone upright and sideways and a tablet, every pair of panels
// is opened (one, then the other) and each panel is then either closed or fully on screen and uncovered. The
// rule is the layout model's (src/domain/layout.ts); this checks what the screen shows.
import { expect, test } from '@playwright/test';
import { demoSite } from './app-helpers';
import { VIEWPORTS, type ViewportName } from './viewports';
import {
  PANEL_NAMES,
  PANEL_SELECTOR,
  closeAll,
  openPanel,
  uncovered,
  waitForRenderer,
  type InfoSpot,
} from './layout-helpers';

for (const name of ['desktop', 'phone upright', 'phone sideways', 'tablet'] as ViewportName[]) {
  test.describe(`panels on ${name}`, () => {
    test.use(VIEWPORTS[name]);
    test.setTimeout(240_000);

    test('every pair of panels: each one is closed or fully visible', async ({ page, request }) => {
      const demo = await demoSite(request);
      const start = demo.scenes.find((s) => s.survey_node.info_hotspots.length > 0);
      test.skip(!start, 'no info hotspot in the demo');
      const spot: InfoSpot = start!.survey_node.info_hotspots[0];
      await page.goto(`/site?kiosk=1&date=${demo.date}&node=${start!.survey_node.tiles_id}`);
      await waitForRenderer(page);
      await closeAll(page);
      const failures: string[] = [];
      for (const a of PANEL_NAMES) {
        for (const b of PANEL_NAMES) {
          if (a === b) continue;
          await openPanel(page, a, spot);
          await openPanel(page, b, spot);
          await page.waitForTimeout(150);
          // The one opened last is always open and uncovered; the other is closed or uncovered too.
          const last = await uncovered(page, PANEL_SELECTOR[b]);
          if (last) failures.push(`${a} then ${b}: ${b} ${last}`);
          if (await page.locator(PANEL_SELECTOR[a]).count()) {
            const first = await uncovered(page, PANEL_SELECTOR[a]);
            if (first) failures.push(`${a} then ${b}: ${a} ${first}`);
          }
          if (a === 'timeline' || b === 'timeline') {
            // The tool button says what the drawer is: "Close Timeline" only while the drawer shows.
            const open = await page.locator('#timeline').count();
            await expect(
              page.getByRole('button', { name: open ? 'Close Timeline' : 'Open Timeline' }).first(),
            ).toHaveCount(1);
          }
          await closeAll(page);
        }
      }
      expect(failures).toEqual([]);
    });
  });
}
