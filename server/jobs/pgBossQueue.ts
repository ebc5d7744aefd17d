// Jobs on pg-boss (PostgreSQL): every instance's worker takes jobs from one queue per kind. A job whose worker died
// stays active until it expires (JOB_EXPIRE_SECONDS), then pg-boss's maintenance, run by any live instance, retries it.
import PgBoss from 'pg-boss';
import type { JobHandler, JobQueue, JobSettings } from './jobQueue.ts';
import { JOB_QUEUE_SCHEMA } from '../db/ownTables.ts';
import { fromTheDatabase } from '../db/errorOrigin.ts';

interface Envelope {
  jobId: string;
  data: unknown;
}

/** Tries at creating a queue that instances starting together race for. */
const CREATE_ATTEMPTS = 5;

export class PgBossQueue implements JobQueue {
  private boss: PgBoss;
  private handlers = new Map<string, JobHandler>();

  constructor(
    databaseUrl: string,
    private settings: JobSettings,
    private log: (msg: string, err?: unknown) => void,
  ) {
    this.boss = new PgBoss({
      connectionString: databaseUrl,
      schema: JOB_QUEUE_SCHEMA,
      max: 4,
      // Expired jobs are found by maintenance: often enough that a lost job waits at most half its expiry more.
      maintenanceIntervalSeconds: Math.max(1, Math.min(60, Math.floor(settings.expireSeconds / 2))),
    });
    this.boss.on('error', (err) => log('job queue error', fromTheDatabase(err)));
  }

  handle<T>(kind: string, handler: JobHandler<T>): void {
    // A job's data is what enqueue was given for its kind (read back from JSON): the handler's type is trusted.
    this.handlers.set(kind, handler as JobHandler);
  }

  async start(): Promise<void> {
    await this.boss.start();
    for (const [kind, handler] of this.handlers) {
      const policy = {
        retryLimit: this.settings.retryLimit,
        retryDelay: 1,
        expireInSeconds: this.settings.expireSeconds,
      };
      // Instances starting together may both create it: the loser (of a race, or of a deadlock PostgreSQL broke)
      // finds it made, or tries again once the winner has committed.
      for (let attempt = 1; !(await this.boss.getQueue(kind)); attempt++) {
        try {
          await this.boss.createQueue(kind, { name: kind, ...policy });
        } catch (e) {
          if (attempt >= CREATE_ATTEMPTS) throw e;
          await new Promise((r) => setTimeout(r, 50 + Math.random() * 200 * attempt));
        }
      }
      await this.boss.work<Envelope>(
        kind,
        { includeMetadata: true, batchSize: 1, pollingIntervalSeconds: 1 },
        async ([job]) => {
          await handler({ jobId: job.data.jobId, data: job.data.data, final: job.retryCount >= job.retryLimit });
        },
      );
    }
  }

  async enqueue(kind: string, jobId: string, data: unknown): Promise<void> {
    const id = await this.boss.send(kind, { jobId, data } satisfies Envelope);
    if (!id) throw new Error(`the job queue refused job ${jobId}`);
  }

  async stop(timeoutMs: number): Promise<void> {
    // Graceful: no new jobs are fetched; running ones may finish within the timeout, after which pg-boss fails them
    // (to be retried by another instance).
    await this.boss
      .stop({ graceful: true, wait: true, timeout: timeoutMs, close: true })
      .catch((err) => this.log('job queue stop failed', err));
  }
}
