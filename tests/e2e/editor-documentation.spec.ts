// The admin documentation upload form (the visitor's DocumentUploadForm, checked against its rules):
// a file is required, it must be a zip, a failure shows an error toast, a success shows for 1 s and the new files appear.
import JSZip from 'jszip';
import { expect, test } from './helpers/cleanConsole';
import { api, collectToasts, failRoute } from './editor-helpers';
import { exportZip, positionsCsv } from '../api/helpers/exportBuilder';

test('documentation upload: required file, zip only, failure toast, success indicator then the new file', async ({
  page,
  request,
  consoleErrors,
}) => {
  // The failed upload this test provokes is also logged by the page.
  consoleErrors.expect(/^console: Upload failed /);
  // A site of its own (built export through the real upload route), so the demo site's documents stay as they are.
  const res = await request.post('/api/site/e2e-docs/0/addScenes?mode=addNewSite&siteName=E2E%20Docs', {
    multipart: {
      zipFile: { name: 'tour.zip', mimeType: 'application/zip', buffer: await exportZip() },
      properties: { name: 'positions.csv', mimeType: 'text/csv', buffer: Buffer.from(positionsCsv()) },
    },
  });
  const site = ((await res.json()) as { payload: { site: string } }).payload.site;
  const toasts = await collectToasts(page);
  const zip = new JSZip();
  zip.file('E2E Folder/E2E checklist.txt', 'Check the pumps.\n');
  const buffer = await zip.generateAsync({ type: 'nodebuffer' });

  await page.goto(`/site/${site}/documentation`);
  await page.getByRole('button', { name: 'Upload documents' }).click();
  const form = page.locator('form.doc-upload');
  // Submit is offered as usable only with a zip chosen, and says why not; a click before changes nothing.
  const submit = form.getByRole('button', { name: 'Submit' });
  await expect(submit).toBeDisabled();
  await expect(submit).toHaveAttribute('title', 'Please select a file before submitting.');
  await submit.click({ force: true });
  await form
    .getByLabel('Upload documents .zip')
    .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('x') });
  await expect(submit).toHaveAttribute('title', 'Please select a ZIP file.');
  await submit.click({ force: true });
  expect(toasts).toEqual([]);

  await failRoute(page, /\/api\/documentation\/[^/]+$/, 'POST', 'Disk full');
  await form
    .getByLabel('Upload documents .zip')
    .setInputFiles({ name: 'docs.zip', mimeType: 'application/zip', buffer });
  await expect(submit).toBeEnabled();
  await submit.click();
  await expect.poll(() => toasts).toEqual(['Failed to upload file.']);
  expect(
    (await api<{ name: string }[]>(request, `/api/site/${site}/files`)).some((f) => f.name === 'E2E checklist.txt'),
  ).toBe(false);
  await page.unrouteAll();

  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Uploaded' })).toBeVisible();
  await expect(form).toHaveCount(0, { timeout: 3000 });
  expect(
    (await api<{ name: string }[]>(request, `/api/site/${site}/files`)).some((f) => f.name === 'E2E checklist.txt'),
  ).toBe(true);
  await expect(page.getByText('E2E Folder')).toBeVisible();
});
