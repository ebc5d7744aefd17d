// The admin pin map on the multi-site home (Konva): selecting, adding (with the modal's checks), moving with the
// mouse and with a finger (inside 0-100 only; leaving the map ends the drag), deleting, hiding and showing,
// changing, going to a site, new site maps and To Single Site. Checked on screen and through the API.
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './helpers/cleanConsole';
import type { Pin } from '../../contract/api';
import {
  api,
  apiSend,
  collectToasts,
  errorToast,
  failRoute,
  mapPoint,
  mouseDrag,
  pinHeadOnScreen,
  pngBuffer,
  touchDrag,
} from './editor-helpers';

const pins = (r: APIRequestContext) => api<Pin[]>(r, '/api/map-pins');
const pinNamed = async (r: APIRequestContext, name: string) => (await pins(r)).find((p) => p.name === name);
const hint = (page: Page) => page.locator('.pin-hint');
const pinButton = (page: Page, name: string | RegExp) =>
  page.locator('.admin-pin-map li').getByRole('button', { name, exact: typeof name === 'string' });

const toolbar = (page: Page) => page.getByRole('toolbar', { name: 'Pin editor' });
const PIN_ACTIONS = ['Move', 'Delete', /^(Hide\/Show|Hide|Show)$/, 'Change', 'Go to site', 'Cancel'];
/** With no pin selected the pin's actions are offered as unusable, say why, and a click changes nothing. */
async function expectPinActionsBlocked(page: Page) {
  for (const name of PIN_ACTIONS) {
    const b = toolbar(page).getByRole('button', { name });
    await expect(b).toBeDisabled();
    await expect(b).toHaveAttribute('title', name === 'Cancel' ? 'Nothing to cancel.' : /^Select a pin first/);
  }
  await toolbar(page).getByRole('button', { name: 'Delete' }).click({ force: true });
  await expect(hint(page)).toHaveText('Click a pin to select it.');
}

async function openMap(page: Page) {
  await page.goto('/');
  await expect(page.locator('.admin-pin-map .konvajs-content')).toBeVisible({ timeout: 20_000 });
  await expect(pinButton(page, 'Demo Farm')).toBeAttached();
}
async function clickPin(page: Page, name: string) {
  const p = await pinHeadOnScreen(page, new RegExp(`^${name}( \\(Site Disabled\\))?$`));
  await page.mouse.click(p.x, p.y);
}
/** The colour drawn at a page point on the pins layer. */
async function pixelAt(page: Page, x: number, y: number): Promise<number[]> {
  return page.evaluate(
    ({ x, y }) => {
      const all = [...document.querySelectorAll('.admin-pin-map canvas')] as HTMLCanvasElement[];
      const c = all[all.length - 1];
      const r = c.getBoundingClientRect();
      const k = c.width / r.width;
      return [...c.getContext('2d')!.getImageData((x - r.left) * k, (y - r.top) * k, 1, 1).data];
    },
    { x, y },
  );
}

