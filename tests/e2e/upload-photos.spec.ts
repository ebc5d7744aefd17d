// 360 photos in, through the upload page: real fixture photographs (upscaled to the smallest size the tiler takes),
// sent by the real page to the real server, tiled by its job; bars per photo that a reload picks up again; the new
// scenes in the viewer, where a visitor walks from one to the other through the minimap; refusals naming the photo.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { Page } from '@playwright/test';
import { expect, test } from './helpers/cleanConsole';
import { dropFiles, mouseDrag } from './editor-helpers';
import { equirectPhoto, missingFixtures } from '../fixtures';
import { cutOffSideways } from './helpers/fitsWidth';
import { VIEWPORTS } from './viewports';

const SHOTS = process.env.E2E_SHOTS;
// Dates before the demo's own, so that the site's default view (its latest date) stays what other specs expect.
const DATE = '2019-03-01';
const TRAY_DATE = '2019-04-01';
const photos = {
  courtyard: equirectPhoto('courtyard'),
  interior: equirectPhoto('interior'),
  forest: equirectPhoto('forest'),
};
const missing = missingFixtures(...Object.values(photos));

let dir = '';
const file = (name: string) => ({ name, mimeType: 'image/jpeg', buffer: fs.readFileSync(path.join(dir, name)) });

