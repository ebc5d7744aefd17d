// The admin upload page: drop areas, validation against the CSV in the browser, the site name, a real upload
// of the shared Marzipano fixture through the page (with throttled upload to see the real progress), and a
// refused upload (error toast, redirect, nothing stored).
import fs from 'node:fs';
import path from 'node:path';
import JSZip from 'jszip';
import { expect, test } from './helpers/cleanConsole';
import { api, collectToasts, dropFile } from './editor-helpers';
import { fixtureMissing, fixturesDir } from './helpers/fixtures';
import { cutOffSideways } from './helpers/fitsWidth';
import { VIEWPORTS } from './viewports';

const HEADER = 'title,fileName,x,y,date,floor';
const csvFile = (rows: string[]) => ({
  name: 'positions.csv',
  mimeType: 'text/csv',
  buffer: Buffer.from([HEADER, ...rows].join('\r\n')),
});

/** A zip with tile folders only (the page reads names; nothing is uploaded). */
async function listingZip(folders: string[], dataJs = 'var APP_DATA = {};'): Promise<Buffer> {
  const zip = new JSZip();
  zip.file('app-files/data.js', dataJs);
  for (const f of folders) zip.file(`app-files/tiles/${f}/preview.jpg`, 'jpg');
  return zip.generateAsync({ type: 'nodebuffer' });
}

