// A job's row ends once: a late attempt (one taken for lost while it ran on) cannot turn a done job failed or queued.
import { expect, it } from 'vitest';
import { tempDatabasePerTest } from './tempDatabase';
import {
  createJob,
  jobRow,
  markDone,
  markFailed,
  markRetrying,
  markRunning,
  reportProgress,
} from '../../../server/jobs/jobRecords';

const database = tempDatabasePerTest();

it('leaves a done job done when a late attempt fails or retries', async () => {
  const id = await createJob(database(), 'tile-photos', 'site', {});
  await markRunning(database(), id);
  await markDone(database(), id, { scenes: 2 });
  await markFailed(database(), id, 500, 'late failure');
  await markRetrying(database(), id);
  expect(await jobRow(database(), id)).toMatchObject({ state: 'done', error_message: null, result: '{"scenes":2}' });
});

it('leaves a failed job with its first reason', async () => {
  const id = await createJob(database(), 'tile-photos', 'site', {});
  await markFailed(database(), id, 400, 'first');
  await markFailed(database(), id, 500, 'second');
  await markRetrying(database(), id);
  expect(await jobRow(database(), id)).toMatchObject({ state: 'failed', error_status: 400, error_message: 'first' });
});

it('fails a queued or running job, and queues a running one again', async () => {
  const queued = await createJob(database(), 'tile-photos', 'site', {});
  await markFailed(database(), queued, 500, 'stopped');
  expect((await jobRow(database(), queued))?.state).toBe('failed');
  const running = await createJob(database(), 'tile-photos', 'site', {});
  await markRunning(database(), running);
  await markRetrying(database(), running);
  expect((await jobRow(database(), running))?.state).toBe('queued');
});

it('tells a done job as all done, also when its last progress write lands after', async () => {
  const id = await createJob(database(), 'ingest', 'site', {});
  await markRunning(database(), id);
  await reportProgress(database(), id, 1, 14);
  await markDone(database(), id, {});
  await reportProgress(database(), id, 14, 14); // too late: only a running job's progress is written
  expect(await jobRow(database(), id)).toMatchObject({ state: 'done', progress_done: 14, progress_total: 14 });
});
