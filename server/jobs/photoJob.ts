// The import of a photo upload as a job (always: tiling takes seconds per photo). The route has checked each photo's
// header and the CSV, published the photos (incoming/<uuid>/<n>.<ext>) and answered 202; any instance's worker
// tiles them into staging, several at once, telling each photo's progress (jobs.detail), then writes the scenes
// through the pipeline exports share, marking the job done in the same transaction, so a retry after a crash never
// imports twice. A photo that does not decode fails the job naming it; the photos are removed once the outcome is known.
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { floorOrZero } from '../../contract/floors.ts';
import type { AppContext } from '../context.ts';
import { unitOf } from '../storage/blobUnits.ts';
import { commitScenes } from '../services/ingest/commitScenes.ts';
import { matchPhotoRows, photoScene } from '../services/ingest/photoScenes.ts';
import { parsePositionsCsv } from '../services/ingest/positionsCsv.ts';
import type { IngestMode } from '../services/ingest/sceneToWrite.ts';
import { stagePhotoTiles } from '../services/ingest/stagePhotoTiles.ts';
import { inspectPhoto } from '../services/tiler/inspectPhoto.ts';
import { photoTileCount } from '../services/tiler/tilePhoto.ts';
import type { JobAttempt, JobQueue } from './jobQueue.ts';
import type { SurveyReplacement } from '../services/editing/surveyReplacement.ts';
import { localBlob, markDoneOnce, queueJobWithBlobs, runJobAttempt } from './jobAttempt.ts';
import { PhotoProgressBoard } from './photoProgressBoard.ts';
import { PhotoProgressWriter } from './photoProgressWriter.ts';

export const PHOTO_JOB = 'tile-photos';

export interface PhotoJobData {
  /** In upload order: the stored photo and its file name as uploaded. */
  photos: { url: string; name: string }[];
  csvText?: string;
  site: string;
  floor: number;
  mode: IngestMode;
  siteName?: string;
  exactSiteId?: boolean;
  /** yyyy-mm-dd of photos without a CSV row. */
  date?: string;
  surveyName?: string;
  /** Of the photos' bytes (photoFingerprint.ts): the same photos again are refused (409) unless `replace`. */
  fingerprint?: string;
  replace?: boolean;
  /** The photos replace this survey whole. */
  replaceSurvey?: SurveyReplacement;
}

/** How often progress is written (each write is a row update any instance may read). */
const PROGRESS_EVERY_MS = 500;

/** A stored photo keeps its extension when it is a plain one (for whoever looks at the bucket). */
const extOf = (name: string) => {
  const ext = path.extname(name).toLowerCase();
  return /^\.[a-z0-9]{1,5}$/.test(ext) ? ext : '';
};

/** Publishes the photos (moved: the caller's files are gone after) and queues their import; returns the job id. */
export async function startPhotoJob(
  ctx: AppContext & { jobs: JobQueue },
  photos: { file: string; name: string }[],
  req: Omit<PhotoJobData, 'photos'>,
): Promise<string> {
  const folder = `incoming/${randomUUID()}`;
  const files = photos.map((p, i) => ({ file: p.file, key: `${folder}/${i}${extOf(p.name)}` }));
  return queueJobWithBlobs(ctx, PHOTO_JOB, req.site, files, (urls) => ({
    ...req,
    photos: photos.map((p, i) => ({ url: urls[i], name: p.name })),
  }));
}

export async function runPhotoJob(ctx: AppContext, attempt: JobAttempt<PhotoJobData>): Promise<void> {
  const { jobId, data } = attempt;
  const keys = data.photos.map((p) => ctx.blobs.keyOfUrl(p.url)!);
  // Removed as their folder (incoming/<uuid>), so that a folder store keeps no empty directory.
  const folders = [...new Set(keys.map((k) => unitOf(k) ?? k))];
  await runJobAttempt(ctx, attempt, folders, async () => {
    const locals: { file: string; temp: boolean }[] = [];
    try {
      for (const key of keys) locals.push(await localBlob(ctx, key, jobId));
      await tileAndCommit(
        ctx,
        jobId,
        data,
        locals.map((l) => l.file),
      );
    } finally {
      for (const l of locals) if (l.temp) await fsp.rm(l.file, { force: true });
    }
  });
}

async function tileAndCommit(ctx: AppContext, jobId: string, data: PhotoJobData, files: string[]): Promise<void> {
  const names = data.photos.map((p) => p.name);
  const floor = floorOrZero(data.floor);
  // Checked by the route already; again here, as the plans are not kept in the job's row.
  const plans = await Promise.all(files.map((f, i) => inspectPhoto(f, names[i])));
  const rows = matchPhotoRows(names, data.csvText === undefined ? undefined : parsePositionsCsv(data.csvText, floor));
  const scenes = plans.map((p, i) => photoScene(p, rows[i], { date: data.date, floor, surveyName: data.surveyName }));
  const board = new PhotoProgressBoard(names, plans.map(photoTileCount));
  const progress = new PhotoProgressWriter(ctx.db, jobId, board, PROGRESS_EVERY_MS);
  await progress.flush();
  const staging = await ctx.blobs.stage();
  try {
    await stagePhotoTiles(
      files.map((file, i) => ({ file, plan: plans[i], tilesId: scenes[i].tilesId })),
      staging,
      {
        progress: (i, done) => {
          board.tiling(i, done);
          progress.changed();
        },
        failed: (i, e) => board.failed(i, e.message),
      },
      Math.min(ctx.config.tileParallel, os.availableParallelism()),
    );
  } catch (e) {
    await staging.discard();
    await progress.flush();
    throw e;
  }
  await progress.flush();
  const target = {
    site: data.site,
    mode: data.mode,
    siteName: data.siteName,
    exactSiteId: data.exactSiteId,
    replace: data.replace,
    replaceSurvey: data.replaceSurvey,
  };
  const batch = { scenes, fingerprint: data.fingerprint ?? null };
  await commitScenes(ctx, staging, target, batch, markDoneOnce(jobId));
}
