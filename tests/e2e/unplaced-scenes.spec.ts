// Scenes without a position (minimap_nodes.placed = 0, set in the server's own database, as a photo uploaded
// without positions arrives): the node editor's tray shows them with their preview; dragging one onto the plan
// (mouse or finger) or choosing it and "Place at centre" (keyboard) stores it there; visitors' minimap leaves it
// out until then, while the scene stays reachable by its deep link and the links' hotspot list.
import path from 'node:path';
import Database from 'better-sqlite3';
import type { Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './helpers/cleanConsole';
import { mouseDrag, setNode, touchDrag } from './editor-helpers';
import { e2eDataDir } from './helpers/serverDataDir';

const NAME = 'NODE B 2026';
interface Row {
  id: string;
  tiles_id: string;
  x: number;
  y: number;
}
const sqlite = () => {
  const db = new Database(path.join(e2eDataDir(process.env.E2E_PORT ?? 8181), 'survey.sqlite'));
  db.pragma('busy_timeout = 5000');
  return db;
};
let node: Row;

test.beforeAll(() => {
  const db = sqlite();
  node = db
    .prepare(
      `SELECT m.id, m.tiles_id, m.x, m.y FROM minimap_nodes m JOIN survey_nodes s ON s.id = m.survey_node_id
       WHERE m.site = 'demo-farm' AND s.title = ?`,
    )
    .get(NAME) as Row;
  db.close();
});
test.beforeEach(() => {
  const db = sqlite();
  db.prepare('UPDATE minimap_nodes SET placed = 0, x = 0, y = 0 WHERE id = ?').run(node.id);
  db.close();
});
test.afterEach(async ({ request }) => {
  // Its own place again (which also places it), for the specs after this one.
  await setNode(request, 'coords', node.id, { x: node.x, y: node.y });
});

const card = (page: Page) => page.locator('.unplaced-tray').getByRole('button', { name: NAME });
const onPlan = (page: Page) => page.locator('.minimap-node-keys').getByRole('button', { name: new RegExp(NAME) });

/** The enlarged editor, opened by the small map's line about scenes to place (or its Enlarge button). */
async function openEditor(page: Page, by: 'hint' | 'enlarge' = 'enlarge') {
  await page.goto('/site/demo-farm/site');
  await expect(page.locator('.admin-minimap .konvajs-content')).toBeVisible({ timeout: 20_000 });
  const opener =
    by === 'hint'
      ? page.getByRole('button', { name: '1 scene is not on the plan yet: place it' })
      : page.getByRole('button', { name: 'Enlarge minimap' });
  await opener.click();
  await expect(card(page)).toBeVisible();
}

/** Where on the plan the node is listed (percent, from the keys' hidden text). */
async function percentOnPlan(page: Page): Promise<{ left: number; top: number }> {
  const text = await page.locator(`.minimap-node-keys [data-node-id="${node.id}"]`).textContent();
  const m = /at (-?[\d.]+)% (-?[\d.]+)%/.exec(text ?? '')!;
  return { left: Number(m[1]), top: Number(m[2]) };
}

/** A point of the plan's canvas, in percent of it. */
async function planPoint(page: Page, left: number, top: number) {
  const box = (await page.locator('.admin-minimap .konvajs-content').boundingBox())!;
  return { x: box.x + (box.width * left) / 100, y: box.y + (box.height * top) / 100 };
}
async function cardCentre(page: Page) {
  const box = (await card(page).boundingBox())!;
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}
const stored = (page: Page) =>
  page.waitForResponse((r) => r.url().includes(`/api/node/coords/${node.id}`) && r.request().method() === 'PATCH', {
    timeout: 10_000,
  });

async function visitorNodes(page: Page): Promise<string[]> {
  await page.goto('/site/demo-farm/site?kiosk=1&date=2026-06-02');
  const keys = page.locator('.minimap .minimap-node');
  await expect(keys.first()).toBeVisible({ timeout: 20_000 });
  return keys.evaluateAll((els) => els.map((e) => e.getAttribute('aria-label') ?? ''));
}

test('mouse: the tray shows the scene, a drag places it where dropped, and visitors see it only then', async ({
  page,
  browser,
}) => {
  const visitor = await browser.newPage();
  expect((await visitorNodes(visitor)).join('|')).not.toContain(NAME);
  // Still reachable by its deep link: the viewer opens the scene.
  await visitor.goto(`/site/demo-farm/site?kiosk=1&node=${node.tiles_id}`);
  await expect(visitor.locator('.title-card')).toContainText(NAME, { timeout: 20_000 });

  // And through the scene's links: the hotspot list of the first scene still names it, and leads there.
  await visitor.goto('/site/demo-farm/site?kiosk=1&date=2026-06-02');
  await visitor.getByRole('button', { name: 'Hotspots' }).click();
  await visitor.locator('#hotspot-list').getByRole('button', { name: NAME }).click();
  await expect(visitor.locator('.title-card')).toContainText(NAME);

  await openEditor(page, 'hint');
  await expect(onPlan(page)).toHaveCount(0);
  // Its preview: the strip's front face, loaded.
  const img = card(page).locator('img');
  await expect.poll(() => img.evaluate((i: HTMLImageElement) => i.complete && i.naturalHeight)).toBe(1536);
  await page.locator('.admin-minimap.enlarged').screenshot({ path: '/tmp/wt-e-shots/unplaced-tray.png' });
  // Beside the plan, not below it: the card travels across, and the whole plan stays in view.
  const plan = (await page.locator('.admin-minimap .minimap-plan').boundingBox())!;
  const tray = (await page.locator('.unplaced-tray').boundingBox())!;
  expect(tray.x).toBeGreaterThanOrEqual(plan.x + plan.width);
  expect(tray.y).toBeLessThan(plan.y + plan.height / 2);
  expect(plan.y + plan.height).toBeLessThanOrEqual(page.viewportSize()!.height);
  const axe = await new AxeBuilder({ page }).include('.unplaced-tray').analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);

  const saved = stored(page);
  await mouseDrag(page, await cardCentre(page), await planPoint(page, 30, 40));
  expect((await saved).status()).toBe(200);
  await expect(card(page)).toHaveCount(0);
  await expect(page.locator('.unplaced-tray')).toContainText('Every scene of this floor is on the plan.');
  const at = await percentOnPlan(page);
  expect(at.left).toBeCloseTo(30, 0);
  expect(at.top).toBeCloseTo(40, 0);
  await page.locator('.admin-minimap.enlarged').screenshot({ path: '/tmp/wt-e-shots/unplaced-after-drop.png' });

  await page.reload();
  await expect(page.locator('.admin-minimap .konvajs-content')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('button', { name: /not on the plan yet/ })).toHaveCount(0);
  const again = await percentOnPlan(page);
  expect([again.left, again.top]).toEqual([at.left, at.top]);
  expect((await visitorNodes(visitor)).join('|')).toContain(NAME);
  await visitor.close();
});

