// Which job queue this process uses: pg-boss on PostgreSQL, in process on SQLite.
import type { DB } from '../db/database.ts';
import type { JobQueue, JobSettings } from './jobQueue.ts';
import { InProcessQueue } from './inProcessQueue.ts';
import { PgBossQueue } from './pgBossQueue.ts';

export function openJobQueue(
  config: { databaseUrl?: string; jobs: JobSettings },
  db: DB,
  log: (msg: string, err?: unknown) => void,
): JobQueue {
  return config.databaseUrl && /^postgres(ql)?:\/\//.test(config.databaseUrl)
    ? new PgBossQueue(config.databaseUrl, config.jobs, log)
    : new InProcessQueue(db, config.jobs, log);
}
