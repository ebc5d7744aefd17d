// The jobs table: what a job is doing, as any instance can tell the person waiting for it.
import { randomUUID } from 'node:crypto';
import type { DB } from '../db/database.ts';
import type { JobTable } from '../db/schema.ts';

export interface JobView {
  id: string;
  kind: string;
  site: string;
  state: JobTable['state'];
  progress: { done: number; total: number };
  result?: unknown;
  error?: { status: number; message: string };
  /** A photo upload's photos, each with its own progress. */
  photos?: unknown[];
}

const now = () => new Date().toISOString();

/** `id`: a job that must exist once only (a second insert of it fails with a unique violation). */
export async function createJob(
  db: DB,
  kind: string,
  site: string,
  data: unknown,
  id: string = randomUUID(),
): Promise<string> {
  const at = now();
  await db
    .insertInto('jobs')
    .values({
      id,
      kind,
      site,
      state: 'queued',
      data: JSON.stringify(data),
      progress_done: 0,
      progress_total: 0,
      detail: null,
      result: null,
      error_status: null,
      error_message: null,
      attempts: 0,
      created_at: at,
      updated_at: at,
    })
    .execute();
  return id;
}

export async function jobRow(db: DB, id: string): Promise<JobTable | undefined> {
  return db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst();
}

export function viewOf(r: JobTable): JobView {
  return {
    id: r.id,
    kind: r.kind,
    site: r.site,
    state: r.state,
    progress: { done: r.progress_done, total: r.progress_total },
    ...(r.result !== null ? { result: JSON.parse(r.result) } : {}),
    ...(r.error_message !== null ? { error: { status: r.error_status ?? 500, message: r.error_message } } : {}),
    ...(r.detail !== null ? { photos: JSON.parse(r.detail) as unknown[] } : {}),
  };
}

/** An attempt starts (again, after a crash or a lost worker). */
export async function markRunning(db: DB, id: string): Promise<void> {
  await db
    .updateTable('jobs')
    .set((eb) => ({ state: 'running', attempts: eb('attempts', '+', 1), updated_at: now() }))
    .where('id', '=', id)
    .where('state', 'in', ['queued', 'running'])
    .execute();
}

/**
 * A progress callback that writes the job's row at most every `everyMs` (each write is a row update any instance may
 * read), and always the last step; a write that fails is dropped (progress is advisory).
 */
export function progressWriter(db: DB, id: string, everyMs: number): (done: number, total: number) => void {
  let lastWrite = 0;
  return (done, total) => {
    if (done < total && Date.now() - lastWrite < everyMs) return;
    lastWrite = Date.now();
    void reportProgress(db, id, done, total).catch(() => undefined);
  };
}

export async function reportProgress(db: DB, id: string, done: number, total: number): Promise<void> {
  await db
    .updateTable('jobs')
    .set({ progress_done: done, progress_total: total, updated_at: now() })
    .where('id', '=', id)
    .where('state', '=', 'running')
    .execute();
}

/**
 * Done, with its result; `db` may be the transaction of the job's own writes (done exactly when they commit). A done
 * job has done all its steps: the last progress write, sent without waiting, may land after this and be refused.
 */
export async function markDone(db: DB, id: string, result: unknown): Promise<void> {
  await db
    .updateTable('jobs')
    .set((eb) => ({
      state: 'done',
      result: JSON.stringify(result),
      progress_done: eb.ref('progress_total'),
      updated_at: now(),
    }))
    .where('id', '=', id)
    .execute();
}

/** Only a job still under way fails: a late attempt (one taken for lost) must not undo another's done. */
export async function markFailed(db: DB, id: string, status: number, message: string): Promise<void> {
  await db
    .updateTable('jobs')
    .set({ state: 'failed', error_status: status, error_message: message, updated_at: now() })
    .where('id', '=', id)
    .where('state', 'in', ['queued', 'running'])
    .execute();
}

/** Removes a job's record (a job that may be queued again later under the same id). */
export async function forgetJob(db: DB, id: string): Promise<void> {
  await db.deleteFrom('jobs').where('id', '=', id).execute();
}

/** Back in the queue after an attempt that will be retried; a job another attempt ended stays ended. */
export async function markRetrying(db: DB, id: string): Promise<void> {
  await db
    .updateTable('jobs')
    .set({ state: 'queued', updated_at: now() })
    .where('id', '=', id)
    .where('state', 'in', ['queued', 'running'])
    .execute();
}

/** Jobs not finished (the in-process queue runs them again at start). */
export async function unfinishedJobs(db: DB): Promise<JobTable[]> {
  return db.selectFrom('jobs').selectAll().where('state', 'in', ['queued', 'running']).orderBy('created_at').execute();
}
