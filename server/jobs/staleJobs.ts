// Jobs whose every attempt expired on pg-boss: pg-boss gives up without calling the handler again, so nothing would
// end the row, which would say "running" forever. A periodic sweep ends such rows as failed.
import type { DB } from '../db/database.ts';
import type { JobSettings } from './jobQueue.ts';

/** Slack beyond the attempts' expiries, for pg-boss's maintenance (which notices an expiry late). */
export const STALE_MARGIN_MS = 5 * 60_000;

export const STALE_MESSAGE =
  'The import stopped answering: every attempt at it ran out of time. Please upload again, perhaps fewer or smaller files.';

/** Rows last written before this have outlived every attempt they could have had (progress writes refresh it). */
export function staleCutoff(now: number, s: JobSettings): string {
  return new Date(now - s.expireSeconds * 1000 * (s.retryLimit + 1) - STALE_MARGIN_MS).toISOString();
}

/**
 * Fails the rows not written since the cutoff that an attempt began (running, or queued for a retry); a job still
 * waiting for its first attempt may wait behind others for as long as it takes. Returns how many it failed.
 */
export async function failStaleJobs(db: DB, s: JobSettings, now = Date.now()): Promise<number> {
  const rows = await db
    .updateTable('jobs')
    .set({ state: 'failed', error_status: 500, error_message: STALE_MESSAGE, updated_at: new Date(now).toISOString() })
    .where('updated_at', '<', staleCutoff(now, s))
    .where((eb) => eb.or([eb('state', '=', 'running'), eb.and([eb('state', '=', 'queued'), eb('attempts', '>', 0)])]))
    .executeTakeFirst();
  return Number(rows.numUpdatedRows);
}

/** Sweeps now and then (about twice per expiry, at most every five minutes); `stop` ends it. */
export function sweepStaleJobs(db: DB, s: JobSettings, log: (msg: string, err?: unknown) => void): () => void {
  const everyMs = Math.max(1, Math.min(300, Math.floor(s.expireSeconds / 2))) * 1000;
  const timer = setInterval(() => {
    failStaleJobs(db, s).then(
      (n) => n && log(`${n} job(s) ran out of time on every attempt and were marked failed`),
      (err) => log('could not sweep jobs that ran out of time', err),
    );
  }, everyMs).unref();
  return () => clearInterval(timer);
}
