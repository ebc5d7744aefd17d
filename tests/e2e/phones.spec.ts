// Phones held upright and sideways, and a tablet (desktop too, for comparison): the viewer's controls never
// overlap, each is tappable where it shows (elementFromPoint at its centre is the control), the minimap is on
// screen, the expanded sidebar is not the whole screen, and on an upright phone an info hotspot the view turns
// to shows above the sheet its information opens in.
import { expect, test, type Page } from '@playwright/test';
import { demoSite, demoLacks } from './app-helpers';
import { VIEWPORTS, type ViewportName } from './viewports';
import { overlap, tappable, uncovered, waitForRenderer } from './layout-helpers';

const CONTROLS = ['.title-card', '.viewer-tools', '.floor-slider', '.minimap', '.camera-info'];

async function boxes(page: Page) {
  const out: { sel: string; box: { x: number; y: number; width: number; height: number } }[] = [];
  for (const sel of CONTROLS) {
    const l = page.locator(sel);
    if (await l.count()) out.push({ sel, box: (await l.boundingBox())! });
  }
  return out;
}

for (const name of ['phone upright', 'phone sideways', 'tablet', 'desktop'] as ViewportName[]) {
  test.describe(`viewer on ${name}`, () => {
    test.use(VIEWPORTS[name]);

    test('controls do not overlap, each is tappable, the minimap is on screen', async ({ page }, testInfo) => {
      await page.goto('/site?kiosk=1');
      await expect(page.locator('.minimap-image')).toBeVisible();
      await page.getByLabel('Show Camera Info').click();
      await expect(page.locator('.camera-info')).toBeVisible();
      await page.waitForTimeout(200);
      await page.screenshot({ path: testInfo.outputPath(`${name.replace(' ', '-')}-controls.png`) });
      const all = await boxes(page);
      expect(all.map((b) => b.sel)).toEqual(expect.arrayContaining(['.title-card', '.floor-slider', '.minimap']));
      const overlaps: string[] = [];
      for (let i = 0; i < all.length; i++)
        for (let j = i + 1; j < all.length; j++) {
          if (overlap(all[i].box, all[j].box)) overlaps.push(`${all[i].sel} overlaps ${all[j].sel}`);
        }
      expect(overlaps).toEqual([]);
      expect(await uncovered(page, '.minimap')).toBeNull();
      const controls = page.locator('.floor-stop, .viewer-tools button, .viewer-tools label, .minimap-header button');
      const blocked: string[] = [];
      for (let i = 0; i < (await controls.count()); i++) {
        const why = await tappable(controls.nth(i));
        if (why)
          blocked.push(
            `${(await controls.nth(i).getAttribute('aria-label')) ?? (await controls.nth(i).textContent())}: ${why}`,
          );
      }
      expect(blocked).toEqual([]);
      // A real tap on the lowest floor button switches floors (nothing over it takes the tap).
      const stops = page.locator('.floor-stop');
      if ((await stops.count()) > 1) {
        const lowest = stops.last();
        const box = (await lowest.boundingBox())!;
        if (
          (await lowest.getAttribute('aria-current')) !== 'true' &&
          (await lowest.getAttribute('aria-disabled')) !== 'true'
        ) {
          if (testInfo.project.use.hasTouch || VIEWPORTS[name].viewport.width < 900)
            await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
          else await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
          await expect(lowest).toHaveAttribute('aria-current', 'true');
        }
      }
    });

    test('the expanded sidebar leaves the screen beside it; its entries are tappable', async ({ page }) => {
      await page.goto('/site?kiosk=1');
      const expand = page.getByRole('button', { name: 'Expand sidebar' });
      if (await expand.count()) await expand.click();
      const nav = page.getByRole('navigation', { name: 'Main' });
      const box = (await nav.boundingBox())!;
      expect(box.width).toBeLessThanOrEqual(page.viewportSize()!.width * 0.6);
      const links = nav.getByRole('link');
      for (let i = 0; i < (await links.count()); i++) expect(await tappable(links.nth(i))).toBeNull();
    });

    if (name === 'phone upright') {
      test('the info sheet leaves the hotspot it is about in view above it', async ({ page, request }) => {
        const demo = await demoSite(request);
        const start = demo.scenes.find((s) => s.survey_node.info_hotspots.length > 0);
        demoLacks(!start, 'no info hotspot in the demo');
        const spot = start!.survey_node.info_hotspots[0];
        await page.goto(
          `/site?kiosk=1&date=${demo.date}&node=${start!.survey_node.tiles_id}&yaw=${spot.yaw + 1.5}&pitch=0`,
        );
        await waitForRenderer(page);
        await page.getByRole('button', { name: 'Hotspots', exact: true }).tap();
        await page.locator('#hotspot-list').getByRole('button', { name: spot.title }).tap();
        const sheet = page.locator('.info-panel');
        await expect(sheet).toBeVisible();
        // Wait for the pan to end, then project the hotspot (rectilinear; the camera faces its yaw).
        let last = '';
        await expect
          .poll(
            async () => {
              const v = await page.evaluate(() =>
                JSON.stringify((window as unknown as { __panorama: { getView(): object } }).__panorama.getView()),
              );
              const same = v === last;
              last = v;
              return same;
            },
            { intervals: [300] },
          )
          .toBe(true);
        const view = JSON.parse(last) as { yaw: number; pitch: number; fov: number };
        const host = (await page.locator('.panorama-host').boundingBox())!;
        const f = host.height / 2 / Math.tan(view.fov / 2);
        const y = host.y + host.height / 2 + f * Math.tan(spot.pitch - view.pitch);
        const x = host.x + host.width / 2;
        const top = (await sheet.boundingBox())!.y;
        await page.screenshot({ path: test.info().outputPath('phone-upright-info.png') });
        expect(Math.abs(((view.yaw - spot.yaw + 3 * Math.PI) % (2 * Math.PI)) - Math.PI)).toBeLessThan(0.02);
        expect(y).toBeLessThan(top - 20);
        expect(y).toBeGreaterThan(host.y);
        // Nothing of the overlay is drawn over the hotspot: the panorama itself is there.
        const hit = await page.evaluate(
          ({ x, y }) => document.elementFromPoint(x, y)?.closest('.panorama-host') !== null,
          { x, y },
        );
        expect(hit).toBe(true);
      });
    }
  });
}
