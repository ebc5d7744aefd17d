// The survey manager end to end: an administrator renames a scene, sets its north and its start view from the
// viewer's camera, meets another administrator's change (409, reload), deletes a scene (the link to it goes),
// renames and moves the survey, and reads the audit trail; a visitor in another browser sees each change: the
// scene's new title without reloading (the change stream), the rest when it next opens the viewer.
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { exportZip, positionsCsv } from '../api/helpers/exportBuilder';
import { api } from './app-helpers';
import { formatBytes } from '../../src/offline/progress';

interface ManagedScene {
  id: string;
  revision: number;
  tiles_id: string;
  title: string;
  north: number;
  initial_parameters: { yaw: number; pitch: number; fov: number };
  size_bytes: number | null;
}
interface ManagedSurvey {
  id: string;
  floor: number;
  date: string;
  survey_name: string;
  size_bytes: number | null;
  scenes: ManagedScene[];
}

const csvFile = (text: string) => ({ name: 'positions.csv', mimeType: 'text/csv', buffer: Buffer.from(text) });

/** A new site: one survey (floor 0, 2024-03-05) of hall_a and hall_b, each linking to the other, and a floor 1. */
async function newSite(request: APIRequestContext): Promise<string> {
  const name = `e2e-manager-${Date.now()}`;
  const res = await request.post(`/api/site/${name}/0/addScenes?mode=addNewSite&siteName=${name}`, {
    multipart: {
      zipFile: { name: 'tour.zip', mimeType: 'application/zip', buffer: await exportZip() },
      properties: csvFile(positionsCsv()),
    },
  });
  expect(res.status()).toBe(200);
  const site = ((await res.json()) as { payload: { site: string } }).payload.site;
  expect((await request.post(`/api/site/${site}/minimap/newFloor/1`)).status()).toBe(200);
  return site;
}

const surveysOf = (request: APIRequestContext, site: string) =>
  api<ManagedSurvey[]>(request, `/api/site/${site}/manage/surveys`);

const row = (page: Page, name: string | RegExp) => page.getByRole('row').filter({ hasText: name });

/** A new site, and a visitor in a browser of its own looking at its first scene, hall_a. */
async function siteWithVisitor(browser: Browser, request: APIRequestContext) {
  const site = await newSite(request);
  const [survey] = await surveysOf(request, site);
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(`/site/${site}/site?floor=0&date=2024-03-05&node=${survey.scenes[0].tiles_id}`);
  await expect(visitor.locator('.title-card')).toContainText('hall_a title');
  return { site, survey, visitor };
}

