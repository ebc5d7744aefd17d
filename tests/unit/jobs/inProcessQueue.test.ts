// The in-process queue at start: a job whose every attempt began and none ended (each stopped the server) fails
// instead of running again, so a job that kills the process cannot kill every start after it.
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { tempDatabasePerTest } from './tempDatabase';
import { InProcessQueue } from '../../../server/jobs/inProcessQueue';
import { createJob, jobRow } from '../../../server/jobs/jobRecords';

const database = tempDatabasePerTest();

const begun = async (attempts: number) => {
  const id = await createJob(database(), 'work', 'site', { n: attempts });
  await sql`update jobs set state = 'running', attempts = ${attempts} where id = ${id}`.execute(database());
  return id;
};

it('fails at start a job whose attempts are used up, and runs one that has some left', async () => {
  const spent = await begun(3);
  const left = await begun(2);
  const ran: { jobId: string; final: boolean }[] = [];
  const queue = new InProcessQueue(database(), { retryLimit: 2, expireSeconds: 60 }, () => {});
  queue.handle('work', async ({ jobId, final }) => {
    ran.push({ jobId, final });
  });
  await queue.start();
  await expect.poll(() => ran.length).toBe(1);
  await queue.stop(1000);
  expect(ran).toEqual([{ jobId: left, final: true }]);
  const row = await jobRow(database(), spent);
  expect(row).toMatchObject({ state: 'failed', error_status: 500 });
  expect(row?.error_message).toMatch(/server stopped while this ran, after 3 attempts/);
});