test.describe('touch', () => {
  test.use({ hasTouch: true });
  test('a finger drags the scene from the tray onto the plan', async ({ page }) => {
    await openEditor(page);
    const saved = stored(page);
    await touchDrag(page, await cardCentre(page), await planPoint(page, 60, 55));
    expect((await saved).status()).toBe(200);
    await expect(card(page)).toHaveCount(0);
    const at = await percentOnPlan(page);
    expect(at.left).toBeCloseTo(60, 0);
    expect(at.top).toBeCloseTo(55, 0);
  });
});

test('keyboard: choose the scene, Place at centre, then move it with the editor form and Save', async ({ page }) => {
  await openEditor(page);
  await expect(page.getByRole('button', { name: 'Place at centre' })).toBeDisabled();
  await card(page).focus();
  await page.keyboard.press('Enter');
  await expect(card(page)).toHaveAttribute('aria-pressed', 'true');
  const centre = page.getByRole('button', { name: 'Place at centre' });
  await centre.focus();
  const saved = stored(page);
  await page.keyboard.press('Enter');
  expect((await saved).status()).toBe(200);
  // Placed at the centre and open in the editor's form, to be moved from there.
  const form = page.getByRole('form', { name: `Edit ${NAME}` });
  await expect(form).toBeVisible();
  await expect(page.getByLabel('X (%)')).toHaveValue('50');
  await expect(page.getByLabel('Y (%)')).toHaveValue('50');
  await page.getByLabel('X (%)').fill('20');
  const moved = stored(page);
  await form.getByRole('button', { name: 'Save' }).click();
  expect((await moved).status()).toBe(200);
  await expect(form).toHaveCount(0);
  expect((await percentOnPlan(page)).left).toBeCloseTo(20, 0);
  await expect(card(page)).toHaveCount(0);
});
