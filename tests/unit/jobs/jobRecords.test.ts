// A job's row ends once: a late attempt (one taken for lost while it ran on) cannot turn a done job failed or queued.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { openDatabase, type DB } from '../../../server/db/database';
import { createJob, jobRow, markDone, markFailed, markRetrying, markRunning } from '../../../server/jobs/jobRecords';

let dir: string;
let db: DB;
beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'survey-jobs-'));
  db = await openDatabase({ dataDir: dir });
});
afterEach(async () => {
  await db.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
});

it('leaves a done job done when a late attempt fails or retries', async () => {
  const id = await createJob(db, 'tile-photos', 'site', {});
  await markRunning(db, id);
  await markDone(db, id, { scenes: 2 });
  await markFailed(db, id, 500, 'late failure');
  await markRetrying(db, id);
  expect(await jobRow(db, id)).toMatchObject({ state: 'done', error_message: null, result: '{"scenes":2}' });
});

it('leaves a failed job with its first reason', async () => {
  const id = await createJob(db, 'tile-photos', 'site', {});
  await markFailed(db, id, 400, 'first');
  await markFailed(db, id, 500, 'second');
  await markRetrying(db, id);
  expect(await jobRow(db, id)).toMatchObject({ state: 'failed', error_status: 400, error_message: 'first' });
});

it('fails a queued or running job, and queues a running one again', async () => {
  const queued = await createJob(db, 'tile-photos', 'site', {});
  await markFailed(db, queued, 500, 'stopped');
  expect((await jobRow(db, queued))?.state).toBe('failed');
  const running = await createJob(db, 'tile-photos', 'site', {});
  await markRunning(db, running);
  await markRetrying(db, running);
  expect((await jobRow(db, running))?.state).toBe('queued');
});
