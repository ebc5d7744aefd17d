// A write refreshes every answer it changes before the page acts on them: an upload from the viewer opens on
// what was added, even though the viewer had read the floor's survey list before the upload; other tabs show
// it too, and a link to what was added elsewhere since the page read its lists opens it.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { exportZip, positionsCsv } from '../api/helpers/exportBuilder';

const csvFile = (text: string) => ({ name: 'positions.csv', mimeType: 'text/csv', buffer: Buffer.from(text) });

async function newSite(request: APIRequestContext, name: string): Promise<string> {
  const res = await request.post(`/api/site/${name}/0/addScenes?mode=addNewSite&siteName=${name}`, {
    multipart: {
      zipFile: { name: 'tour.zip', mimeType: 'application/zip', buffer: await exportZip() },
      properties: csvFile(positionsCsv()),
    },
  });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { payload: { site: string } }).payload.site;
}

/** A survey dated 2024-04-15 added through the API, as another browser would: no tab of this one hears of it. */
async function addSurveyElsewhere(request: APIRequestContext, site: string) {
  const scenes = [{ id: '0-yard_a', name: 'yard_a' }];
  const res = await request.post(`/api/site/${site}/0/addScenes?mode=addScene`, {
    multipart: {
      zipFile: { name: 'yard.zip', mimeType: 'application/zip', buffer: await exportZip({ scenes, name: 'yard' }) },
      properties: csvFile(positionsCsv(scenes, '15/04/2024')),
    },
  });
  expect(res.status()).toBe(200);
}

/** From the viewer on the site's ground floor: Add Scene, a second survey dated 2024-04-15, Submit. */
async function uploadFromViewer(page: Page, site: string) {
  await page.goto(`/site/${site}/site?floor=0`);
  await expect(page).toHaveURL(/date=2024-03-05/);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Add Scene' }).click();
  const scenes = [
    { id: '0-yard_a', name: 'yard_a' },
    { id: '1-yard_b', name: 'yard_b' },
  ];
  await page.getByLabel('360° tour (.zip)').setInputFiles({
    name: 'yard.zip',
    mimeType: 'application/zip',
    buffer: await exportZip({ scenes, name: 'yard' }),
  });
  await page.getByLabel('Scene positions (.csv)').setInputFiles(csvFile(positionsCsv(scenes, '15/04/2024')));
  await expect(page.locator('.validation-table tbody tr')).toHaveCount(2);
  await page.getByRole('button', { name: 'Submit' }).click();
}

test('an upload from the viewer opens on the new survey, not on the one read before it', async ({ page, request }) => {
  const site = await newSite(request, `e2e-refresh-${Date.now()}`);
  await uploadFromViewer(page, site);
  await expect(page.locator('.title-card')).toContainText('yard_a title');
  // The page settles on the new survey: the address is not rewritten to the survey read before the upload.
  await page.waitForTimeout(1500);
  expect(new URL(page.url()).searchParams.get('date')).toBe('2024-04-15');
  await expect(page.locator('.title-card')).toContainText('yard_a title');
});

test("another tab's upload shows in this tab's timeline without a reload", async ({ page, context, request }) => {
  const site = await newSite(request, `e2e-tabs-${Date.now()}`);
  await page.goto(`/site/${site}/site?floor=0`);
  await page.getByRole('button', { name: 'Open Timeline' }).click();
  const rows = page.locator('.timeline-row');
  await expect(rows).toHaveCount(1);
  const other = await context.newPage();
  await uploadFromViewer(other, site);
  await expect(other.locator('.title-card')).toContainText('yard_a title');
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText('Apr 15, 2024');
});

test("another browser's upload shows in this page's timeline without a reload", async ({ page, request }) => {
  const site = await newSite(request, `e2e-browsers-${Date.now()}`);
  await page.goto(`/site/${site}/site?floor=0`);
  await page.getByRole('button', { name: 'Open Timeline' }).click();
  const rows = page.locator('.timeline-row');
  await expect(rows).toHaveCount(1);
  // Not a tab of this browser (nothing reaches this page through BroadcastChannel): the server's change stream
  // tells the page, well before its answers would expire (30 s).
  await addSurveyElsewhere(request, site);
  await expect(rows).toHaveCount(2, { timeout: 8000 });
  await expect(rows.first()).toContainText('Apr 15, 2024');
});

test('a link to a survey added since the page read its list opens that survey', async ({ page, request }) => {
  const site = await newSite(request, `e2e-link-${Date.now()}`);
  await page.goto(`/site/${site}/site?floor=0`);
  await expect(page).toHaveURL(/date=2024-03-05/);
  // Added elsewhere (another browser): this page's cached survey list does not have it.
  await addSurveyElsewhere(request, site);
  // Back or Forward to a link naming it: the page reads its list again instead of falling back.
  await page.evaluate(() => {
    history.pushState(null, '', `${location.pathname}?floor=0&date=2024-04-15`);
    dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect(page.locator('.title-card')).toContainText('yard_a title');
  expect(new URL(page.url()).searchParams.get('date')).toBe('2024-04-15');
});