test.describe('pin map (admin)', () => {
  let original: Pin[] = [];
  test.beforeAll(async ({ request }) => {
    original = await pins(request);
    await apiSend(request, 'PATCH', '/api/settings', { enableMultiSite: true });
  });
  test.afterEach(async ({ request }) => {
    for (const p of await pins(request)) {
      const o = original.find((q) => q._id === p._id);
      if (!o) await apiSend(request, 'DELETE', `/api/map-pins/${p._id}`);
      else
        await apiSend(request, 'PATCH', `/api/map-pins/${p._id}`, {
          name: o.name,
          x: o.x,
          y: o.y,
          enabled: o.enabled,
          icon: o.icon,
          external_url: o.external_url ?? '',
        });
    }
    await apiSend(request, 'PATCH', '/api/settings', { enableMultiSite: true });
  });
  test.afterAll(async ({ request }) => {
    await apiSend(request, 'PATCH', '/api/settings', { enableMultiSite: false });
  });

  test('select with a click, background click clears; disabled pins are darkened with Site Disabled', async ({
    page,
  }) => {
    await openMap(page);
    await expect(page.getByRole('toolbar', { name: 'Pin editor' }).getByRole('button')).toHaveText([
      'Add site',
      'Move',
      'Delete',
      'Hide/Show',
      'Change',
      'Go to site',
      'Cancel',
      'New map',
      'To Single Site',
    ]);
    await expect(pinButton(page, 'North Depot (Site Disabled)')).toBeAttached();
    await expectPinActionsBlocked(page);
    const depot = await pinHeadOnScreen(page, /^North Depot/);
    const farm = await pinHeadOnScreen(page, /^Demo Farm/);
    // Head colour beside the icon: darkened grey when disabled, brand orange when enabled.
    const [dr, dg, db] = await pixelAt(page, depot.x + 15, depot.y);
    expect(Math.max(dr, dg, db) - Math.min(dr, dg, db)).toBeLessThan(40);
    expect(dr + dg + db).toBeLessThan(3 * 120);
    const [fr, , fb] = await pixelAt(page, farm.x + 15, farm.y);
    expect(fr - fb).toBeGreaterThan(120);

    await page.mouse.click(depot.x, depot.y);
    await expect(hint(page)).toHaveText('Selected: North Depot');
    await expect(page.getByRole('button', { name: 'Show', exact: true })).toBeVisible();
    for (const name of PIN_ACTIONS) await expect(toolbar(page).getByRole('button', { name })).toBeEnabled();
    const empty = await mapPoint(page, 92, 92);
    await page.mouse.click(empty.x, empty.y);
    await expect(hint(page)).toHaveText('Click a pin to select it.');
    await expectPinActionsBlocked(page);
  });

  test('add: the hint, a click on the map, the modal checks, a cover image; the pin is stored disabled where clicked', async ({
    page,
    request,
  }) => {
    const toasts = await collectToasts(page);
    await openMap(page);
    await page.getByRole('button', { name: 'Add site' }).click();
    await expect(hint(page)).toHaveText('Click on anywhere within the map to add your pin!');
    const at = await mapPoint(page, 30, 60);
    await page.mouse.click(at.x, at.y);
    const modal = page.getByRole('dialog', { name: 'Add Pin' });
    await expect(modal).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add site' })).toHaveAttribute('aria-pressed', 'false');
    expect(await page.locator('.modal-backdrop').evaluate((e) => getComputedStyle(e).zIndex)).toBe('11');

    // Create is offered as usable only once the pin can be sent; until then its title says what is missing.
    const create = modal.getByRole('button', { name: 'Create' });
    await expect(create).toBeDisabled();
    await expect(create).toHaveAttribute('title', 'You are missing the following:\n- A name\n- An Icon');
    await create.click({ force: true });
    await expect(modal).toBeVisible();
    await modal.getByLabel('Site name').fill('E2E Barn');
    await modal.getByLabel('Link to an external website').check();
    await expect(create).toHaveAttribute('title', 'You are missing the following:\n- An Icon\n- An External URL');
    await modal.getByLabel('External URL').fill('not a url');
    await expect(create).toHaveAttribute('title', 'You are missing the following:\n- An Icon\n- A Valid URL');
    await modal.getByLabel('External URL').fill('https://example.org/barn');
    await modal.getByRole('button', { name: 'Icon' }).click();
    await modal.getByRole('radio', { name: 'pig' }).click();
    await modal.getByRole('button', { name: 'Cover image' }).click();
    await modal
      .getByLabel('Cover image', { exact: true })
      .setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: await pngBuffer(120, 80) });
    await expect(modal.getByRole('img', { name: 'Cover image preview' })).toBeVisible();
    await modal.getByRole('button', { name: 'Create' }).click();
    await expect(modal).toHaveCount(0);
    expect(toasts).toEqual([]);

    const stored = (await pinNamed(request, 'E2E Barn'))!;
    expect(stored).toMatchObject({
      enabled: false,
      icon: 'pig',
      external_url: 'https://example.org/barn',
      sitemap: 'default',
    });
    expect(stored.x).toBeCloseTo(30, 0);
    expect(stored.y).toBeCloseTo(60, 0);
    expect(stored.site).not.toBe('');
    expect(stored.cover_image).toMatch(/^\/media\//);
    await expect(pinButton(page, 'E2E Barn (Site Disabled)')).toBeAttached();
  });

  test('add failures: image upload and the pin call show error toasts, nothing is stored', async ({
    page,
    request,
  }) => {
    const toasts = await collectToasts(page);
    const before = await pins(request);
    await failRoute(page, /\/api\/map-pins\/preview$/, 'POST', 'Disk full');
    await openMap(page);
    const fillModal = async (withImage: boolean) => {
      await page.getByRole('button', { name: 'Add site' }).click();
      const at = await mapPoint(page, 55, 55);
      await page.mouse.click(at.x, at.y);
      const modal = page.getByRole('dialog', { name: 'Add Pin' });
      await modal.getByLabel('Site name').fill('E2E Never');
      await modal.getByRole('button', { name: 'Icon' }).click();
      await modal.getByRole('radio', { name: 'shop' }).click();
      if (withImage) {
        await modal.getByRole('button', { name: 'Cover image' }).click();
        await modal
          .getByLabel('Cover image', { exact: true })
          .setInputFiles({ name: 'c.png', mimeType: 'image/png', buffer: await pngBuffer() });
      }
      await modal.getByRole('button', { name: 'Create' }).click();
      return modal;
    };
    const modal = await fillModal(true);
    await expect.poll(() => toasts).toEqual(['Error! Failed to Add Pin. - Image could not be uploaded to server']);
    await expect(modal).toBeVisible();
    await modal.getByRole('button', { name: 'Close' }).click();
    await expect(modal).toHaveCount(0);

    await failRoute(page, /\/api\/map-pins$/, 'POST', 'Database locked');
    await fillModal(false);
    await expect.poll(() => toasts).toHaveLength(2);
    expect(toasts[1]).toBe('Error! Failed to Add Pin. Database locked');
    expect(await pins(request)).toEqual(before);
  });

  test('move with the mouse: only strictly inside the map, leaving ends the drag, Save stores; failure shows an error toast', async ({
    page,
    request,
  }) => {
    const toasts = await collectToasts(page);
    await openMap(page);
    await clickPin(page, 'Demo Farm');
    await page.getByRole('button', { name: 'Move' }).click();
    await expect(hint(page)).toHaveText('Drag Demo Farm to its new place, then Save.');
    const box = (await page.locator('.admin-pin-map .konvajs-content').boundingBox())!;
    const head = await pinHeadOnScreen(page, /^Demo Farm/);
    const drop = { x: head.x + 140, y: head.y + 90 };
    await mouseDrag(page, head, drop);
    await page.getByRole('toolbar').getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('toolbar').getByRole('button', { name: 'Save' })).toHaveCount(0);
    const moved = (await pinNamed(request, 'Demo Farm'))!;
    expect(moved.x).toBeCloseTo(((drop.x - box.x) / box.width) * 100, 0);
    expect(moved.y).toBeCloseTo(((drop.y - box.y) / box.height) * 100, 0);

    // Out of the map to the left, then back in with the button still down: the drag ended at the edge.
    await clickPin(page, 'Demo Farm');
    await page.getByRole('button', { name: 'Move' }).click();
    const h2 = await pinHeadOnScreen(page, /^Demo Farm/);
    await page.mouse.move(h2.x, h2.y);
    await page.mouse.down();
    await page.mouse.move(box.x - 60, h2.y, { steps: 25 });
    await page.mouse.move(box.x + box.width / 2, h2.y, { steps: 5 });
    await page.mouse.up();
    const text = await page.locator('.admin-pin-map li').filter({ hasText: 'Demo Farm' }).locator('span').textContent();
    const x = Number(/at ([\d.]+)%/.exec(text!)![1]);
    expect(x).toBeGreaterThan(0);
    expect(x).toBeLessThan(12);

    await failRoute(page, /\/api\/map-pins\/[^/]+\/coords$/, 'PATCH', 'Nope');
    await page.getByRole('toolbar').getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => toasts).toEqual(['Error! Failed to Update New Pin Coordinates Nope']);
    expect(await pinNamed(request, 'Demo Farm')).toEqual(moved);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(hint(page)).toHaveText('Click a pin to select it.');
  });

  test.describe('touch', () => {
    test.use({ hasTouch: true });
    test('move with a finger and Save', async ({ page, request }) => {
      await openMap(page);
      const head = await pinHeadOnScreen(page, /^Visitor Centre/);
      await page.touchscreen.tap(head.x, head.y);
      await expect(hint(page)).toHaveText('Selected: Visitor Centre');
      await page.getByRole('button', { name: 'Move' }).tap();
      const box = (await page.locator('.admin-pin-map .konvajs-content').boundingBox())!;
      const drop = { x: head.x - 150, y: head.y + 120 };
      await touchDrag(page, head, drop);
      await page.getByRole('toolbar').getByRole('button', { name: 'Save' }).tap();
      await expect(page.getByRole('toolbar').getByRole('button', { name: 'Save' })).toHaveCount(0);
      const moved = (await pinNamed(request, 'Visitor Centre'))!;
      expect(moved.x).toBeCloseTo(((drop.x - box.x) / box.width) * 100, 0);
      expect(moved.y).toBeCloseTo(((drop.y - box.y) / box.height) * 100, 0);
    });
  });

  test('delete: confirm, gone at once, removed on the server; a failed delete shows an error toast and is not restored', async ({
    page,
    request,
  }) => {
    const toasts = await collectToasts(page);
    const temp = await apiSend<Pin>(request, 'POST', '/api/map-pins', {
      x: 80,
      y: 80,
      icon: 'shop',
      name: 'E2E Temp',
      enabled: true,
      sitemap: 'default',
    });
    const temp2 = await apiSend<Pin>(request, 'POST', '/api/map-pins', {
      x: 85,
      y: 60,
      icon: 'shop',
      name: 'E2E Temp Two',
      enabled: true,
      sitemap: 'default',
    });
    await openMap(page);
    await clickPin(page, 'E2E Temp');
    // The question is the product's own alertdialog: focus on Cancel, Escape says no and gives focus back.
    const toolbarDelete = toolbar(page).getByRole('button', { name: 'Delete' });
    await toolbarDelete.click();
    const question = page.getByRole('alertdialog', { name: 'Delete pin' });
    await expect(question).toContainText('Are you sure you want to delete E2E Temp from the map?');
    await expect(question.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(question).toHaveCount(0);
    await expect(toolbarDelete).toBeFocused();
    await expect(pinButton(page, 'E2E Temp')).toHaveCount(1);
    await toolbarDelete.press('Enter');
    await question.getByRole('button', { name: 'Delete' }).click();
    await expect(question).toHaveCount(0);
    await expect(pinButton(page, 'E2E Temp')).toHaveCount(0);
    await expect.poll(async () => (await pins(request)).some((p) => p._id === temp._id)).toBe(false);

    // The server refuses: an error toast, and the pin stays off the map.
    await failRoute(page, /\/api\/map-pins\/[^/]+$/, 'DELETE', 'Locked');
    await clickPin(page, 'E2E Temp Two');
    await toolbarDelete.click();
    await question.getByRole('button', { name: 'Delete' }).click();
    await expect(errorToast(page, 'Could not delete pin, Locked')).toBeVisible();
    expect(toasts).toEqual(['Could not delete pin, Locked']);
    await expect(pinButton(page, /E2E Temp Two/)).toHaveCount(0);
    expect((await pins(request)).some((p) => p._id === temp2._id)).toBe(true);
  });

  test('hide and show save the flag; a failure shows an error toast and the list still changes', async ({
    page,
    request,
  }) => {
    const toasts = await collectToasts(page);
    await openMap(page);
    await clickPin(page, 'North Depot');
    await page.getByRole('button', { name: 'Show', exact: true }).click();
    await expect(pinButton(page, 'North Depot')).toHaveText('North Depot');
    await expect.poll(async () => (await pinNamed(request, 'North Depot'))?.enabled).toBe(true);
    await page.getByRole('button', { name: 'Hide', exact: true }).click();
    await expect(pinButton(page, 'North Depot (Site Disabled)')).toBeAttached();
    await expect.poll(async () => (await pinNamed(request, 'North Depot'))?.enabled).toBe(false);

    await failRoute(page, /\/api\/map-pins\/[^/]+$/, 'PATCH', 'Permission denied');
    await page.getByRole('button', { name: 'Show', exact: true }).click();
    await expect.poll(() => toasts).toEqual(['Permission denied']);
    await expect(pinButton(page, 'North Depot')).toHaveText('North Depot');
    expect((await pinNamed(request, 'North Depot'))?.enabled).toBe(false);
  });

  test('change: the Edit Pin modal saves and keeps the pin selected; a failure shows an error toast', async ({
    page,
    request,
  }) => {
    const toasts = await collectToasts(page);
    await openMap(page);
    await clickPin(page, 'Visitor Centre');
    await page.getByRole('button', { name: 'Change' }).click();
    const modal = page.getByRole('dialog', { name: 'Edit Pin' });
    await expect(modal.getByLabel('Site name')).toHaveValue('Visitor Centre');
    await expect(modal.getByLabel('Link to an external website')).toBeChecked();
    await expect(modal.getByLabel('External URL')).toHaveValue('https://example.org/visitor-centre');
    await expect(modal.getByRole('button', { name: 'Save' })).toHaveAttribute('title', /^Nothing to save/);
    await modal.getByLabel('Site name').fill('Visitor Centre East');
    await modal.getByRole('button', { name: 'Save' }).click();
    await expect(modal).toHaveCount(0);
    await expect(hint(page)).toHaveText('Selected: Visitor Centre East');
    expect((await pinNamed(request, 'Visitor Centre East'))?.icon).toBe('learn');

    await failRoute(page, /\/api\/map-pins\/[^/]+$/, 'PATCH', 'Gone away');
    await page.getByRole('button', { name: 'Change' }).click();
    await modal.getByLabel('Site name').fill('Visitor Centre West');
    await modal.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => toasts).toEqual(['Could not update pin, Gone away']);
    await expect(modal).toBeVisible();
    expect(await pinNamed(request, 'Visitor Centre West')).toBeUndefined();
    // The backdrop closes the modal.
    await page.locator('.modal-backdrop').click({ position: { x: 5, y: 5 } });
    await expect(modal).toHaveCount(0);
  });

  test('go to site: the selected pin opens its site', async ({ page }) => {
    await openMap(page);
    await clickPin(page, 'Demo Farm');
    await page.getByRole('button', { name: 'Go to site' }).click();
    await expect(page).toHaveURL(/\/site\/demo-farm\/site/);
  });

  test('new site map: both fields required; the map and its default pin are created and shown', async ({
    page,
    request,
  }) => {
    const toasts = await collectToasts(page);
    const name = `E2E Map ${Date.now()}`;
    await openMap(page);
    await page.getByRole('button', { name: 'New map' }).click();
    const modal = page.getByRole('dialog', { name: 'New Site Map' });
    await expect(modal.getByRole('button', { name: 'Create' })).toHaveAttribute(
      'title',
      'You are missing the following:\n- An image\n- A map name',
    );
    await modal.getByRole('button', { name: 'Create' }).click({ force: true });

    await failRoute(page, /\/api\/create-site-map$/, 'POST', 'Name taken');
    await modal.getByLabel('Map name').fill(name);
    await modal.getByLabel('Map image').setInputFiles({
      name: 'map.png',
      mimeType: 'image/png',
      buffer: await pngBuffer(800, 500, { r: 120, g: 170, b: 90 }),
    });
    await modal.getByRole('button', { name: 'Create' }).click();
    await expect.poll(() => toasts).toEqual(['Error! Failed to Upload a New Sitemap Name taken']);
    expect((await api<{ name: string }[]>(request, '/api/site-maps')).some((m) => m.name === name)).toBe(false);
    await page.unrouteAll();

    await modal.getByRole('button', { name: 'Create' }).click();
    await expect(modal).toHaveCount(0);
    await expect(page.locator('.map-select select')).toHaveValue(name);
    await expect(pinButton(page, 'default pin')).toBeAttached();
    expect((await api<{ name: string }[]>(request, '/api/site-maps')).some((m) => m.name === name)).toBe(true);
    expect((await pins(request)).find((p) => p.sitemap === name)).toMatchObject({
      name: 'default pin',
      x: 50,
      y: 50,
      enabled: true,
      icon: 'farm',
    });
  });

  test('To Single Site turns multi-site off; Enable Multisite turns it back on', async ({ page, request }) => {
    await openMap(page);
    await page.getByRole('button', { name: 'To Single Site' }).click();
    await expect
      .poll(async () => (await api<{ enableMultiSite: boolean }>(request, '/api/settings')).enableMultiSite)
      .toBe(false);
    await expect(page.getByRole('button', { name: 'Enable Multisite' })).toBeVisible();
    await page.getByRole('button', { name: 'Enable Multisite' }).click();
    await expect
      .poll(async () => (await api<{ enableMultiSite: boolean }>(request, '/api/settings')).enableMultiSite)
      .toBe(true);
    await expect(page.locator('.admin-pin-map')).toBeVisible();
  });
});