test('an administrator edits and deletes scenes and moves a survey; a visitor sees each change', async ({
  page,
  browser,
  request,
}) => {
  const { site, survey, visitor } = await siteWithVisitor(browser, request);
  const [hallA] = survey.scenes;

  await page.goto(`/site/${site}/site`);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Surveys' }).click();
  await expect(page.getByRole('heading', { name: 'Surveys' })).toBeVisible();
  // The size column: the survey's stored bytes in human units, its scenes' each on their rows.
  await expect(page.getByRole('columnheader', { name: 'Size' })).toBeVisible();
  const sized = (await surveysOf(request, site))[0];
  expect(sized.size_bytes).toBe(sized.scenes[0].size_bytes! + sized.scenes[1].size_bytes!);
  await expect(row(page, survey.survey_name).locator('.manager-size')).toHaveText(formatBytes(sized.size_bytes!));
  await expect(row(page, survey.survey_name).locator('.manager-size')).toHaveText(/^\d+(\.\d+)? (B|kB|MB)$/);
  await expect(row(page, 'hall_b title').locator('.manager-size')).toHaveText(formatBytes(sized.scenes[1].size_bytes!));

  // A scene's title and north: the visitor's open viewer shows the new title without a reload.
  await page.getByRole('button', { name: 'Edit scene hall_a title' }).click();
  const sceneDialog = page.getByRole('dialog', { name: 'Edit scene "hall_a title"' });
  await sceneDialog.getByLabel('Title').fill('Front gate');
  await sceneDialog.getByLabel('North (degrees)').fill('90');
  await sceneDialog.getByRole('button', { name: 'Save' }).click();
  // Closed, not opened again on the new state (a dialog's name changes with what it edits).
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(row(page, 'Front gate')).toContainText('North 90°');
  await expect(visitor.locator('.title-card')).toContainText('Front gate');

  // Another administrator renames hall_b while this one's dialog is open: the page hears of it, and the save
  // started from the old state is refused with a reload, never written over theirs.
  await page.getByRole('button', { name: 'Edit scene hall_b title' }).click();
  const staleDialog = page.getByRole('dialog');
  await staleDialog.getByLabel('Title').fill('Back yard');
  const [, hallB] = (await surveysOf(request, site))[0].scenes;
  const elsewhere = await request.patch(`/api/site/${site}/manage/scene/${hallB.id}`, {
    data: { revision: hallB.revision, title: 'Barn door' },
  });
  expect(elsewhere.status()).toBe(200);
  await expect(row(page, 'Barn door')).toHaveCount(1);
  await staleDialog.getByRole('button', { name: 'Save' }).click();
  await expect(staleDialog.getByRole('alert')).toContainText('Someone else changed this');
  await staleDialog.getByRole('button', { name: 'Reload' }).click();
  await expect(page.getByRole('dialog').getByLabel('Title')).toHaveValue('Barn door');
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();

  // Deleting hall_b says which link goes, then the link is gone from hall_a.
  await page.getByRole('button', { name: 'Delete scene Barn door' }).click();
  const deleteDialog = page.getByRole('dialog', { name: 'Delete scene "Barn door"?' });
  await expect(deleteDialog.getByRole('listitem')).toHaveText([
    '1 scene: Barn door',
    `The link from "Front gate" (${survey.survey_name}, floor 0, 2024-03-05) to "Barn door"`,
  ]);
  await deleteDialog.getByRole('button', { name: 'Delete scene' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(row(page, 'Barn door')).toHaveCount(0);
  // The survey weighs what its one scene left does.
  await expect(row(page, survey.survey_name).locator('.manager-size')).toHaveText(
    formatBytes(sized.scenes[0].size_bytes!),
  );
  const details = await api<{ survey_node: { title: string; link_hotspots: unknown[] } }[]>(
    request,
    `/api/site/${site}/survey/details?floor=0&date=2024-03-05`,
  );
  expect(details.map((d) => [d.survey_node.title, d.survey_node.link_hotspots.length])).toEqual([['Front gate', 0]]);

  // The survey: renamed and moved to floor 1 and another day.
  await page.getByRole('button', { name: /^Rename or move survey/ }).click();
  const surveyDialog = page.getByRole('dialog', { name: /^Rename or move/ });
  await surveyDialog.getByLabel('Name').fill('Spring walk');
  await surveyDialog.getByLabel('Floor').selectOption('1');
  await surveyDialog.getByLabel('Date').fill('2024-03-06');
  await surveyDialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(row(page, 'Spring walk')).toContainText('2024-03-06');

  // The start view: the viewer's camera, from a link that names the view, becomes the scene's own.
  await page.goto(`/site/${site}/site?floor=1&date=2024-03-06&node=${hallA.tiles_id}&yaw=1.2&pitch=-0.3&fov=1.1`);
  await expect(page.locator('.title-card')).toContainText('Front gate');
  await page.getByRole('button', { name: 'Set start view here' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Start view saved' })).toBeVisible();
  const [moved] = await surveysOf(request, site);
  expect(moved).toMatchObject({ survey_name: 'Spring walk', floor: 1, date: '2024-03-06' });
  expect(moved.scenes[0].north).toBeCloseTo(Math.PI / 2, 5);
  expect(moved.scenes[0].initial_parameters.yaw).toBeCloseTo(1.2, 2);
  expect(moved.scenes[0].initial_parameters.pitch).toBeCloseTo(-0.3, 2);

  // The visitor opens the viewer again: the survey is on floor 1 under its new name and day.
  await visitor.goto(`/site/${site}/site?floor=1`);
  await expect(visitor).toHaveURL(/date=2024-03-06/);
  await expect(visitor.locator('.title-card')).toContainText('Front gate');
  await expect(visitor.locator('.title-card')).toContainText('Spring walk');

  // The trail, newest first.
  await page.goto(`/site/${site}/audit`);
  const what = page.locator('.audit-what');
  await expect(what.first()).toHaveText('Set the start view of scene "Front gate"');
  await expect(what).toContainText([
    `Moved survey "${survey.survey_name}" (floor 0, 2024-03-05)`,
    'Deleted scene "Barn door"',
  ]);
  // One edit of the scene, two entries (the same moment: either order).
  for (const entry of ['Set north of scene "hall_a title"', 'Renamed scene "hall_a title"'])
    await expect(what.filter({ hasText: entry })).toHaveCount(1);
  await visitor.context().close();
});

test('an administrator replaces a survey with a new export; a visitor sees the new scenes', async ({
  page,
  browser,
  request,
}) => {
  const { site, survey, visitor } = await siteWithVisitor(browser, request);

  await page.goto(`/site/${site}/surveys`);
  await page.getByRole('button', { name: `Replace survey ${survey.survey_name} (2024-03-05)` }).click();
  const dialog = page.getByRole('dialog', { name: `Replace "${survey.survey_name}"` });
  await expect(dialog).toContainText('date 2024-03-05');
  // The new export: hall_a again (renamed in its CSV) and a new hall_c; its CSV's other date does not move it.
  const scenes = [
    { id: '0-hall_a', name: 'hall_a' },
    { id: '1-hall_c', name: 'hall_c' },
  ];
  const csv =
    'title,fileName,x,y,date,floor\r\nRenewed hall,hall_a,10,20,01/01/2020,0\r\nNew cellar,hall_c,11,21,01/01/2020,0\r\n';
  await dialog.getByLabel('Export (.zip)').setInputFiles({
    name: 'tour.zip',
    mimeType: 'application/zip',
    buffer: await exportZip({ scenes }),
  });
  await dialog.getByLabel('Positions (.csv)').setInputFiles(csvFile(csv));
  await dialog.getByRole('button', { name: 'Replace the scenes' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(row(page, 'New cellar')).toHaveCount(1);
  await expect(row(page, 'hall_b title')).toHaveCount(0);
  await expect(row(page, survey.survey_name)).toContainText('2024-03-05');

  // The visitor's open viewer hears of it through the change stream: the scene it shows is now the renewed one.
  await expect(visitor.locator('.title-card')).toContainText('Renewed hall');
  await page.goto(`/site/${site}/audit`);
  await expect(page.locator('.audit-what').first()).toContainText(`"${survey.survey_name}"`);
  await visitor.context().close();
});
