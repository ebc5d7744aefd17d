// axe-core on every visitor screen: no serious or critical violations.
import type { Page } from '@playwright/test';
import { expect, test } from './helpers/cleanConsole';
import AxeBuilder from '@axe-core/playwright';
import { appPageDrawn } from './app-helpers';

async function serious(page: Page) {
  const results = await new AxeBuilder({ page }).exclude('canvas').analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id}: ${v.help} (${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(', ')})`,
    );
}

for (const [name, path, ready] of [
  ['home', '/', 'h1'],
  ['viewer', '/site', '.title-card h1'],
  ['viewer as a visitor (kiosk)', '/site?kiosk=1', '.minimap'],
  ['documentation', '/documentation', 'h1'],
  ['about', '/about', 'h1'],
  // An administrator's page whose Submit is offered as not usable yet (aria-disabled, with its reason).
  ['upload', '/addScene', 'h1'],
] as const) {
  test(`${name} has no serious or critical axe violations`, async ({ page }) => {
    await page.goto(path);
    await page.locator(ready).first().waitFor();
    await page.waitForLoadState('networkidle');
    expect(await serious(page)).toEqual([]);
  });
}

test('viewer with timeline, camera info, hotspot list and enlarged minimap has no serious or critical axe violations', async ({
  page,
}) => {
  await page.goto('/site');
  await page.locator('.title-card h1').waitFor();
  await appPageDrawn(page);
  await page.getByLabel('Show Camera Info').check();
  await page.getByRole('button', { name: 'Open Timeline' }).click();
  expect(await serious(page)).toEqual([]);
  // The hotspot list takes the timeline's place (the layout model: one panel in the right-hand column).
  await page.getByRole('button', { name: 'Hotspots' }).click();
  await expect(page.locator('#timeline')).toHaveCount(0);
  expect(await serious(page)).toEqual([]);
  await page.getByRole('button', { name: 'Hotspots' }).click();
  const enlarge = page.getByRole('button', { name: 'Enlarge minimap' });
  if (await enlarge.count()) {
    await enlarge.click();
    expect(await serious(page)).toEqual([]);
  }
});

test('multi-site map home (administrator and visitor) has no serious or critical axe violations', async ({
  page,
  request,
}) => {
  await request.patch('/api/settings', { data: { enableMultiSite: true } });
  try {
    for (const path of ['/', '/?kiosk=1']) {
      await page.goto(path);
      await page.locator('h1').waitFor();
      await page.waitForLoadState('networkidle');
      expect(await serious(page), path).toEqual([]);
    }
  } finally {
    await request.patch('/api/settings', { data: { enableMultiSite: false } });
  }
});
