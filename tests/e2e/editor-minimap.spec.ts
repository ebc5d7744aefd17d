// The admin minimap and node editor on the Konva canvas: the Edit flow, dragging nodes and the rotation handle
// with the mouse and with a finger, the numeric form's rules, failures, the visitor cone after a saved rotation,
// floor name and tag, and the floor-plan image. Every change is checked through the API and put back.
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './helpers/cleanConsole';
import {
  api,
  apiSend,
  setNode,
  collectToasts,
  dropFile,
  failRoute,
  mouseDrag,
  nodeOnScreen,
  pngBuffer,
  touchDrag,
} from './editor-helpers';

interface NodeEntry {
  _id: string;
  x: number;
  y: number;
  rotation: number;
  minimap_node: { title: string; tiles_id: string };
}
interface Plan {
  image_url: string;
  image: string;
  img_width: number;
  img_height: number;
  x_scale: number;
  y_scale: number;
  x_pixel_offset: number;
  y_pixel_offset: number;
}
const NODES = '/api/site/demo-farm/0/survey/minimapSingleSite?date=2026-06-02';
/** The nodes as placed (the scene revisions left out: an edit and its clean-up raise them). */
const nodes = async (r: APIRequestContext) =>
  (await api<(NodeEntry & { revision: number })[]>(r, NODES)).map(({ revision: _revision, ...n }) => n);
const nodeNamed = async (r: APIRequestContext, title: string) =>
  (await nodes(r)).find((n) => n.minimap_node.title === title)!;
const HANDLE = 46;

async function restore(request: APIRequestContext, original: NodeEntry[]) {
  for (const n of original) {
    await setNode(request, 'coords', n._id, { x: n.x, y: n.y });
    await setNode(request, 'rotation', n._id, { rotation: n.rotation });
  }
}

async function openEditor(page: Page) {
  await page.goto('/site/demo-farm/site');
  await expect(page.locator('.admin-minimap .konvajs-content')).toBeVisible({ timeout: 20_000 });
  await expect(page).toHaveURL(/node=/); // the viewer has settled on its scene (deep link written)
  await page.getByRole('button', { name: 'Enlarge minimap' }).click();
  await expect(page.locator('.admin-minimap.enlarged .konvajs-content')).toBeVisible();
}

/** The percent inputs of the form. */
const formValues = async (page: Page) => ({
  rot: Number(await page.getByLabel('Rotation offset (°)').inputValue()),
  x: Number(await page.getByLabel('X (%)').inputValue()),
  y: Number(await page.getByLabel('Y (%)').inputValue()),
});