test.beforeAll(async () => {
  if (missing) return;
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'upload-photos-'));
  for (const [name, src] of Object.entries(photos))
    await sharp(src)
      .resize(2048, 1024)
      .jpeg({ quality: 85 })
      .toFile(path.join(dir, `${name}.jpg`));
  // Not 2:1: the page refuses it before sending.
  await sharp(photos.courtyard).resize(2048, 1536).jpeg().toFile(path.join(dir, 'square.jpg'));
  // Not 2:1 either, but its frame header lies behind 640 KB of metadata, past what the page reads: the server's
  // refusal is the one shown.
  const plain = await sharp(photos.interior).resize(2048, 1536).jpeg().toBuffer();
  const app2 = Buffer.concat([Buffer.from([0xff, 0xe2, 0xff, 0xfe]), Buffer.alloc(0xfffc, 0x20)]);
  const padded = Buffer.concat([plain.subarray(0, 2), ...Array.from({ length: 10 }, () => app2), plain.subarray(2)]);
  fs.writeFileSync(path.join(dir, 'deep.jpg'), padded);
});
test.afterAll(() => {
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

const photoBar = (page: Page, name: string) => page.getByRole('progressbar', { name, exact: true });
const barValue = async (page: Page, name: string) => Number(await photoBar(page, name).getAttribute('value'));

async function choosePhotos(page: Page, url: string) {
  await page.goto(url);
  await page.getByRole('radio', { name: /360 photos/ }).check();
}

/** forest.jpg through Add Scene without a CSV, on the tray test's date and survey. */
async function submitForestWithoutCsv(page: Page) {
  await choosePhotos(page, '/site/demo-farm/addScene?floor=0');
  await page.getByLabel('360 photos (JPEG, PNG, WebP, AVIF)').setInputFiles(path.join(dir, 'forest.jpg'));
  await page.getByLabel('Survey date').fill(TRAY_DATE);
  await page.getByLabel('Survey name (optional)').fill('Woods walk');
  await page.getByRole('button', { name: 'Submit' }).click();
}

test('photos with a CSV: bars per photo survive a reload; a visitor walks between the new scenes', async ({
  page,
  browser,
}) => {
  test.skip(!!missing, missing ?? '');
  await choosePhotos(page, '/site/demo-farm/addScene?floor=0');
  // Dropped together with one that is not 2:1: that one is named with its reason and blocks Submit.
  await dropFiles(page.locator('.drop-area').first(), [
    file('courtyard.jpg'),
    file('interior.jpg'),
    file('square.jpg'),
  ]);
  const list = page.getByRole('list', { name: 'Chosen photos' });
  await expect(list.getByRole('listitem')).toHaveCount(3);
  await expect(list).toContainText('2048 x 1024');
  await expect(page.getByRole('alert')).toHaveText(
    '"square.jpg" is 2048x1536 pixels, not 2:1: upload the equirectangular photo the camera exports.',
  );
  const submit = page.getByRole('button', { name: 'Submit' });
  await expect(submit).toHaveAttribute('title', 'Fix the errors shown above first.');
  await page.getByRole('button', { name: 'Remove square.jpg' }).click();

  await page.getByLabel('Scene positions (.csv, optional)').setInputFiles({
    name: 'positions.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(
      `title,fileName,x,y,date,floor\r\nCourtyard,courtyard,300,200,01/03/2019,0\r\nInterior,interior,600,400,01/03/2019,0\r\n`,
    ),
  });
  const rows = page.locator('.validation-table tbody tr');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toHaveAttribute('data-status', 'ok');
  await expect(rows.nth(1)).toHaveAttribute('data-status', 'ok');
  // The CSV gives the dates: no date field.
  await expect(page.getByLabel('Survey date')).toHaveCount(0);

  // A slow link, so the bars are seen moving with the bytes sent.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const throttle = (uploadThroughput: number) =>
    cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput,
    });
  await throttle(200_000);
  await submit.click();
  await expect(page.getByRole('status').filter({ hasText: 'Uploading 2 photos…' })).toBeAttached();
  await expect.poll(() => barValue(page, 'courtyard.jpg'), { timeout: 10_000 }).toBeGreaterThan(0);
  if (SHOTS) await page.screenshot({ path: path.join(SHOTS, 'photos-uploading.png'), fullPage: true });
  await throttle(-1);

  // The job is in the URL: a reload shows its bars again, which go on to the end.
  await page.waitForURL(/[?&]job=/, { timeout: 30_000 });
  await page.reload();
  await expect(photoBar(page, 'courtyard.jpg')).toBeVisible();
  await expect(photoBar(page, 'interior.jpg')).toBeVisible();
  if (SHOTS) await page.screenshot({ path: path.join(SHOTS, 'photos-after-reload.png'), fullPage: true });
  await expect.poll(() => barValue(page, 'All photos'), { timeout: 60_000 }).toBe(100);
  expect(await barValue(page, 'courtyard.jpg')).toBe(100);
  expect(await barValue(page, 'interior.jpg')).toBe(100);
  await expect(page.getByRole('status').filter({ hasText: 'The photos are in: 2 new scenes.' })).toBeAttached();
  // Upload more: a fresh form of the same kind; the viewer link of the job just done is taken from before.
  const viewerHref = await page.getByRole('link', { name: 'Open the new scenes in the viewer' }).getAttribute('href');
  await page.getByRole('button', { name: 'Upload more' }).click();
  await expect(page.getByRole('radio', { name: /360 photos/ })).toBeChecked();
  await expect(page.getByRole('list', { name: 'Chosen photos' })).toHaveCount(0);
  await page.goto(viewerHref!);
  await expect(page).toHaveURL(new RegExp(`date=${DATE}`));
  await expect(page.locator('.title-card')).toContainText('Courtyard');
  const viewerUrl = page.url();

  // A visitor (kiosk) on the new scene goes to the other one through the minimap.
  const visitor = await browser.newPage();
  await visitor.goto(`${viewerUrl}&kiosk=1`);
  await expect(visitor.locator('.title-card')).toContainText('Courtyard');
  if (SHOTS) await visitor.screenshot({ path: path.join(SHOTS, 'photos-viewer-courtyard.png') });
  await visitor.getByRole('button', { name: 'Enlarge minimap' }).click();
  await visitor.getByRole('button', { name: 'Go to Interior' }).click();
  await expect(visitor.locator('.title-card')).toContainText('Interior');
  if (SHOTS) await visitor.screenshot({ path: path.join(SHOTS, 'photos-viewer-interior.png') });
  await visitor.close();
});

test('a photo the page cannot size is refused by the server, whose sentence names it', async ({
  page,
  consoleErrors,
}) => {
  test.skip(!!missing, missing ?? '');
  consoleErrors.expect(/status of 400 .*\/addPhotos/);
  await choosePhotos(page, '/site/demo-farm/addScene?floor=0');
  await page.getByLabel('360 photos (JPEG, PNG, WebP, AVIF)').setInputFiles(path.join(dir, 'deep.jpg'));
  const list = page.getByRole('list', { name: 'Chosen photos' });
  await expect(list).toContainText('size unknown');
  await page.getByLabel('Survey date').fill(DATE);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('alert')).toContainText('"deep.jpg"');
  await expect(page.getByRole('alert')).toContainText('not 2:1');
  // The form stays as it was, to be fixed.
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(page).not.toHaveURL(/[?&]job=/);
});

