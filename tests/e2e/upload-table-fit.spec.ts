// The upload page's validation table at 1280x720 with a realistic list: the farm export's scene folders and CSV
// names (and more of the same pattern, as a longer walk of that farm would have), some rows in error with their
// notes. Every column, Status last, is inside the window without a sideways scroll.
import fs from 'node:fs';
import path from 'node:path';
import JSZip from 'jszip';
import { expect, test } from './helpers/cleanConsole';
import { fixtureMissing, fixturesDir } from './helpers/fixtures';
import { cutOffSideways } from './helpers/fitsWidth';

test.use({ viewport: { width: 1280, height: 720 } });

test('the validation table of a long farm list fits 1280 px, Status column included', async ({ page }) => {
  const missing = fixtureMissing();
  test.skip(missing !== null, missing ?? '');
  const csv = fs.readFileSync(path.join(fixturesDir, 'marzipano-export', 'prism_new_field.csv'), 'utf8').trim();
  const real = await JSZip.loadAsync(
    fs.readFileSync(path.join(fixturesDir, 'marzipano-export', 'prism_new_field.zip')),
  );
  const folders = new Set(
    Object.keys(real.files)
      .map((n) => /^app-files\/tiles\/([^/]+)\//.exec(n)?.[1])
      .filter((f): f is string => !!f),
  );
  // A longer walk of the same farm, named as the export names its scenes; a few rows miss a value or a folder.
  const zip = new JSZip();
  zip.file('app-files/data.js', 'var APP_DATA = {};');
  const rows = csv.split(/\r?\n/);
  for (let i = 3; i <= 24; i++) {
    if (i !== 7) folders.add(`${i - 1}-prism_uat_newfield${i}`);
    const x = i === 5 ? '' : String(20 + i);
    rows.push(`prism_uat_field_walk_${i}_north_hedge_gate,prism_uat_newfield${i},${x},${30 + i},04/02/2024,0`);
  }
  folders.add('25-prism_uat_newfield_extra_drone_pass_over_the_yard');
  for (const f of folders) zip.file(`app-files/tiles/${f}/preview.jpg`, 'jpg');

  await page.goto('/site/demo-farm/addScene');
  await page.getByLabel('360° tour (.zip)').setInputFiles({
    name: 'prism_new_field.zip',
    mimeType: 'application/zip',
    buffer: await zip.generateAsync({ type: 'nodebuffer' }),
  });
  await page.getByLabel('Scene positions (.csv)').setInputFiles({
    name: 'prism_new_field.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(rows.join('\r\n')),
  });
  const table = page.locator('.validation-table');
  await expect(table.locator('tbody tr')).toHaveCount(25);
  await page.screenshot({ path: test.info().outputPath('validation-1280x720.png') });

  // The Status heading and every row's status end inside the window and inside the table's own box.
  const status = table.locator('thead th').last();
  await expect(status).toHaveText('Status');
  const box = (await page.locator('.validation-scroll').boundingBox())!;
  const head = (await status.boundingBox())!;
  expect(head.x + head.width).toBeLessThanOrEqual(Math.min(1280, box.x + box.width) + 1);
  expect(await cutOffSideways(page, '.upload-page')).toEqual([]);
  for (const kind of ['error', 'orphan']) await expect(table.locator(`tr.row-${kind}`).first()).toBeVisible();
});
