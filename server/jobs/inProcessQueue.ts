// The in-process queue (SQLite: one process owns the database): jobs run here one at a time, in order. A job left
// unfinished by a stop or a crash is run again at the next start, from its row.
import type { DB } from '../db/database.ts';
import type { JobHandler, JobQueue, JobSettings } from './jobQueue.ts';
import { markFailed, unfinishedJobs } from './jobRecords.ts';

const stoppedMessage = (times: number) =>
  `The server stopped while this ran, after ${times} attempts in all, so it is not tried again. ` +
  'Please upload again, perhaps fewer or smaller files.';

export class InProcessQueue implements JobQueue {
  private handlers = new Map<string, JobHandler>();
  /** Kinds that wait while others are queued (an upload's import must not wait behind a library's AVIF copies). */
  private background = new Set<string>();
  private waiting: { kind: string; jobId: string; data: unknown; attempt: number }[] = [];
  private running: Promise<void> | null = null;
  private stopped = true;

  constructor(
    private db: DB,
    private settings: JobSettings,
    private log: (msg: string, err?: unknown) => void,
  ) {}

  handle<T>(kind: string, handler: JobHandler<T>, opts: { background?: boolean } = {}): void {
    // A job's data is what enqueue was given for its kind (read back from JSON): the handler's type is trusted.
    this.handlers.set(kind, handler as JobHandler);
    if (opts.background) this.background.add(kind);
  }

  async start(): Promise<void> {
    this.stopped = false;
    for (const r of await unfinishedJobs(this.db)) {
      // Every attempt it had began and none ended: each stopped the server (a job that kills the process by its
      // memory would otherwise kill every start after it).
      if (r.attempts > this.settings.retryLimit) {
        await markFailed(this.db, r.id, 500, stoppedMessage(r.attempts));
        continue;
      }
      this.waiting.push({ kind: r.kind, jobId: r.id, data: JSON.parse(r.data), attempt: r.attempts });
    }
    this.pump();
  }

  async enqueue(kind: string, jobId: string, data: unknown): Promise<void> {
    this.waiting.push({ kind, jobId, data, attempt: 0 });
    this.pump();
  }

  private pump(): void {
    if (this.running || this.stopped || !this.waiting.length) return;
    const next = this.waiting.findIndex((j) => !this.background.has(j.kind));
    const [job] = this.waiting.splice(Math.max(next, 0), 1);
    this.running = (async () => {
      const handler = this.handlers.get(job.kind);
      const final = job.attempt >= this.settings.retryLimit;
      try {
        if (!handler) throw new Error(`no handler for jobs of kind ${job.kind}`);
        await handler({ jobId: job.jobId, data: job.data, final });
      } catch (err) {
        this.log(`job ${job.jobId} (${job.kind}) failed${final ? '' : '; it will be retried'}`, err);
        if (!final) this.waiting.push({ ...job, attempt: job.attempt + 1 });
      }
    })().finally(() => {
      this.running = null;
      this.pump();
    });
  }

  async stop(timeoutMs: number): Promise<void> {
    this.stopped = true;
    if (this.running) await Promise.race([this.running, new Promise((r) => setTimeout(r, timeoutMs).unref())]);
  }
}