test.describe('minimap node editor', () => {
  let original: NodeEntry[] = [];
  let plan: Plan;
  test.beforeAll(async ({ request }) => {
    original = await nodes(request);
    plan = await api<Plan>(request, '/api/site/demo-farm/minimap/details?floor=0');
  });
  test.afterEach(async ({ request }) => {
    await restore(request, original);
  });

  test('mouse: Edit edits the current node at once; pick another, drag it and its rotation handle, Save stores both', async ({
    page,
    request,
  }) => {
    const toasts = await collectToasts(page);
    await openEditor(page);
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    // The node being viewed (NODE A) looks selected and is: its banner and form, no second click.
    await expect(page.getByRole('button', { name: 'Select NODE A 2026' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('status').filter({ hasText: 'Editing NODE A 2026' })).toBeVisible();
    await expect(page.getByText('Select a Node to Edit')).toHaveCount(0);
    await expect(page.getByRole('form', { name: 'Edit NODE A 2026' })).toBeVisible();

    const pick = await nodeOnScreen(page, 'Select NODE B 2026');
    await page.mouse.click(pick.x, pick.y);
    const form = page.getByRole('form', { name: 'Edit NODE B 2026' });
    await expect(form).toBeVisible();
    await expect(page.getByText('Select a Node to Edit')).toHaveCount(0);
    await expect(form.getByRole('button', { name: 'Save' })).toBeDisabled();
    const start = await formValues(page);
    const b = await nodeOnScreen(page, 'Select NODE B 2026');
    expect(b).toEqual(pick); // the map does not move when the form opens

    const box = (await page.locator('.admin-minimap .konvajs-content').boundingBox())!;
    const to = { x: b.x + 120, y: b.y - 60 };
    await mouseDrag(page, b, to);
    const moved = await formValues(page);
    expect(moved.x).toBeCloseTo(start.x + (120 / box.width) * 100, 0);
    expect(moved.y).toBeCloseTo(start.y - (60 / box.height) * 100, 0);
    await expect(form.getByRole('button', { name: 'Save' })).toBeEnabled();

    // The handle sits HANDLE px from the node in the direction of rotation (0: up); drag it to the right: 90°.
    await mouseDrag(page, { x: to.x, y: to.y - HANDLE }, { x: to.x + 70, y: to.y + 3 });
    expect((await formValues(page)).rot).toBe(90);

    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form).toHaveCount(0);
    const saved = await nodeNamed(request, 'NODE B 2026');
    expect(saved.x).toBeCloseTo((moved.x * plan.img_width) / 100, 0);
    expect(saved.y).toBeCloseTo((moved.y * plan.img_height) / 100, 0);
    expect(saved.rotation).toBeCloseTo(90 / 57.2958, 5);
    // The minimap shows the stored values again (its query was refreshed).
    await expect(page.locator('.admin-minimap li').filter({ hasText: 'NODE B 2026' })).toContainText('rotation 90°');
    expect(toasts).toEqual([]);
  });

  test.describe('touch', () => {
    test.use({ hasTouch: true });
    test('a finger picks a node, drags it and turns it; Save stores both', async ({ page, request }) => {
      await openEditor(page);
      await page.getByRole('button', { name: 'Edit', exact: true }).click();
      await page.touchscreen.tap(
        ...(Object.values(await nodeOnScreen(page, 'Select NODE C 2026')) as [number, number]),
      );
      const form = page.getByRole('form', { name: 'Edit NODE C 2026' });
      await expect(form).toBeVisible();
      const c = await nodeOnScreen(page, 'Select NODE C 2026');
      const start = await formValues(page);
      const to = { x: c.x - 90, y: c.y + 50 };
      await touchDrag(page, c, to);
      const moved = await formValues(page);
      expect(moved.x).toBeLessThan(start.x - 3);
      expect(moved.y).toBeGreaterThan(start.y + 3);
      // Handle from up to down-left (225°).
      await touchDrag(page, { x: to.x, y: to.y - HANDLE }, { x: to.x - 50, y: to.y + 50 });
      expect((await formValues(page)).rot).toBe(225);
      await form.getByRole('button', { name: 'Save' }).click();
      await expect(form).toHaveCount(0);
      const saved = await nodeNamed(request, 'NODE C 2026');
      expect(saved.x).toBeCloseTo((moved.x * plan.img_width) / 100, 0);
      expect(saved.y).toBeCloseTo((moved.y * plan.img_height) / 100, 0);
      expect(saved.rotation).toBeCloseTo(225 / 57.2958, 5);
    });
  });

  test('numeric form: wrap rules, Save only on a change, header Save; leaving the enlarged map cancels', async ({
    page,
    request,
  }) => {
    await openEditor(page);
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    await page.getByRole('button', { name: 'Select NODE D 2026' }).press('Enter');
    const form = page.getByRole('form', { name: 'Edit NODE D 2026' });
    const rot = page.getByLabel('Rotation offset (°)');
    const x = page.getByLabel('X (%)');
    const save = form.getByRole('button', { name: 'Save' });
    await expect(rot).toHaveAttribute('step', '15');
    await expect(save).toBeDisabled();
    await rot.fill('45');
    await expect(rot).toHaveValue('45');
    await expect(save).toBeEnabled();
    await rot.fill('400'); // above the max: ignored
    await expect(rot).toHaveValue('45');
    await rot.fill('0'); // the minimum wraps to the upper bound
    await expect(rot).toHaveValue('360');
    await rot.fill('345');
    await rot.fill('360'); // the upper bound wraps to the minimum: back to the start
    await expect(rot).toHaveValue('0');
    await expect(save).toBeDisabled();
    await x.fill('100');
    await expect(x).toHaveValue('0');
    await x.fill('');
    await expect(x).toHaveValue('0');
    await x.fill('37.5');
    await expect(page.locator('.minimap-header').getByRole('button', { name: 'Save' })).toBeEnabled();
    // Closing the enlarged map cancels the edit: nothing stored, the flow starts over.
    await page.getByRole('button', { name: 'Close enlarged minimap' }).click();
    await page.getByRole('button', { name: 'Enlarge minimap' }).click();
    await expect(form).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Edit', exact: true })).toBeVisible();
    expect(await nodeNamed(request, 'NODE D 2026')).toEqual(
      original.find((n) => n.minimap_node.title === 'NODE D 2026'),
    );

    // Header Save after typing.
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    await page.getByRole('button', { name: 'Select NODE D 2026' }).press('Enter');
    await x.fill('37.5');
    await page.locator('.minimap-header').getByRole('button', { name: 'Save' }).click();
    await expect(form).toHaveCount(0);
    expect((await nodeNamed(request, 'NODE D 2026')).x).toBeCloseTo(0.375 * plan.img_width, 6);
  });

  test('failures show their texts as error toasts and store nothing', async ({ page, request }) => {
    const toasts = await collectToasts(page);
    await failRoute(page, /\/api\/node\/coords\//, 'PATCH', 'Disk full');
    await failRoute(page, /\/api\/node\/rotation\//, 'PATCH', 'Database locked');
    await openEditor(page);
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    await page.getByRole('button', { name: 'Select NODE B 2026' }).press('Enter');
    await page.getByLabel('X (%)').fill('40');
    await page.getByLabel('Rotation offset (°)').fill('30');
    await page.getByRole('form').getByRole('button', { name: 'Save' }).click();
    await expect
      .poll(() => toasts)
      .toEqual([
        'Error! Failed to Update Node Coordinates Disk full',
        'Error! Failed to Update Node Rotation Database locked',
      ]);
    await expect(page.getByRole('form', { name: 'Edit NODE B 2026' })).toBeVisible();
    expect(await nodes(request)).toEqual(original);
  });

  test('clicking a node outside edit mode goes there and collapses the map', async ({ page }) => {
    await openEditor(page);
    const c = await nodeOnScreen(page, 'Go to NODE C 2026');
    await page.mouse.click(c.x, c.y);
    await expect(page).toHaveURL(/node=node-c-2026/);
    await expect(page.locator('.admin-minimap.enlarged')).toHaveCount(0);
    await expect(page.locator('.title-card')).toContainText('NODE C 2026');
  });

  test("the visitor minimap's view cone turns with a saved rotation", async ({ page, browser }) => {
    const kiosk = await browser.newPage();
    const cone = async () => {
      await kiosk.goto('/site/demo-farm/site?kiosk=1&node=node-a-2026-1db2ef3a8178&yaw=0');
      const style = await kiosk.locator('.view-cone').getAttribute('style');
      return Number(/rotate\((-?[\d.]+)deg\)/.exec(style ?? '')![1]);
    };
    const before = await cone();
    await openEditor(page);
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    await page.getByRole('button', { name: 'Select NODE A 2026' }).press('Enter');
    await page.getByLabel('Rotation offset (°)').fill('60');
    await page.getByRole('form').getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('form')).toHaveCount(0);
    expect(((await cone()) - before + 360) % 360).toBeCloseTo(60, 1);
    await kiosk.close();
  });
});

test.describe('floor details and floor-plan image (small view)', () => {
  test('name and tag: Save appears on a change, empty values save as defaults, failure keeps Save', async ({
    page,
    request,
  }) => {
    const toasts = await collectToasts(page);
    const floors = () =>
      api<{ floor: number; floor_name: string; floor_tag: string }[]>(request, '/api/site/demo-farm/minimap/floors');
    const before = await floors();
    try {
      await page.goto('/site/demo-farm/site');
      await page.locator('.admin-minimap summary').click();
      const save = page.locator('.floor-details').getByRole('button', { name: 'Save' });
      await expect(page.getByLabel('Floor name')).toHaveValue('Ground Floor');
      await expect(save).toHaveCount(0);
      await page.getByLabel('Floor name').fill('Ground Floor East');
      await expect(save).toBeVisible();
      await save.click();
      await expect(save).toHaveCount(0);
      expect((await floors()).find((f) => f.floor === 0)).toEqual({
        floor: 0,
        floor_name: 'Ground Floor East',
        floor_tag: 'G',
      });
      await expect(page.locator('.admin-minimap .minimap-title')).toHaveText('Ground Floor East');

      await page.getByLabel('Floor name').fill('');
      await page.getByLabel('Tag').fill('');
      await save.click();
      await expect(save).toHaveCount(0);
      expect((await floors()).find((f) => f.floor === 0)).toEqual({ floor: 0, floor_name: 'Floor 0', floor_tag: '0' });

      await failRoute(page, /\/api\/site\/demo-farm\/sitemap$/, 'PATCH', 'Read-only database');
      await page.getByLabel('Floor name').fill('Will not stick');
      await save.click();
      await expect.poll(() => toasts).toEqual(['Error! Failed to Update Floor Details Read-only database']);
      await expect(save).toBeVisible();
      expect((await floors()).find((f) => f.floor === 0)?.floor_name).toBe('Floor 0');
    } finally {
      const f0 = before.find((f) => f.floor === 0)!;
      await apiSend(request, 'PATCH', '/api/site/demo-farm/sitemap', {
        floor: 0,
        floor_name: f0.floor_name,
        floor_tag: f0.floor_tag,
      });
    }
  });

  test('image: choose or drop -> pending with Submit and Cancel; Cancel restores; Submit stores; failure shows an error toast', async ({
    page,
    request,
  }) => {
    const toasts = await collectToasts(page);
    const details = () => api<Plan>(request, '/api/site/demo-farm/minimap/details?floor=0');
    const before = await details();
    const originalBytes = await (await request.get(before.image)).body();
    try {
      await page.goto('/site/demo-farm/site');
      await page.locator('.admin-minimap summary').click();
      const plan = page.locator('.admin-minimap .minimap-plan');
      await expect(page.getByLabel('Choose a floor-plan image')).toHaveAttribute('accept', 'image/*');

      await page
        .getByLabel('Choose a floor-plan image')
        .setInputFiles({ name: 'plan.png', mimeType: 'image/png', buffer: await pngBuffer(400, 300) });
      await expect(plan).toHaveAttribute('data-pending', 'true');
      await page.locator('.minimap-image-actions').getByRole('button', { name: 'Cancel' }).click();
      await expect(plan).not.toHaveAttribute('data-pending', 'true');
      expect((await details()).image_url).toBe(before.image_url);

      await dropFile(plan, { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('no') });
      await expect(plan).not.toHaveAttribute('data-pending', 'true');

      await failRoute(page, /\/api\/site\/demo-farm\/minimap\?/, 'POST', 'Storage offline');
      await dropFile(plan, { name: 'plan.png', mimeType: 'image/png', buffer: await pngBuffer(400, 300) });
      await expect(plan).toHaveAttribute('data-pending', 'true');
      await page.locator('.minimap-image-actions').getByRole('button', { name: 'Submit' }).click();
      await expect.poll(() => toasts).toEqual(['Error! Failed to upload minimap image. Storage offline']);
      expect((await details()).image_url).toBe(before.image_url);
      await page.unrouteAll();

      await dropFile(plan, { name: 'plan.png', mimeType: 'image/png', buffer: await pngBuffer(400, 300) });
      await page.locator('.minimap-image-actions').getByRole('button', { name: 'Submit' }).click();
      await expect(plan).not.toHaveAttribute('data-pending', 'true');
      await expect.poll(async () => (await details()).img_width).toBe(400);
      expect((await details()).image_url).not.toBe(before.image_url);
    } finally {
      await request.post('/api/site/demo-farm/minimap?floor=0', {
        multipart: { file: { name: 'plan.png', mimeType: 'image/png', buffer: originalBytes } },
      });
    }
  });
});
