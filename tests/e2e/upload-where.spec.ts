// Uploads say where the scenes go: the validation table names each row's floor, date and survey (the CSV's floor
// column decides, and the title says so when it differs from the page's floor); the CSV's units are on the page;
// the same export again to a survey is recognised and the administrator replaces it or keeps the survey; after
// an upload the viewer opens on what was added. On desktop and a phone held either way.
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './helpers/cleanConsole';
import { api } from './editor-helpers';
import { exportZip, positionsCsv } from '../api/helpers/exportBuilder';
import { THREE, VIEWPORTS } from './viewports';

const csvFile = (text: string, name = 'positions.csv') => ({ name, mimeType: 'text/csv', buffer: Buffer.from(text) });
const zipFile = async (name: string) => ({ name, mimeType: 'application/zip', buffer: await exportZip() });

async function newSite(request: APIRequestContext, name: string): Promise<string> {
  const res = await request.post(`/api/site/${name}/0/addScenes?mode=addNewSite&siteName=${encodeURIComponent(name)}`, {
    multipart: { zipFile: await zipFile('tour.zip'), properties: csvFile(positionsCsv()) },
  });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { payload: { site: string } }).payload.site;
}

for (const name of THREE) {
  test.describe(`uploads on ${name}`, () => {
    test.use(VIEWPORTS[name]);

    test('the table names floor, date and survey per row; the title follows the CSV; the units are explained', async ({
      page,
    }) => {
      await page.goto('/site/demo-farm/addScene?floor=1');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Add Scenes - Upper Floor');
      await page.getByText('What goes in the CSV').click();
      await expect(page.locator('.csv-help')).toContainText('in pixels of the floor-plan image');
      await expect(page.locator('.csv-help')).toContainText('dd/mm/yyyy');
      await page.getByLabel('360° tour (.zip)').setInputFiles(await zipFile('tour.zip'));
      // The CSV puts the scenes on the ground floor: the title says so, not the page's floor.
      await page.getByLabel('Scene positions (.csv)').setInputFiles(csvFile(positionsCsv()));
      const rows = page.locator('.validation-table tbody tr');
      await expect(rows).toHaveCount(2);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Add Scenes - Ground Floor (from the CSV)');
      for (let i = 0; i < 2; i++) {
        await expect(rows.nth(i).locator('[data-col="floor"]')).toHaveText('Ground Floor');
        await expect(rows.nth(i)).toContainText('05/03/2024');
        await expect(rows.nth(i).locator('[data-col="survey"]')).toHaveText("the export's tour name");
      }
      // Floor 1 and a survey name in the CSV: the table and the title follow.
      const upper = positionsCsv()
        .replace('title,fileName,x,y,date,floor', 'title,fileName,x,y,date,floor,survey_name')
        .replace(/,0\r\n/g, ',1,Autumn walk\r\n');
      await page.getByLabel('Scene positions (.csv)').setInputFiles(csvFile(upper, 'upper.csv'));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Add Scenes - Upper Floor');
      await expect(rows.first().locator('[data-col="floor"]')).toHaveText('Upper Floor');
      await expect(rows.first().locator('[data-col="survey"]')).toHaveText('Autumn walk');
    });

    test('the same export again: keep or replace, never a silent copy; then the viewer opens on the upload', async ({
      page,
      request,
      consoleErrors,
    }) => {
      // The second upload is refused with 409 on purpose.
      consoleErrors.expect(/status of 409 .*\/addScenes/);
      const site = await newSite(request, `e2e-twice-${name.replace(' ', '-')}`);
      const count = async () =>
        (await api<unknown[]>(request, `/api/site/${site}/survey/details?floor=0&date=2024-03-05`)).length;
      expect(await count()).toBe(2);
      const send = async () => {
        await page.goto(`/site/${site}/addScene`);
        await page.getByLabel('360° tour (.zip)').setInputFiles(await zipFile('a-copy-under-another-name.zip'));
        await page.getByLabel('Scene positions (.csv)').setInputFiles(csvFile(positionsCsv()));
        await expect(page.locator('.validation-table tbody tr')).toHaveCount(2);
        await page.getByRole('button', { name: 'Submit' }).click();
      };
      await send();
      const choice = page.getByRole('alertdialog', { name: 'This export is already uploaded' });
      await expect(choice).toContainText('floor 0, 2024-03-05');
      await choice.getByRole('button', { name: 'Keep the survey as it is' }).click();
      await expect(page).toHaveURL(new RegExp(`/site/${site}/site`));
      expect(await count()).toBe(2);

      await send();
      await choice.getByRole('button', { name: 'Replace those scenes' }).click();
      await page.waitForURL((u) => u.pathname === `/site/${site}/site` && u.searchParams.get('node') !== null, {
        timeout: 60_000,
      });
      const url = new URL(page.url());
      expect(url.searchParams.get('floor')).toBe('0');
      expect(url.searchParams.get('date')).toBe('2024-03-05');
      expect(await count()).toBe(2);
      const scenes = await api<{ survey_node: { tiles_id: string; title: string } }[]>(
        request,
        `/api/site/${site}/survey/details?floor=0&date=2024-03-05`,
      );
      const node = scenes.find((s) => s.survey_node.tiles_id === url.searchParams.get('node'));
      expect(node).toBeTruthy();
      await expect(page.locator('.title-card')).toContainText(node!.survey_node.title);
    });
  });
}
