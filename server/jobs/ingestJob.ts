// The ingest of a big upload as a job. The route publishes the zip to the blob store (incoming/<uuid>.zip, named by
// URL in the job's row so the sweep keeps it while the job exists) and answers 202; any instance's worker fetches it,
// imports it (services/ingest) and marks the job done in the same transaction as the rows, so a retry after a
// crash never imports twice. The zip is removed once the outcome is known.
import fsp from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { AppContext } from '../context.ts';
import { isPostgres } from '../db/transactions.ts';
import { FolderBlobStore } from '../storage/folderBlobStore.ts';
import { ingestExport, type IngestMode } from '../services/ingest/ingestExport.ts';
import { DomainError } from '../services/errors.ts';
import { httpRefusalOf, type HttpRefusal } from '../http/errors.ts';
import { DISK_FULL_MESSAGE, isDiskFull } from '../storage/diskFull.ts';
import type { JobAttempt, JobQueue } from './jobQueue.ts';
import { createJob, jobRow, markDone, markFailed, markRetrying, markRunning, progressWriter } from './jobRecords.ts';
import { streamToFile } from '../storage/streamToFile.ts';

export const INGEST_JOB = 'ingest';

export interface IngestJobData {
  zipUrl: string;
  csvText: string;
  site: string;
  floor: number;
  mode: IngestMode;
  siteName?: string;
  exactSiteId?: boolean;
  /** Replace an export already in the survey (else the job fails with the 409 an upload at once answers). */
  replace?: boolean;
}

/** How often progress is written (each write is a row update any instance may read). */
const PROGRESS_EVERY_MS = 500;

/** Publishes the zip at `zipPath` (moved: the caller's file is gone after) and queues its import; returns the job id. */
export async function startIngestJob(
  ctx: AppContext & { jobs: JobQueue },
  zipPath: string,
  req: Omit<IngestJobData, 'zipUrl'>,
): Promise<string> {
  const key = `incoming/${randomUUID()}.zip`;
  const staging = await ctx.blobs.stage();
  try {
    await fsp.mkdir(path.dirname(staging.pathFor(key)), { recursive: true });
    await fsp.rename(zipPath, staging.pathFor(key));
    await staging.commit([key]);
    const data: IngestJobData = { ...req, zipUrl: ctx.blobs.url(key) };
    const id = await createJob(ctx.db, INGEST_JOB, req.site, data);
    await staging.discard();
    await ctx.jobs.enqueue(INGEST_JOB, id, data);
    return id;
  } catch (e) {
    await staging.rollback();
    throw e;
  }
}

/** A refusal of the upload itself (a domain error answered with a 4xx): retrying cannot help. A lost database race
 * (also a 409 to a person waiting on a request) is not one: another attempt may well succeed. */
const refusal = (e: unknown): HttpRefusal | null => {
  const answer = e instanceof DomainError ? httpRefusalOf(e) : null;
  return answer && answer.status >= 400 && answer.status < 500 ? answer : null;
};

class AlreadyDone extends Error {}

export async function runIngestJob(ctx: AppContext, { jobId, data, final }: JobAttempt<IngestJobData>): Promise<void> {
  const row = await jobRow(ctx.db, jobId);
  if (!row || row.state === 'done' || row.state === 'failed') return;
  await markRunning(ctx.db, jobId);
  const key = ctx.blobs.keyOfUrl(data.zipUrl)!;
  // The folder store's file is read in place; from a bucket it is fetched into this process's staging first.
  const local =
    ctx.blobs instanceof FolderBlobStore
      ? undefined
      : path.join(ctx.blobs.stagingDir, `job-${jobId}-${randomUUID()}.zip`);
  try {
    if (local) await streamToFile(local, await ctx.blobs.read(key));
    await ingestExport(ctx, {
      zipPath: local ?? (ctx.blobs as FolderBlobStore).pathOf(key),
      csvText: data.csvText,
      site: data.site,
      floor: data.floor,
      mode: data.mode,
      siteName: data.siteName,
      exactSiteId: data.exactSiteId,
      replace: data.replace,
      onProgress: progressWriter(ctx.db, jobId, PROGRESS_EVERY_MS),
      onRowsWritten: async (trx, result) => {
        // Another attempt (this job taken for lost while it ran on) may have finished first: then this one yields.
        let q = trx.selectFrom('jobs').select('state').where('id', '=', jobId);
        if (isPostgres(trx)) q = q.forUpdate();
        if ((await q.executeTakeFirst())?.state === 'done') throw new AlreadyDone();
        await markDone(trx, jobId, result);
      },
    });
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
      await ctx.blobs.remove(key).catch(() => undefined);
      if (refused) return;
    } else {
      await markRetrying(ctx.db, jobId);
    }
    throw e;
  } finally {
    if (local) await fsp.rm(local, { force: true });
  }
  await ctx.blobs.remove(key).catch(() => undefined);
}
