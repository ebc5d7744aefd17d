// A lock held across every process that shares the database, for start-up steps that must run once however many
// instances start together (seeding the demo). PostgreSQL: a session advisory lock on a connection of its own (not
// one of the pool, which the step itself needs). SQLite: a lock file beside the database (fileLock.ts). Both are
// released by the operating system or the database when the holder dies, so a crash never leaves it taken.
import path from 'node:path';
import type { Config } from '../config.ts';
import { isPostgresUrl } from './database.ts';
import { withFileLock } from './fileLock.ts';

/** Advisory lock key of the demo seeding (any constant; "surv" "demo" in ASCII). */
export const DEMO_SEED_LOCK_KEY = 0x73757276_64656d6fn;

export async function withStartupLock<T>(
  config: Pick<Config, 'dataDir' | 'databaseUrl'>,
  key: bigint,
  step: () => Promise<T>,
): Promise<T> {
  if (config.databaseUrl && isPostgresUrl(config.databaseUrl)) return withPgLock(config.databaseUrl, key, step);
  return withFileLock(path.join(config.dataDir, `startup-${key.toString(16)}.lock`), step);
}

async function withPgLock<T>(url: string, key: bigint, step: () => Promise<T>): Promise<T> {
  const pg = (await import('pg')).default;
  const client = new pg.Client({ connectionString: url });
  // A connection lost while the step runs loses the lock too; the step goes on (what it writes is its own check).
  client.on('error', () => undefined);
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1::bigint)', [key.toString()]);
    return await step();
  } finally {
    await client.end().catch(() => undefined);
  }
}
