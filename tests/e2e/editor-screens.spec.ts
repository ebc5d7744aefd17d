// Every editor state on a desktop (1280x720), a tablet (768x1024) and a phone (390x844): the hotspot editor empty,
// with a link selected, with an info hotspot and its picture selected, in the middle of a drag and asking to
// confirm a deletion; the survey manager; the tour editor. Each state is saved as a screenshot in the test's output
// folder (looked at by people), and measured: the editor's panel covers none of the markers, the floor slider
// covers no marker, the panel's own controls are on screen and uncovered, and a survey row's buttons stay on one
// line.
import type { Locator, Page, TestInfo } from '@playwright/test';
import { expect, test } from './helpers/cleanConsole';
import { choosePicture, newSite, panel, saved } from './hotspot-editing-helpers';
import { afterFrames, overlap, tappable, waitForRenderer } from './layout-helpers';

const SIZES = [
  { name: 'desktop', viewport: { width: 1280, height: 720 }, touch: false },
  { name: 'tablet', viewport: { width: 768, height: 1024 }, touch: true },
  { name: 'phone', viewport: { width: 390, height: 844 }, touch: true },
] as const;

async function shot(page: Page, info: TestInfo, name: string) {
  await page.screenshot({ path: info.outputPath(`${name}.png`) });
}

/**
 * Every marker in the panorama's view can be pressed (nothing lies over its centre), and so can each of `controls`.
 * A marker whose place is outside the panorama's box is out of view (the layer clips it), not covered.
 */
async function reachable(page: Page, state: string, controls: Locator[]) {
  const host = (await page.locator('.panorama-host').boundingBox())!;
  const problems: string[] = [];
  let inView = 0;
  for (const m of await page.locator('.hotspot-marker').all()) {
    const b = (await m.boundingBox())!;
    const [x, y] = [b.x + b.width / 2, b.y + b.height / 2];
    if (x < host.x || y < host.y || x > host.x + host.width || y > host.y + host.height) continue;
    inView++;
    const why = await tappable(m);
    if (why) problems.push(`${state}: marker ${await m.getAttribute('aria-label')} ${why}`);
  }
  for (const c of controls) {
    await c.scrollIntoViewIfNeeded();
    const why = await tappable(c);
    if (why)
      problems.push(`${state}: ${(await c.textContent())?.trim() || (await c.getAttribute('aria-label'))} ${why}`);
  }
  expect(problems).toEqual([]);
  expect(inView, `${state}: markers in view`).toBeGreaterThan(0);
}

/** The markers follow the panorama's new box (it yields the panel's room): the link's marker is inside it. */
async function markersSettled(page: Page) {
  await expect
    .poll(async () => {
      const host = (await page.locator('.panorama-host').boundingBox())!;
      const b = (await page.getByRole('button', { name: 'Link to yard title' }).boundingBox())!;
      return b.y + b.height / 2 < host.y + host.height && b.x + b.width / 2 < host.x + host.width;
    })
    .toBe(true);
}

/** A panel's content fits its width: nothing inside reaches past its right edge (a field or button cut off). */
async function fitsWidth(l: Locator, state: string) {
  const past = await l.evaluate((el) => {
    const right = el.getBoundingClientRect().right + 1;
    return [...el.querySelectorAll('*')]
      .filter((e) => e.getBoundingClientRect().width > 1 && e.getBoundingClientRect().right > right)
      .map((e) => `${e.tagName.toLowerCase()}.${e.className} to ${Math.round(e.getBoundingClientRect().right)}`);
  });
  expect(past, `${state}: past the panel's right edge`).toEqual([]);
  const { scroll, client } = await l.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
  expect(scroll, `${state}: the panel scrolls sideways`).toBeLessThanOrEqual(client + 1);
}

