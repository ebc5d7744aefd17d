// What every import job does around its own work: marks itself running, ends in exactly one outcome (done in the
// rows' transaction, failed with the status an upload would have answered, or back in the queue for a retry), and
// removes its uploaded blobs once the outcome is final.
import fsp from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { AppContext } from '../context.ts';
import type { DB } from '../db/database.ts';
import { isPostgres } from '../db/transactions.ts';
import { httpRefusalOf, type HttpRefusal } from '../http/errors.ts';
import { DomainError } from '../services/errors.ts';
import { DISK_FULL_MESSAGE, isDiskFull } from '../storage/diskFull.ts';
import { FolderBlobStore } from '../storage/folderBlobStore.ts';
import { streamToFile } from '../storage/streamToFile.ts';
import type { JobAttempt, JobQueue } from './jobQueue.ts';
import { unitOf } from '../storage/blobUnits.ts';
import { createJob, forgetJob, jobRow, markDone, markFailed, markRetrying, markRunning } from './jobRecords.ts';

/** A refusal of the upload itself (a domain error answered with a 4xx): retrying cannot help. A lost database race
 * (also a 409 to a person waiting on a request) is not one: another attempt may well succeed. */
const refusal = (e: unknown): HttpRefusal | null => {
  const answer = e instanceof DomainError ? httpRefusalOf(e) : null;
  return answer && answer.status >= 400 && answer.status < 500 ? answer : null;
};

class AlreadyDone extends Error {}

/**
 * Publishes each local `file` (moved: gone after) at its `key` of the blob store, named by URL in the job's row (so
 * the sweep keeps them while the job exists), and queues the job; returns its id. On failure nothing is kept.
 */
export async function queueJobWithBlobs(
  ctx: AppContext & { jobs: JobQueue },
  kind: string,
  site: string,
  files: { file: string; key: string }[],
  dataOf: (urls: string[]) => unknown,
): Promise<string> {
  const staging = await ctx.blobs.stage();
  let id: string | undefined;
  try {
    for (const { file, key } of files) {
      await fsp.mkdir(path.dirname(staging.pathFor(key)), { recursive: true });
      await fsp.rename(file, staging.pathFor(key));
    }
    await staging.commit([...new Set(files.map((f) => unitOf(f.key) ?? f.key))]);
    const data = dataOf(files.map((f) => ctx.blobs.url(f.key)));
    id = await createJob(ctx.db, kind, site, data);
    await staging.discard();
    await ctx.jobs.enqueue(kind, id, data);
    return id;
  } catch (e) {
    await staging.rollback();
    // A row no queue holds would say "queued" forever; the upload is answered with the error, so nobody follows it.
    if (id) await forgetJob(ctx.db, id).catch(() => undefined);
    throw e;
  }
}

/** For the rows' transaction: marks the job done there, so a retry after a crash never imports twice. */
export const markDoneOnce =
  (jobId: string) =>
  async (trx: DB, result: unknown): Promise<void> => {
    // Another attempt (this job taken for lost while it ran on) may have finished first: then this one yields.
    let q = trx.selectFrom('jobs').select('state').where('id', '=', jobId);
    if (isPostgres(trx)) q = q.forUpdate();
    if ((await q.executeTakeFirst())?.state === 'done') throw new AlreadyDone();
    await markDone(trx, jobId, result);
  };

/** A local file of the blob `key`: the folder store's own file, or a copy fetched from a bucket (`temp`). */
export async function localBlob(ctx: AppContext, key: string, jobId: string): Promise<{ file: string; temp: boolean }> {
  if (ctx.blobs instanceof FolderBlobStore) return { file: ctx.blobs.pathOf(key), temp: false };
  const file = path.join(ctx.blobs.stagingDir, `job-${jobId}-${randomUUID()}${path.extname(key)}`);
  try {
    await streamToFile(file, await ctx.blobs.read(key));
  } catch (e) {
    await fsp.rm(file, { force: true });
    throw e;
  }
  return { file, temp: true };
}

/**
 * Runs `work` as one attempt of the job; `keys`: the blobs the upload left for it, removed once the job is done or
 * has failed for good. A refusal fails the job at once; anything else is retried unless this attempt is the last.
 */
export async function runJobAttempt(
  ctx: AppContext,
  { jobId, final }: JobAttempt<unknown>,
  keys: string[],
  work: () => Promise<void>,
): Promise<void> {
  const row = await jobRow(ctx.db, jobId);
  if (!row || row.state === 'done' || row.state === 'failed') return;
  await markRunning(ctx.db, jobId);
  // Whole units, as they were published: a photo upload's folder goes with its photos, not left empty.
  const units = [...new Set(keys.map((k) => unitOf(k) ?? k))];
  const removeBlobs = () => Promise.all(units.map((u) => ctx.blobs.remove(u).catch(() => undefined)));
  try {
    await work();
  } catch (e) {
    if (e instanceof AlreadyDone) return;
    const refused = refusal(e);
    if (refused || final) {
      // A disk still full after the retries is told as the upload would have answered it (507), not as a fault.
      const full = isDiskFull(e);
      await markFailed(
        ctx.db,
        jobId,
        refused?.status ?? (full ? 507 : 500),
        refused?.message ??
          (full ? DISK_FULL_MESSAGE : `The import failed: ${(e as Error).message}. Please upload again.`),
      );
      await removeBlobs();
      if (refused) return;
    } else {
      await markRetrying(ctx.db, jobId);
    }
    throw e;
  }
  await removeBlobs();
}
