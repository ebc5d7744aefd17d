// With the blobs in a bucket (s3rver, behind the headers the deploy guide asks of its front), Chromium loads the
// viewer's tiles and pictures straight from S3_PUBLIC_URL: the page CSP lets it, the bucket's CORS lets the fetches
// through, and nothing is refused. Its own app process (an export uploaded into the bucket) beside the suite's server.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { startS3Server, freshBucketEnv, type S3Server } from '../api/helpers/s3.ts';
import { startChildServer, type ChildServer } from '../api/helpers/childServer.ts';
import { repoRoot } from '../api/helpers/fixtures.ts';
import { uploadScenes } from '../api/helpers/upload.ts';
import { exportZip, positionsCsv } from '../api/helpers/exportBuilder.ts';

let s3: S3Server;
let app: ChildServer;
let env: Record<string, string>;
let dataDir: string;
let site: string;

test.beforeAll(async () => {
  s3 = await startS3Server();
  env = await freshBucketEnv(s3.endpoint);
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'survey-e2e-s3-'));
  app = await startChildServer({ dataDir, databaseUrl: '', env: { ...env, DIST_DIR: path.join(repoRoot, 'dist') } });
  const up = await uploadScenes(app.baseUrl, 'bucket-site', 0, {
    zip: await exportZip(),
    csv: positionsCsv(),
    mode: 'addNewSite',
    siteName: 'Bucket site',
  });
  expect(up.status).toBe(200);
  site = up.body.payload.site;
});
test.afterAll(async () => {
  await app?.kill('SIGTERM');
  await s3?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

test('the viewer shows an uploaded site with its tiles read from the bucket', async ({ page }) => {
  const fromBucket: { url: string; status: number }[] = [];
  const refused: string[] = [];
  page.on('response', (r) => {
    if (r.url().startsWith(`${env.S3_PUBLIC_URL}/`)) fromBucket.push({ url: r.url(), status: r.status() });
  });
  page.on('console', (m) => {
    if (/Content Security Policy|CORS|blocked/i.test(m.text())) refused.push(m.text());
  });
  page.on('requestfailed', (r) => refused.push(`${r.url()}: ${r.failure()?.errorText}`));
  await page.goto(`${app.baseUrl}/site?site=${site}`);
  await expect(page.locator('.title-card .title-site')).toHaveText('Bucket site');
  // The scene's preview, then tiles of its level for the faces in view.
  const loaded = (re: RegExp) => fromBucket.filter((r) => re.test(r.url) && r.status === 200).length;
  await expect.poll(() => loaded(/\/tiles\/[^/]+\/preview\.jpg$/), { timeout: 60_000 }).toBeGreaterThanOrEqual(1);
  await expect
    .poll(() => loaded(/\/tiles\/[^/]+\/1\/[bdflru]\/0\/0\.jpg$/), { timeout: 60_000 })
    .toBeGreaterThanOrEqual(3);
  expect(fromBucket.filter((r) => r.status !== 200 && r.status !== 304)).toEqual([]);
  expect(refused).toEqual([]);
  // The client was told where our own media live (pictures there count as ours for the HTML policy).
  const settings = await (await fetch(`${app.baseUrl}/api/settings`)).json();
  expect(settings.payload.mediaBaseUrl).toBe(env.S3_PUBLIC_URL);
});
