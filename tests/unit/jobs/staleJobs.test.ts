// Rows of jobs whose every attempt expired on pg-boss are failed by the sweep; rows still within reach are kept.
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { createJob, jobRow } from '../../../server/jobs/jobRecords';
import { failStaleJobs, staleCutoff, STALE_MESSAGE } from '../../../server/jobs/staleJobs';
import { tempDatabasePerTest } from './tempDatabase';

const database = tempDatabasePerTest();
const settings = { expireSeconds: 3600, retryLimit: 2 };
const now = Date.parse('2026-01-01T12:00:00Z');

const row = async (state: string, attempts: number, hoursAgo: number) => {
  const id = await createJob(database(), 'tile-photos', 'site', {});
  const at = new Date(now - hoursAgo * 3600_000).toISOString();
  await sql`update jobs set state = ${state}, attempts = ${attempts}, updated_at = ${at} where id = ${id}`.execute(
    database(),
  );
  return id;
};

it('waits for every attempt to expire, plus a margin', () => {
  expect(staleCutoff(now, settings)).toBe('2026-01-01T08:55:00.000Z');
});

it('fails running and retrying rows past the cutoff, and nothing else', async () => {
  const lost = await row('running', 3, 4);
  const retrying = await row('queued', 1, 4);
  const waiting = await row('queued', 0, 4);
  const recent = await row('running', 1, 2);
  const done = await row('done', 1, 10);
  expect(await failStaleJobs(database(), settings, now)).toBe(2);
  expect(await jobRow(database(), lost)).toMatchObject({
    state: 'failed',
    error_status: 500,
    error_message: STALE_MESSAGE,
  });
  expect((await jobRow(database(), retrying))?.state).toBe('failed');
  expect((await jobRow(database(), waiting))?.state).toBe('queued');
  expect((await jobRow(database(), recent))?.state).toBe('running');
  expect((await jobRow(database(), done))?.state).toBe('done');
});