test.describe('upload page', () => {
  test('Add Scene adds to the floor being viewed', async ({ page }) => {
    await page.goto('/site/demo-farm/site');
    await page.getByRole('navigation', { name: 'Floors' }).getByRole('button', { name: 'Upper Floor' }).click();
    await expect(page).toHaveURL(/floor=1/);
    await page.getByRole('link', { name: 'Add Scene', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Add Scenes - Upper Floor' })).toBeVisible();
  });

  test('validation table: ok, not found, orphan, coordinate and date errors; Submit only when nothing blocks', async ({
    page,
  }) => {
    await page.goto('/site/demo-farm/addScene');
    await expect(page.getByRole('heading', { name: 'Add Scenes - Ground Floor' })).toBeVisible();
    const submit = page.getByRole('button', { name: 'Submit' });
    await expect(submit).toBeDisabled();

    await page.getByLabel('360° tour (.zip)').setInputFiles({
      name: 'tour.zip',
      mimeType: 'application/zip',
      buffer: await listingZip(['0-barn_a', '1-barn_b']),
    });
    await expect(page.locator('.drop-file-size').first()).toHaveText(/^\d+ bytes$/);
    await expect(submit).toBeDisabled();

    // A tile folder with no CSV row: not found, error.
    await page.getByLabel('Scene positions (.csv)').setInputFiles(csvFile(['A,barn_a,10,20,04/02/2024,0']));
    const rows = page.locator('.validation-table tbody tr');
    await expect(rows).toHaveCount(2);
    await expect(page.locator('.validation-table thead th')).toHaveText([
      'Scene',
      'X-Coordinate',
      'Y-Coordinate',
      'Name',
      'Floor',
      'Survey Date',
      'Survey',
      'Status',
    ]);
    await expect(rows.nth(0)).toHaveAttribute('data-status', 'ok');
    await expect(rows.nth(1)).toHaveAttribute('data-status', 'error');
    await expect(rows.nth(1)).toContainText('Not found in the CSV');
    await expect(submit).toBeDisabled();

    // Orphan: warning and the orphansInCSV message, does not block.
    await page
      .getByLabel('Scene positions (.csv)')
      .setInputFiles(
        csvFile(['A,barn_a,10,20,04/02/2024,0', 'B,barn_b,11,21,04/02/2024,0', 'C,barn_c,12,22,04/02/2024,0']),
      );
    await expect(rows).toHaveCount(3);
    await expect(rows.nth(2)).toHaveAttribute('data-status', 'orphan');
    await expect(page.locator('[data-label="orphansInCSV"]')).toBeVisible();
    await expect(submit).toBeEnabled();

    // Missing x: coordinate error with the CSVFileError label.
    await page
      .getByLabel('Scene positions (.csv)')
      .setInputFiles(csvFile(['A,barn_a,,20,04/02/2024,0', 'B,barn_b,11,21,04/02/2024,0']));
    await expect(page.locator('[data-label="CSVFileError"]')).toHaveText(
      'Invalid or missing properties. Please reupload your CSV file.',
    );
    await expect(rows.nth(0)).toHaveAttribute('data-status', 'error');
    await expect(submit).toBeDisabled();

    // The timeline is on for demo-farm: a row without a date is an error.
    await page
      .getByLabel('Scene positions (.csv)')
      .setInputFiles(csvFile(['A,barn_a,10,20,,0', 'B,barn_b,11,21,04/02/2024,0']));
    await expect(rows.nth(0)).toContainText('Missing survey date');
    await expect(submit).toBeDisabled();

    // Trash clears the CSV.
    await page.getByRole('button', { name: 'Remove positions.csv' }).click();
    await expect(rows).toHaveCount(0);
    await expect(submit).toBeDisabled();
  });

  for (const size of ['desktop', 'phone upright'] as const) {
    test.describe(`at ${VIEWPORTS[size].viewport.width} px`, () => {
      test.use(VIEWPORTS[size]);
      test('the validation table, Status column included, fits the page', async ({ page }) => {
        await page.goto('/site/demo-farm/addScene');
        const long = 'a_rather_long_scene_folder_name_from_the_camera';
        await page.getByLabel('360° tour (.zip)').setInputFiles({
          name: 'tour.zip',
          mimeType: 'application/zip',
          buffer: await listingZip([`0-${long}`, '1-barn_b', '2-barn_c']),
        });
        await page.getByLabel('Scene positions (.csv)').setInputFiles({
          name: 'positions.csv',
          mimeType: 'text/csv',
          buffer: Buffer.from(
            [
              `${HEADER},survey_name`,
              `Main Hall North Entrance by the Loading Bay,${long},1204,3400,04/02/2024,0,Spring walk of the whole farm`,
              'B,barn_b,,21,04/02/2024,0,',
              'C,barn_c,12,22,,7,',
            ].join('\r\n'),
          ),
        });
        await expect(page.locator('.validation-table tbody tr')).toHaveCount(3);
        await page.screenshot({ path: test.info().outputPath('validation-table.png'), fullPage: true });
        expect(await cutOffSideways(page, '.upload-page')).toEqual([]);
        const status = page.locator('.validation-table tbody tr').nth(1).locator('.row-status');
        await expect(status).toContainText('Error');
        await status.scrollIntoViewIfNeeded();
        await expect(status).toBeInViewport({ ratio: 1 });
      });
    });
  }

  test('drops: only application/zip and text/csv; anything else flashes the area invalid for 300 ms', async ({
    page,
  }) => {
    await page.goto('/site/demo-farm/addScene');
    const [zipArea, csvArea] = [page.locator('.drop-area').nth(0), page.locator('.drop-area').nth(1)];
    await dropFile(zipArea, { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await expect(zipArea).toHaveClass(/invalid/);
    await expect(zipArea).not.toHaveClass(/invalid/, { timeout: 1000 });
    await expect(zipArea).not.toContainText('notes.txt');
    await dropFile(zipArea, { name: 'tour.zip', mimeType: 'application/zip', buffer: await listingZip(['0-barn_a']) });
    await expect(zipArea).toContainText('tour.zip');
    await dropFile(csvArea, { name: 'tour.zip', mimeType: 'application/zip', buffer: Buffer.from('x') });
    await expect(csvArea).toHaveClass(/invalid/);
    await dropFile(csvArea, csvFile(['A,barn_a,10,20,04/02/2024,0']));
    await expect(csvArea).toContainText('positions.csv');
    await expect(page.locator('.validation-table tbody tr')).toHaveCount(1);
    await expect(page.getByLabel('360° tour (.zip)')).toHaveAttribute('accept', '.zip');
    await expect(page.getByLabel('Scene positions (.csv)')).toHaveAttribute('accept', '.csv');
  });

  test('a refused upload shows an error toast, redirects to the viewer and stores nothing', async ({
    page,
    request,
    consoleErrors,
  }) => {
    consoleErrors.expect(/status of 400 .*\/addScenes/);
    const toasts = await collectToasts(page);
    const before = await api<unknown[]>(request, '/api/site/demo-farm/surveys');
    await page.goto('/site/demo-farm/addScene');
    // The listing matches the CSV, but the export's hand-edited data.js lost a comma: the server refuses it and the
    // person is told where to look.
    const dataJs = "var APP_DATA = {\n  scenes: [\n    { id: '0-barn_a' name: 'barn_a' },\n  ],\n};\n";
    const buffer = await listingZip(['0-barn_a'], dataJs);
    await page.getByLabel('360° tour (.zip)').setInputFiles({ name: 'tour.zip', mimeType: 'application/zip', buffer });
    await page.getByLabel('Scene positions (.csv)').setInputFiles(csvFile(['A,barn_a,10,20,04/02/2024,0']));
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page).toHaveURL(/\/site\/demo-farm\/site/);
    expect(toasts).toHaveLength(1);
    expect(toasts[0]).toMatch(
      /^Error! Failed to upload scene\. app-files\/data\.js could not be read at line 3, column 22: invalid character 'n'\./,
    );
    expect(await api<unknown[]>(request, '/api/site/demo-farm/surveys')).toEqual(before);
  });

  test('an admin on a floor with no survey gets the upload form in place of the panorama', async ({ page }) => {
    await page.goto('/site/demo-farm/site?floor=3');
    await expect(page.getByRole('heading', { name: 'Add Scenes - Floor 3' })).toBeVisible();
    await expect(page.getByLabel('360° tour (.zip)')).toBeAttached();
  });

  test('the real Marzipano export, start to finish: new site, real progress, the viewer shows the scene', async ({
    page,
    request,
    consoleErrors,
  }) => {
    // The page learns that a site does not exist yet from its settings' 404 (a known wart: it should ask
    // whether the site exists instead, and log nothing).
    consoleErrors.expect(/status of 404 .*\/api\/site\/e2e-new-field\/settings/);
    const missing = fixtureMissing();
    test.skip(missing !== null, missing ?? '');
    const dir = path.join(fixturesDir, 'marzipano-export');
    const toasts = await collectToasts(page);
    await page.goto('/site/e2e-new-field/site');

    // Site name: empty is refused and the name comes back; Enter keeps a new one.
    const name = page.getByLabel('Site name');
    await expect(name).toHaveValue('e2e-new-field');
    await name.fill('');
    await name.press('Enter');
    await expect.poll(() => toasts).toEqual(['Error! You need a site name!']);
    await expect(name).toHaveValue('e2e-new-field');
    await name.fill('E2E Prism New Field');
    await name.press('Enter');
    await expect(name).toHaveCSS('width', /\d+px/);
    expect(await name.evaluate((el) => (el as HTMLInputElement).style.width)).toBe(
      `${'E2E Prism New Field'.length + 2}ch`,
    );

    await page.getByLabel('360° tour (.zip)').setInputFiles(path.join(dir, 'prism_new_field.zip'));
    await dropFile(page.locator('.drop-area').nth(1), {
      name: 'prism_new_field.csv',
      mimeType: 'text/csv',
      buffer: fs.readFileSync(path.join(dir, 'prism_new_field.csv')),
    });
    const rows = page.locator('.validation-table tbody tr');
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0)).toHaveText(
      /prism_uat_newfield1\s*20\s*30\s*prism_uat_fieldfront\s*Floor 0\s*04\/02\/2024/,
    );
    await expect(rows.nth(0)).toHaveAttribute('data-status', 'ok');
    await expect(rows.nth(1)).toHaveAttribute('data-status', 'ok');
    await expect(page.locator('.drop-file-size').first()).toHaveText('3.0 mb');

    // Throttle the upload so the progress bar shows the real, growing upload progress.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: 1_000_000,
    });
    await page.getByRole('button', { name: 'Submit' }).click();
    const progress = page.getByRole('progressbar', { name: 'Upload progress' });
    await expect(progress).toBeVisible();
    await expect
      .poll(async () => Number(await progress.getAttribute('value')), { timeout: 10_000 })
      .toBeGreaterThan(10);
    await expect(page.getByRole('button', { name: 'Submit' })).toBeDisabled();
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });

    // The server names the new site after the site name; the page goes to its viewer.
    await page.waitForURL(
      (u) => /^\/site\/[^/]+\/site$/.test(u.pathname) && !u.pathname.startsWith('/site/e2e-new-field/'),
      { timeout: 60_000 },
    );
    const siteId = decodeURIComponent(/\/site\/([^/]+)\/site/.exec(page.url())![1]);
    await expect(page.locator('.title-card')).toContainText('prism_uat_fieldfront', { timeout: 30_000 });
    expect(toasts).toHaveLength(1);

    const sites = await api<{ id: string; name: string }[]>(request, '/api/sites');
    expect(sites).toContainEqual({ id: siteId, name: 'E2E Prism New Field' });
    const scenes = await api<{ survey_node: { title: string } }[]>(
      request,
      `/api/site/${siteId}/survey/details?floor=0&date=2024-02-04`,
    );
    expect(scenes.map((s) => s.survey_node.title).sort()).toEqual(['prism_uat_fieldback', 'prism_uat_fieldfront']);
  });
});
