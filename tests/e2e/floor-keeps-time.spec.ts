// Moving to another floor keeps the visitor in time: the new floor opens on its survey nearest to the date on screen,
// not on its newest one (a visitor looking at April 2024 downstairs sees March 2024 upstairs, not 2026).
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { exportZip } from '../api/helpers/exportBuilder';

const surveys = [
  { survey: 'Ground', date: '01/04/2024', floor: 0, scene: 'hall' },
  { survey: 'Upper old', date: '10/03/2024', floor: 1, scene: 'loft_old' },
  { survey: 'Upper new', date: '20/01/2026', floor: 1, scene: 'loft_new' },
];

async function upload(request: APIRequestContext, site: string, i: number) {
  const { survey, date, floor, scene } = surveys[i];
  const csv = ['title,fileName,x,y,date,floor,survey_name', `${scene} title,${scene},10,20,${date},${floor},${survey}`];
  const mode = i === 0 ? `mode=addNewSite&siteName=${site}` : 'mode=addScene';
  const res = await request.post(`/api/site/${site}/${floor}/addScenes?${mode}`, {
    multipart: {
      zipFile: {
        name: `${survey}.zip`,
        mimeType: 'application/zip',
        buffer: await exportZip({ scenes: [{ id: `0-${scene}`, name: scene }], name: survey }),
      },
      properties: { name: 'positions.csv', mimeType: 'text/csv', buffer: Buffer.from(csv.join('\r\n') + '\r\n') },
    },
  });
  expect(res.status(), await res.text()).toBe(200);
}

const param = (page: Page, name: string) => new URL(page.url()).searchParams.get(name);

test('a floor switch opens the date nearest to the one on screen', async ({ page, request }) => {
  const site = `e2e-floor-time-${Date.now()}`;
  for (let i = 0; i < surveys.length; i++) await upload(request, site, i);
  await page.goto(`/site/${site}/site?floor=0&date=2024-04-01`);
  await expect(page.locator('.title-card')).toContainText('hall title');

  await page.locator('.floor-slider .floor-stop', { hasText: '1' }).click();
  await expect(page.locator('.title-card')).toContainText('loft_old title');
  expect(param(page, 'floor')).toBe('1');
  expect(param(page, 'date')).toBe('2024-03-10');

  // Back down: the ground floor has one date, so that is where the visitor lands.
  await page.locator('.floor-slider .floor-stop', { hasText: '0' }).click();
  await expect(page.locator('.title-card')).toContainText('hall title');
  expect(param(page, 'date')).toBe('2024-04-01');
});

test('the timeline shows when the other floors were surveyed, and goes there', async ({ page, request }) => {
  const site = `e2e-floor-dates-${Date.now()}`;
  for (let i = 0; i < surveys.length; i++) await upload(request, site, i);
  await page.goto(`/site/${site}/site?floor=0&date=2024-04-01`);
  await expect(page.locator('.title-card')).toContainText('hall title');
  await page.getByRole('button', { name: 'Open Timeline' }).click();
  const others = page.getByRole('region', { name: 'Other floors' }).getByRole('button');
  await expect(others).toHaveText([/Jan 20, 2026\s*Floor 1 · Upper new/, /Mar 10, 2024\s*Floor 1 · Upper old/]);
  await page.screenshot({ path: test.info().outputPath('timeline-other-floors.png') });
  await others.last().click();
  await expect(page.locator('.title-card')).toContainText('loft_old title');
  expect(param(page, 'floor')).toBe('1');
  expect(param(page, 'date')).toBe('2024-03-10');
  // Upstairs, the ground floor's survey is the other floor now.
  await expect(others).toHaveText([/Apr 1, 2024\s*Floor 0 · Ground/]);
});