test('photos without a CSV come in unplaced; placed from the tray, visitors see them on the minimap', async ({
  page,
  browser,
  consoleErrors,
}) => {
  test.skip(!!missing, missing ?? '');
  consoleErrors.expect(/status of 409 .*\/addPhotos/);
  await submitForestWithoutCsv(page);
  await expect.poll(() => barValue(page, 'All photos'), { timeout: 60_000 }).toBe(100);
  await expect(page.getByText(/came without positions/)).toBeVisible();
  // "Upload more" would lead back to the photo form; the way to the viewer is taken instead here.
  await expect(page.getByRole('button', { name: 'Upload more' })).toBeVisible();
  await page.getByRole('link', { name: 'Open the new scenes in the viewer' }).click();
  await expect(page).toHaveURL(new RegExp(`date=${TRAY_DATE}`));
  await expect(page.locator('.title-card')).toContainText('Woods walk');
  const visitorUrl = `${page.url()}&kiosk=1`;

  // Not on a visitor's minimap while unplaced.
  const visitor = await browser.newPage();
  await visitor.goto(visitorUrl);
  await expect(visitor.locator('.title-card')).toContainText('Woods walk');
  await expect(visitor.locator('.minimap-node')).toHaveCount(0);

  await page.getByRole('button', { name: '1 scene is not on the plan yet: place it' }).click();
  const card = page.locator('.unplaced-tray').getByRole('button', { name: 'forest' });
  await expect(card).toBeVisible();
  const from = (await card.boundingBox())!;
  const plan = (await page.locator('.admin-minimap .konvajs-content').boundingBox())!;
  const saved = page.waitForResponse((r) => r.url().includes('/api/node/coords/') && r.request().method() === 'PATCH');
  await mouseDrag(
    page,
    { x: from.x + from.width / 2, y: from.y + from.height / 2 },
    { x: plan.x + plan.width * 0.4, y: plan.y + plan.height * 0.5 },
  );
  expect((await saved).status()).toBe(200);
  await expect(card).toHaveCount(0);

  await visitor.reload();
  await expect(visitor.locator('.minimap-node')).toHaveCount(1);
  await expect(visitor.getByRole('button', { name: 'forest (you are here)' })).toBeVisible();
  await visitor.close();

  // The same photo again: the server refuses it as already in the survey, and the page offers to replace it.
  await submitForestWithoutCsv(page);
  const again = page.getByRole('alertdialog', { name: 'These photos are already uploaded' });
  await expect(again).toContainText('already in the survey');
  await again.getByRole('button', { name: 'Replace those scenes' }).click();
  await expect.poll(() => barValue(page, 'All photos'), { timeout: 60_000 }).toBe(100);
  await expect(page.getByText(/came without positions/)).toBeVisible();
});

test('the new-site page takes photos too, and opens the new site on them', async ({ page, consoleErrors }) => {
  test.skip(!!missing, missing ?? '');
  // The page learns that a site does not exist yet from its settings' 404.
  consoleErrors.expect(/status of 404 .*\/api\/site\/e2e-photo-site\/settings/);
  await choosePhotos(page, '/site/e2e-photo-site/site');
  await expect(page.getByLabel('Site name')).toHaveValue('e2e-photo-site');
  await page.getByLabel('360 photos (JPEG, PNG, WebP, AVIF)').setInputFiles(path.join(dir, 'interior.jpg'));
  await page.getByLabel('Survey date').fill(DATE);
  await page.getByRole('button', { name: 'Submit' }).click();
  // Done: the way to the new scenes, or (the site now exists) its viewer in place of the new-site page.
  const open = page.getByRole('link', { name: 'Open the new scenes in the viewer' });
  const titleCard = page.locator('.title-card');
  await expect(open.or(titleCard)).toBeVisible({ timeout: 60_000 });
  if (await open.isVisible()) await open.click();
  await expect(titleCard).toContainText('interior');
  await expect(page).toHaveURL(/\/site\/e2e-photo-site\/site\?/);
});

test.describe('on a phone held upright', () => {
  test.use(VIEWPORTS['phone upright']);
  test('the photo list, its refusals and the survey fields fit the page', async ({ page }) => {
    test.skip(!!missing, missing ?? '');
    await choosePhotos(page, '/site/demo-farm/addScene?floor=0');
    const long = { ...file('courtyard.jpg'), name: 'IMG_20240604_a_rather_long_name_from_the_camera_app.jpg' };
    await dropFiles(page.locator('.drop-area').first(), [long, file('square.jpg')]);
    await expect(page.getByRole('list', { name: 'Chosen photos' })).toContainText('2048 x 1024');
    await expect(page.getByRole('alert')).toContainText('"square.jpg" is 2048x1536 pixels');
    if (SHOTS) await page.screenshot({ path: path.join(SHOTS, 'photos-phone.png'), fullPage: true });
    expect(await cutOffSideways(page, '.upload-page')).toEqual([]);
  });
});
