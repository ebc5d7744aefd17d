// The AVIF copies as jobs: one per scene (services/avifTiles.ts does the work). `wake()` queues a job for every scene
// still without a copy and without a job of its own: after each import in this process, at start, and every few
// minutes (for scenes imported by `npm run import` or by another instance that died before queueing). A scene's job
// has an id of its own (avifJobId), so instances queueing it at the same moment make one job: the others'
// insert fails. A job that failed for good (a tile that is not what its level says, or not a picture) leaves the
// scene in JPEG at once, with one warning; so does a scene whose tiles are too large to encode in bounded memory.
import type { AppContext } from '../context.ts';
import { makeAvifCopy, UnfitTile } from '../services/avifTiles.ts';
import { isUniqueViolation } from '../db/dbErrors.ts';
import type { JobAttempt, JobQueue } from './jobQueue.ts';
import {
  createJob,
  forgetJob,
  jobRow,
  markDone,
  markFailed,
  markRetrying,
  markRunning,
  progressWriter,
} from './jobRecords.ts';
import { isDiskFull } from '../storage/diskFull.ts';

export const AVIF_JOB = 'avif-tiles';

export interface AvifJobData {
  tilesId: string;
}

/** The one job of a scene's copy. */
const avifJobId = (tilesId: string) => `${AVIF_JOB}-${tilesId}`;

/** How often scenes without a copy are looked for besides the imports this process hears of. */
const RESCAN_MS = 5 * 60_000;
const PROGRESS_EVERY_MS = 1000;

export interface AvifTiles {
  wake(): void;
  stop(): void;
}

/** Registers the job kind on `jobs` (before it starts) and returns what queues the jobs. */
export function avifTiles(
  ctx: AppContext & { jobs: JobQueue },
  log: (msg: string, err?: unknown) => void,
  warn: (msg: string) => void = () => {},
): AvifTiles {
  let stopping = false;
  let scanning: Promise<void> | null = null;
  let again = false;
  ctx.jobs.handle<AvifJobData>(AVIF_JOB, (attempt) => runAvifJob(ctx, attempt, () => !stopping, warn), {
    background: true,
  });

  const scan = async () => {
    const queued = new Set(
      (await ctx.db.selectFrom('jobs').select('id').where('kind', '=', AVIF_JOB).execute()).map((r) => r.id),
    );
    const scenes = await ctx.db
      .selectFrom('survey_nodes')
      .select(['tiles_id', 'site'])
      .where('tile_format', '=', 'jpg')
      .execute();
    for (const s of scenes) {
      const id = avifJobId(s.tiles_id);
      if (stopping || queued.has(id)) continue;
      const data: AvifJobData = { tilesId: s.tiles_id };
      try {
        await createJob(ctx.db, AVIF_JOB, s.site, data, id);
      } catch (e) {
        if (isUniqueViolation(e)) continue; // another instance queued it a moment ago
        throw e;
      }
      // Forgotten if the queue refuses it: the next scan queues it again (a row is what keeps a scan from it).
      await ctx.jobs.enqueue(AVIF_JOB, id, data).catch(async (e: unknown) => {
        await forgetJob(ctx.db, id).catch(() => undefined);
        throw e;
      });
    }
  };
  const wake = () => {
    if (stopping) return;
    if (scanning) {
      again = true;
      return;
    }
    scanning = scan()
      .catch((err) => log('could not queue the AVIF copies of tiles', err))
      .finally(() => {
        scanning = null;
        if (again) {
          again = false;
          wake();
        }
      });
  };
  const timer = setInterval(wake, RESCAN_MS).unref();
  return {
    wake,
    stop() {
      stopping = true;
      clearInterval(timer);
    },
  };
}

export async function runAvifJob(
  ctx: AppContext,
  { jobId, data, final }: JobAttempt<AvifJobData>,
  stillWanted: () => boolean,
  warn: (msg: string) => void = () => {},
): Promise<void> {
  const row = await jobRow(ctx.db, jobId);
  if (!row || row.state === 'done' || row.state === 'failed') return;
  // Each start of an attempt is counted first: a tile that kills the process (and every restart with it) stops here.
  if (row.attempts > ctx.config.jobs.retryLimit) {
    await markFailed(ctx.db, jobId, 500, 'The AVIF copy of the tiles was given up after repeated attempts.');
    return;
  }
  await markRunning(ctx.db, jobId);
  try {
    const outcome = await makeAvifCopy(
      ctx,
      data.tilesId,
      progressWriter(ctx.db, jobId, PROGRESS_EVERY_MS),
      stillWanted,
    );
    await markDone(ctx.db, jobId, { outcome });
    if (outcome === 'too large')
      warn(`scene ${data.tilesId} stays in JPEG: its levels allow tiles too large for an AVIF copy`);
  } catch (e) {
    if (isDiskFull(e)) {
      // Not the scene's fault and no retry soon can help: the job is forgotten (its copies were taken back), so the
      // next scan (in a few minutes, or at the next start) queues it again, once there may be room.
      await forgetJob(ctx.db, jobId).catch(() => undefined);
      warn(`scene ${data.tilesId}: its AVIF copy waits, the disk is full`);
      return;
    }
    const unfit = e instanceof UnfitTile;
    if (final || unfit)
      await markFailed(ctx.db, jobId, 500, `The AVIF copy of the tiles failed: ${(e as Error).message}.`);
    else await markRetrying(ctx.db, jobId);
    if (!unfit) throw e;
    // No attempt can make the picture fit: one line, no stack, and the scene stays in JPEG.
    warn(`scene ${data.tilesId} stays in JPEG: ${(e as Error).message}`);
  }
}
