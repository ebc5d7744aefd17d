// The documentation page of a large tree: one request per page of the open folder, not one per folder.
import JSZip from 'jszip';
import { expect, test } from './helpers/cleanConsole';
import { exportZip, positionsCsv } from '../api/helpers/exportBuilder';

test('a root of 300 folders is shown from 2 listing requests, the second one asked by Show more', async ({
  page,
  request,
}) => {
  const res = await request.post('/api/site/e2e-wide-docs/0/addScenes?mode=addNewSite&siteName=E2E%20Wide%20Docs', {
    multipart: {
      zipFile: { name: 'tour.zip', mimeType: 'application/zip', buffer: await exportZip() },
      properties: { name: 'positions.csv', mimeType: 'text/csv', buffer: Buffer.from(positionsCsv()) },
    },
  });
  const site = ((await res.json()) as { payload: { site: string } }).payload.site;
  const zip = new JSZip();
  for (let i = 0; i < 300; i++) zip.file(`Folder ${String(i).padStart(3, '0')}/note.txt`, `note ${i}\n`);
  const up = await request.post(`/api/documentation/${site}`, {
    multipart: {
      zipFile: {
        name: 'docs.zip',
        mimeType: 'application/zip',
        buffer: await zip.generateAsync({ type: 'nodebuffer' }),
      },
    },
  });
  expect(up.status()).toBe(200);

  const asked: string[] = [];
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (/\/api\/(site\/[^/]+\/)?(documents|directories|files)\b/.test(path)) asked.push(path);
  });
  await page.goto(`/site/${site}/documentation`);
  const folders = page.getByRole('region', { name: 'Folders' }).getByRole('button');
  await expect(folders).toHaveCount(200);
  await page.getByRole('button', { name: 'Show more' }).click();
  await expect(folders).toHaveCount(300);
  await expect(page.getByRole('button', { name: 'Show more' })).toHaveCount(0);
  expect(asked).toEqual([`/api/site/${site}/documents`, `/api/site/${site}/documents`]);
});
