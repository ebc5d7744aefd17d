// Every survey is reachable from the timeline, two of one date included: by the arrow keys both ways, by its
// row, and by a link naming one of its scenes.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { exportZip, type SceneSpec } from '../api/helpers/exportBuilder';

const surveys: { survey: string; date: string; scenes: SceneSpec[] }[] = [
  { survey: 'Alpha', date: '05/03/2024', scenes: [{ id: '0-hall_a', name: 'hall_a' }] },
  { survey: 'Beta', date: '05/03/2024', scenes: [{ id: '0-yard_a', name: 'yard_a' }] },
  { survey: 'Gamma', date: '01/02/2024', scenes: [{ id: '0-shed_a', name: 'shed_a' }] },
];

async function upload(request: APIRequestContext, site: string, i: number) {
  const { survey, date, scenes } = surveys[i];
  const csv = [
    'title,fileName,x,y,date,floor,survey_name',
    ...scenes.map((s) => `${s.name} title,${s.name},10,20,${date},0,${survey}`),
  ];
  const mode = i === 0 ? `mode=addNewSite&siteName=${site}` : 'mode=addScene';
  const res = await request.post(`/api/site/${site}/0/addScenes?${mode}`, {
    multipart: {
      zipFile: {
        name: `${survey}.zip`,
        mimeType: 'application/zip',
        buffer: await exportZip({ scenes, name: survey }),
      },
      properties: { name: 'positions.csv', mimeType: 'text/csv', buffer: Buffer.from(csv.join('\r\n') + '\r\n') },
    },
  });
  expect(res.status(), await res.text()).toBe(200);
}

const title = (page: Page) => page.locator('.title-card');
const current = (page: Page) => page.locator('.timeline-row[aria-current="date"]');

test('arrow keys, rows and links reach both surveys of one date', async ({ page, request }) => {
  const site = `e2e-same-date-${Date.now()}`;
  for (let i = 0; i < surveys.length; i++) await upload(request, site, i);
  await page.goto(`/site/${site}/site?floor=0&date=2024-03-05`);
  // The date opens on the site's initial scene, of Alpha; the timeline marks Alpha, not the date's first row.
  await expect(title(page)).toContainText('hall_a title');
  await page.getByRole('button', { name: 'Open Timeline' }).click();
  // Newest first, the same date by survey name reverse alphabetical.
  await expect(page.locator('.timeline-row .row-name')).toHaveText(['Beta', 'Alpha', 'Gamma']);
  await expect(current(page)).toHaveCount(1);
  await expect(current(page)).toContainText('Alpha');

  await page.keyboard.press('ArrowLeft');
  await expect(title(page)).toContainText('yard_a title');
  await expect(current(page)).toContainText('Beta');
  await page.keyboard.press('ArrowRight');
  await expect(title(page)).toContainText('hall_a title');
  await expect(current(page)).toContainText('Alpha');
  await page.keyboard.press('ArrowRight');
  await expect(title(page)).toContainText('shed_a title');
  await page.keyboard.press('ArrowLeft');
  await expect(title(page)).toContainText('hall_a title');

  // A row of the same date as the survey on screen.
  await page.locator('.timeline-row', { hasText: 'Beta' }).click();
  await expect(title(page)).toContainText('yard_a title');
  await expect(current(page)).toContainText('Beta');
  const node = new URL(page.url()).searchParams.get('node');

  // The link names the scene, and so the survey.
  await page.goto(`/site/${site}/site?floor=0&date=2024-03-05&node=${node}`);
  await expect(title(page)).toContainText('yard_a title');
  await page.getByRole('button', { name: 'Open Timeline' }).click();
  await expect(current(page)).toContainText('Beta');
});
