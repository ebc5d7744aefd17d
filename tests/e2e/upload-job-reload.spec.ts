// An export big enough to be imported as a job (INGEST_JOB_MIN_BYTES, lowered here in a server of its own) keeps
// its job in the page's URL: a reload in the middle follows the same job to its end instead of losing it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from './helpers/cleanConsole';
import { startChildServer, type ChildServer } from '../api/helpers/childServer.ts';
import { repoRoot } from '../api/helpers/fixtures.ts';
import { marzipanoExport, missingFixtures } from '../fixtures';

const missing = missingFixtures(marzipanoExport.zip, marzipanoExport.csv);
let app: ChildServer | undefined;
let dataDir = '';

test.beforeAll(async () => {
  if (missing) return;
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'survey-e2e-job-'));
  app = await startChildServer({
    dataDir,
    databaseUrl: '',
    env: { INGEST_JOB_MIN_BYTES: '1', DIST_DIR: path.join(repoRoot, 'dist') },
  });
});
test.afterAll(async () => {
  await app?.kill('SIGTERM');
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

test('a reload while an export is imported as a job follows the job to the new scenes', async ({
  page,
  consoleErrors,
}) => {
  test.skip(!!missing, missing ?? '');
  // The new-site page learns that the site does not exist yet from its settings' 404.
  consoleErrors.expect(/status of 404 .*\/api\/site\/e2e-job\/settings/);
  await page.goto(`${app!.baseUrl}/site/e2e-job/site`);
  await page.getByLabel('360° tour (.zip)').setInputFiles(marzipanoExport.zip);
  await page.getByLabel('Scene positions (.csv)').setInputFiles(marzipanoExport.csv);
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.waitForURL(/[?&]job=/, { timeout: 30_000 });
  await page.reload();
  // The job's own bar, unless it ended meanwhile: then the site exists and the page is its viewer.
  const titleCard = page.locator('.title-card');
  await expect(page.getByRole('progressbar', { name: 'All scenes' }).or(titleCard)).toBeVisible();
  // Done: the way to the new scenes, or (a new site, which now exists) its viewer in place of the upload page.
  const open = page.getByRole('link', { name: 'Open the new scenes in the viewer' });
  await expect(open.or(titleCard)).toBeVisible({ timeout: 60_000 });
  if (await open.isVisible()) await open.click();
  await expect(titleCard).toContainText('prism_uat_fieldfront', { timeout: 30_000 });
});
