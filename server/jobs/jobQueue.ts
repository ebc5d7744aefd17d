// The job interface: long work runs as jobs, on pg-boss with PostgreSQL (any instance's worker takes it; a job whose
// worker died is retried once it expires) or in this process with SQLite. Each job has a row in `jobs` (jobRecords.ts)
// that says where it stands, whichever queue runs it.

/** One attempt at a job. `final`: no retry follows a failure of this attempt. */
export interface JobAttempt<T> {
  jobId: string;
  data: T;
  final: boolean;
}

export type JobHandler<T = unknown> = (attempt: JobAttempt<T>) => Promise<void>;

export interface JobQueue {
  /** Registers what runs jobs of `kind` (before start). `background`: waits while other jobs are queued here. */
  handle<T>(kind: string, handler: JobHandler<T>, opts?: { background?: boolean }): void;
  /** Starts taking jobs. */
  start(): Promise<void>;
  /** Queues a job whose row (jobRecords.createJob) exists. */
  enqueue(kind: string, jobId: string, data: unknown): Promise<void>;
  /** Stops taking jobs and waits (up to `timeoutMs`) for the ones running here to end. */
  stop(timeoutMs: number): Promise<void>;
}

/** How jobs are retried and when a silent worker's job counts as lost. */
export interface JobSettings {
  /** A job running longer than this is taken for lost (its worker died) and retried (JOB_EXPIRE_SECONDS). */
  expireSeconds: number;
  /** Attempts after the first (JOB_RETRY_LIMIT). */
  retryLimit: number;
}
