// The ingest of a big upload as a job. The route publishes the zip to the blob store (incoming/<uuid>.zip, named by
// URL in the job's row so the sweep keeps it while the job exists) and answers 202; any instance's worker fetches it,
// imports it (services/ingest) and marks the job done in the same transaction as the rows, so a retry after a
// crash never imports twice. The zip is removed once the outcome is known.
import fsp from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import type { AppContext } from '../context.ts';
import { ingestExport, type IngestMode } from '../services/ingest/ingestExport.ts';
import type { JobAttempt, JobQueue } from './jobQueue.ts';
import type { SurveyReplacement } from '../services/editing/surveyReplacement.ts';
import { progressWriter } from './jobRecords.ts';
import { localBlob, markDoneOnce, queueJobWithBlobs, runJobAttempt } from './jobAttempt.ts';

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
  /** Scenes without a CSV row come in unplaced on this date (yyyy-mm-dd). */
  unplacedDate?: string;
  /** The export replaces this survey whole. */
  replaceSurvey?: SurveyReplacement;
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
  return queueJobWithBlobs(ctx, INGEST_JOB, req.site, [{ file: zipPath, key }], (urls) => ({
    ...req,
    zipUrl: urls[0],
  }));
}

export async function runIngestJob(ctx: AppContext, attempt: JobAttempt<IngestJobData>): Promise<void> {
  const { jobId, data } = attempt;
  const key = ctx.blobs.keyOfUrl(data.zipUrl)!;
  await runJobAttempt(ctx, attempt, [key], async () => {
    // The folder store's file is read in place; from a bucket it is fetched into this process's staging first.
    const zip = await localBlob(ctx, key, jobId);
    try {
      await ingestExport(ctx, {
        zipPath: zip.file,
        csvText: data.csvText,
        site: data.site,
        floor: data.floor,
        mode: data.mode,
        siteName: data.siteName,
        exactSiteId: data.exactSiteId,
        replace: data.replace,
        unplacedDate: data.unplacedDate,
        replaceSurvey: data.replaceSurvey,
        onProgress: progressWriter(ctx.db, jobId, PROGRESS_EVERY_MS),
        onRowsWritten: markDoneOnce(jobId),
      });
    } finally {
      if (zip.temp) await fsp.rm(zip.file, { force: true });
    }
  });
}
