// Big uploads are imported as jobs (here every upload: INGEST_JOB_MIN_BYTES=0): the upload answers 202 with a job id,
// the job's status says where it stands and ends with the same result an upload at once gives, or with the refusal.
// On SQLite the queue runs in process, on PostgreSQL on pg-boss; with S3_TEST=1 the zip waits in the bucket.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, fetchJson, type TestServer } from './helpers/server.ts';
import { uploadScenes } from './helpers/upload.ts';
import { exportZip, positionsCsv } from './helpers/exportBuilder.ts';
import { followJob } from './helpers/jobs.ts';
import { snapshotState, storedKeys } from './helpers/snapshot.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startServer({ INGEST_JOB_MIN_BYTES: '0' });
});
afterAll(async () => {
  await s?.close();
});

describe('uploads imported as jobs', () => {
  it('answers 202 with a job, which ends done with the upload result; the scenes are there and the zip is gone', async () => {
    const up = await uploadScenes(s.baseUrl, 'jobsite', 0, {
      zip: await exportZip(),
      csv: positionsCsv(),
      mode: 'addNewSite',
      siteName: 'Job site',
    });
    expect(up.status).toBe(202);
    const job = up.body.payload.job as string;
    expect(job).toMatch(/^[0-9a-f-]{36}$/);
    const { last } = await followJob(s.baseUrl, 'jobsite', job);
    expect(last).toMatchObject({
      id: job,
      kind: 'ingest',
      site: 'jobsite',
      state: 'done',
      result: { floor: 0, scenes: 2 },
    });
    expect(last.progress.total).toBeGreaterThan(0);
    expect(last.progress.done).toBe(last.progress.total);
    const details = await fetchJson(`${s.baseUrl}/api/site/${last.result!.site}/survey/details?floor=0`);
    expect(details.body.payload).toHaveLength(2);
    // The zip goes just after the rows commit (the job is done with them).
    await expect.poll(async () => (await storedKeys(s.ctx)).filter((k) => k.startsWith('incoming/'))).toEqual([]);
  });

  it('ends failed with the refusal an upload at once would answer, keeping nothing', async () => {
    const up = await uploadScenes(s.baseUrl, 'jobsite2', 0, {
      zip: await exportZip({ dataJs: null }),
      csv: positionsCsv(),
      mode: 'addNewSite',
      siteName: 'Refused',
    });
    expect(up.status).toBe(202);
    const { last } = await followJob(s.baseUrl, 'jobsite2', up.body.payload.job);
    expect(last.state).toBe('failed');
    expect(last.error?.status).toBe(400);
    expect(last.error?.message).toMatch(/data\.js/);
    await expect.poll(async () => (await storedKeys(s.ctx)).filter((k) => k.startsWith('incoming/'))).toEqual([]);
    expect((await fetchJson(`${s.baseUrl}/api/sites`)).body.payload.map((x: { name: string }) => x.name)).not.toContain(
      'Refused',
    );
  });

  it('refuses a CSV that does not parse at once (400), before any job or blob exists', async () => {
    const before = await snapshotState(s.ctx);
    const up = await uploadScenes(s.baseUrl, 'jobsite5', 0, {
      zip: await exportZip(),
      csv: 'title,fileName,x,y,date,floor\r\nHall A,hall_a,ten,20,05/03/2024,0\r\n',
      mode: 'addNewSite',
      siteName: 'Bad CSV',
    });
    expect(up.status).toBe(400);
    expect(up.body.message).toMatch(/line 2/);
    expect(await snapshotState(s.ctx)).toEqual(before);
  });

  it('fails an export already in the survey with the 409 an upload at once answers; replace=true replaces it', async () => {
    const zip = await exportZip();
    const csv = positionsCsv();
    const first = await uploadScenes(s.baseUrl, 'jobsite4', 0, { zip, csv, mode: 'addNewSite', siteName: 'Twice' });
    const site = (await followJob(s.baseUrl, 'jobsite4', first.body.payload.job)).last.result!.site;
    const again = await uploadScenes(s.baseUrl, site, 0, { zip, csv, mode: 'addScene' });
    expect(again.status).toBe(202);
    const refused = (await followJob(s.baseUrl, site, again.body.payload.job)).last;
    expect(refused).toMatchObject({ state: 'failed', error: { status: 409 } });
    expect(refused.error?.message).toMatch(/already in the survey/);

    const form = new FormData();
    form.append('properties', new Blob([csv], { type: 'text/csv' }), 'positions.csv');
    form.append('zipFile', new Blob([new Uint8Array(zip)], { type: 'application/zip' }), 'export.zip');
    form.append('mode', 'addScene');
    form.append('replace', 'true');
    const replacing = await fetchJson(`${s.baseUrl}/api/site/${site}/0/addScenes`, { method: 'POST', body: form });
    expect(replacing.status).toBe(202);
    const replaced = (await followJob(s.baseUrl, site, replacing.body.payload.job)).last;
    expect(replaced).toMatchObject({ state: 'done', result: { scenes: 2, replaced: 2 } });
    expect(await s.ctx.db.selectFrom('survey_nodes').select('id').where('site', '=', site).execute()).toHaveLength(2);
  });

  it('answers a job only under its own site', async () => {
    const up = await uploadScenes(s.baseUrl, 'jobsite3', 0, {
      zip: await exportZip(),
      csv: positionsCsv(),
      mode: 'addNewSite',
      siteName: 'Third',
    });
    expect(up.status).toBe(202);
    await followJob(s.baseUrl, 'jobsite3', up.body.payload.job);
    expect((await fetchJson(`${s.baseUrl}/api/site/othersite/jobs/${up.body.payload.job}`)).status).toBe(404);
    expect((await fetchJson(`${s.baseUrl}/api/site/jobsite3/jobs/00000000-0000-0000-0000-000000000000`)).status).toBe(
      404,
    );
  });
});
