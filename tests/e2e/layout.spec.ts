// Overlays never cover each other: on desktop, a phone upright and sideways and a tablet, every pair of panels
// is opened (one, then the other) and each panel is then either closed or fully on screen and uncovered. The
// rule is the layout model's (src/domain/layout.ts); this checks what the screen shows. Comparing two dates, the
// compare bar and the title cards of both sides keep clear of each other and of the viewer's controls.
import { expect, test, type Page } from '@playwright/test';
import { demoSite, demoLacks } from './app-helpers';
import { VIEWPORTS, type ViewportName } from './viewports';
import {
  afterFrames,
  afterTransitions,
  PANEL_NAMES,
  PANEL_SELECTOR,
  closeAll,
  openPanel,
  overlap,
  uncovered,
  waitForRenderer,
  type InfoSpot,
} from './layout-helpers';

/** Compare mode's own parts over the panorama (the second card only where two dates show at once). */
const COMPARE_PARTS = ['.compare-bar', '.compare-card-a'];
/** What stays on screen beside a comparison: the small minimap, the toolbar, the floors, the viewer's title. */
const VIEWER_CONTROLS = ['.minimap', '.viewer-tools', '.floor-slider', '.title-card'];

/** Each selector's first element's box (absent: not there). */
async function boxesOf(page: Page, selectors: string[]) {
  const out = new Map<string, { x: number; y: number; width: number; height: number }>();
  for (const sel of selectors) {
    const l = page.locator(sel).first();
    const box = (await l.count()) ? await l.boundingBox() : null;
    if (box && box.width > 0 && box.height > 0) out.set(sel, box);
  }
  return out;
}

for (const name of ['desktop', 'phone upright', 'phone sideways', 'tablet'] as ViewportName[]) {
  test.describe(`panels on ${name}`, () => {
    test.use(VIEWPORTS[name]);
    test.setTimeout(240_000);

    test('every pair of panels: each one is closed or fully visible', async ({ page, request }) => {
      const demo = await demoSite(request);
      const start = demo.scenes.find((s) => s.survey_node.info_hotspots.length > 0);
      demoLacks(!start, 'no info hotspot in the demo');
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
          // Looked at twice: two frames after the click (a person sees a layout that animates into place, and
          // panels overlapping while it does) and once everything has settled.
          for (const when of ['at once', 'settled']) {
            await (when === 'at once' ? afterFrames(page, 2) : afterTransitions(page));
            // The one opened last is always open and uncovered; the other is closed or uncovered too.
            const last = await uncovered(page, PANEL_SELECTOR[b]);
            if (last) failures.push(`${a} then ${b}, ${when}: ${b} ${last}`);
            if (await page.locator(PANEL_SELECTOR[a]).count()) {
              const first = await uncovered(page, PANEL_SELECTOR[a]);
              if (first) failures.push(`${a} then ${b}, ${when}: ${a} ${first}`);
            }
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

    test('compare: the bar and each title card clear of each other and of every control', async ({ page }) => {
      await page.goto('/site');
      await waitForRenderer(page);
      await page.getByRole('button', { name: 'Compare dates' }).click();
      await expect(page.locator('.compare-bar')).toHaveCount(1);
      const failures: string[] = [];
      for (const mode of ['Side by side', 'Swipe', 'Flip']) {
        await page.getByRole('radio', { name: mode }).click();
        await expect(page.getByRole('radio', { name: mode })).toHaveAttribute('aria-checked', 'true');
        await expect(page.locator('.compare-card')).toHaveCount(mode === 'Flip' ? 1 : 2);
        await page.waitForTimeout(400);
        await page.screenshot({ path: test.info().outputPath(`compare-${mode}.png`) });
        // The bar takes presses: nothing may cover it. The cards let presses through to the panorama (so a probe
        // by elementFromPoint passes them): their boxes must be clear of everything else.
        const fault = await uncovered(page, '.compare-bar');
        if (fault) failures.push(`${mode}: compare bar ${fault}`);
        const mine = [...COMPARE_PARTS, ...(mode === 'Flip' ? [] : ['.compare-card-b'])];
        const boxes = await boxesOf(page, [...mine, ...VIEWER_CONTROLS]);
        for (const [i, a] of mine.entries())
          for (const b of [...mine.slice(i + 1), ...VIEWER_CONTROLS]) {
            const [ba, bb] = [boxes.get(a), boxes.get(b)];
            if (!ba) failures.push(`${mode}: ${a} missing`);
            else if (bb && overlap(ba, bb))
              failures.push(`${mode}: ${a} ${JSON.stringify(ba)} overlaps ${b} ${JSON.stringify(bb)}`);
          }
      }
      expect(failures).toEqual([]);
    });

    test('camera info and the small minimap stay uncovered at every reading', async ({ page, request }) => {
      const demo = await demoSite(request);
      await page.goto(`/site?kiosk=1&date=${demo.date}&node=${demo.scenes[0]!.survey_node.tiles_id}`);
      await waitForRenderer(page);
      await closeAll(page);
      await openPanel(page, 'camera', { yaw: 0, pitch: 0, title: '' });
      const failures: string[] = [];
      // The narrowest readings and the widest ones (tilt "-90°", rotation "359°", zoom "120%").
      for (const [yaw, pitch, fov] of [
        [0, 0, Math.PI / 2],
        [-0.01, -Math.PI / 2, 0.3],
        [6.26, Math.PI / 2, 0.3],
        [3.2, -0.21, 2.2],
      ] as const) {
        await page.evaluate(
          (v) => (window as unknown as { __panorama: { setView(v: object): void } }).__panorama.setView(v),
          { yaw, pitch, fov },
        );
        await afterFrames(page, 2);
        const reading = await page.locator('.camera-info').textContent();
        for (const sel of ['.camera-info', '.minimap']) {
          const fault = await uncovered(page, sel);
          if (fault) failures.push(`${reading}: ${sel} ${fault}`);
        }
        // Not even an edge under the other (the corner probes above stand a few pixels inside).
        const [camera, map] = [
          await page.locator('.camera-info').boundingBox(),
          await page.locator('.minimap').boundingBox(),
        ];
        if (overlap(camera!, map!))
          failures.push(`${reading}: camera info ${JSON.stringify(camera)} overlaps minimap ${JSON.stringify(map)}`);
      }
      expect(failures).toEqual([]);
    });
  });
}