for (const size of SIZES) {
  test.describe(size.name, () => {
    test.use({ viewport: size.viewport, hasTouch: size.touch, isMobile: size.touch });

    test(`editor states at ${size.viewport.width}x${size.viewport.height}`, async ({ page, request }, info) => {
      const site = await newSite(request, `screens-${size.name}`);
      await page.goto(`/site/${site}/site?floor=0`);
      await expect(page.locator('.title-card h1')).toHaveText('barn title');
      await waitForRenderer(page);
      await page.getByRole('button', { name: 'Hotspot editor' }).click();
      await expect(page.locator('.hotspot-marker')).toHaveCount(2);
      await markersSettled(page);
      await afterFrames(page, 3);
      await shot(page, info, `${size.name}-hotspots-empty`);
      const tools = page.getByRole('toolbar', { name: 'Viewer tools' });
      const toggle = page.getByRole('button', { name: 'Hotspot editor' });
      const basics = () => [
        toggle,
        panel(page).getByRole('button', { name: 'Done' }),
        panel(page).getByRole('button', { name: 'Add link' }),
        panel(page).getByRole('button', { name: 'Undo' }),
      ];
      await reachable(page, 'empty', basics());
      expect(overlap((await panel(page).boundingBox())!, (await tools.boundingBox())!)).toBe(false);
      // Upright screens: the panel is a sheet as wide as the viewer.
      if (size.touch) {
        const [sheet, viewer] = [await panel(page).boundingBox(), await page.locator('.viewer').boundingBox()];
        expect(Math.abs(sheet!.width - viewer!.width)).toBeLessThan(2);
      }
      await fitsWidth(panel(page), 'empty');

      await panel(page).getByRole('list').getByRole('button', { name: '→ yard title' }).click();
      await shot(page, info, `${size.name}-link-selected`);
      await reachable(page, 'link selected', [
        ...basics(),
        page.locator('.arrow-handle'),
        panel(page).getByRole('button', { name: 'Change target' }),
        panel(page).getByRole('button', { name: 'Turn right' }),
      ]);
      await fitsWidth(panel(page), 'link selected');

      await panel(page).getByRole('list').getByRole('button', { name: 'Info: Info; barn' }).click();
      await choosePicture(page);
      await saved(page, 1, request, site);
      await expect(panel(page).getByRole('img', { name: 'Info; barn' })).toBeVisible();
      await shot(page, info, `${size.name}-info-picture`);
      await reachable(page, 'info selected', [
        ...basics(),
        panel(page).getByLabel('Title'),
        panel(page).getByRole('button', { name: 'Apply' }),
        panel(page).getByLabel(/Replace picture/),
        panel(page).getByRole('button', { name: 'Remove picture' }),
      ]);
      await fitsWidth(panel(page), 'info selected');

      const marker = page.getByRole('button', { name: 'Link to yard title' });
      const box = (await marker.boundingBox())!;
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await page.mouse.down();
      await page.mouse.move(box.x + box.width / 2 + 30, box.y + box.height / 2 + 20, { steps: 4 });
      await shot(page, info, `${size.name}-dragging`);
      expect(await tappable(marker)).toBeNull();
      await page.mouse.up();
      await saved(page, 2, request, site);

      await panel(page).getByRole('button', { name: 'Delete this hotspot' }).click();
      const confirm = page.getByRole('dialog', { name: 'Delete this hotspot?' });
      await expect(confirm).toBeVisible();
      await shot(page, info, `${size.name}-confirm-delete`);
      for (const name of ['Keep it', 'Delete'])
        expect(await tappable(confirm.getByRole('button', { name, exact: true }))).toBeNull();
      await confirm.getByRole('button', { name: 'Keep it' }).click();
      await panel(page).getByRole('button', { name: 'Done' }).click();

      await page.getByRole('button', { name: 'Tour editor' }).click();
      await expect(page.getByRole('region', { name: 'Tour editor' })).toBeVisible();
      await shot(page, info, `${size.name}-tour-editor`);
      const tourPanel = page.getByRole('region', { name: 'Tour editor' });
      await fitsWidth(tourPanel, 'tour editor');
      expect(await tappable(page.getByRole('button', { name: 'Tour editor', exact: true }))).toBeNull();
      expect(await tappable(tourPanel.getByRole('button', { name: 'Create tour' }))).toBeNull();

      await page.goto(`/site/${site}/surveys`);
      await expect(page.getByRole('heading', { name: /Surveys/ }).first()).toBeVisible();
      await shot(page, info, `${size.name}-survey-manager`);
      // Each row's buttons on one line (two on a phone: "Rename or move", "Replace…" and "Delete" are wider than
      // it), none cut off.
      for (const row of await page.locator('.manager-actions').all()) {
        const tops = await row.getByRole('button').evaluateAll((bs) => bs.map((b) => b.getBoundingClientRect().top));
        expect(new Set(tops.map(Math.round)).size).toBeLessThanOrEqual(size.name === 'phone' ? 2 : 1);
        expect(await tappable(row.getByRole('button').last())).toBeNull();
      }
    });
  });
}
