// A lock held across every process that shares the database, for start-up steps that must run once however many
// instances start together (seeding the demo). PostgreSQL: a session advisory lock on a connection of its own (not
// one of the pool, which the step itself needs). SQLite: an exclusive lock on a lock file beside the database. Both
// are released by the operating system or the database when the holder dies, so a crash never leaves it taken.
import path from 'node:path';
import type { Config } from '../config.ts';
import { isPostgresUrl } from './database.ts';

/** Advisory lock key of the demo seeding (any constant; "surv" "demo" in ASCII). */
export const DEMO_SEED_LOCK_KEY = 0x73757276_64656d6fn;

const POLL_MS = 100;

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

async function withFileLock<T>(file: string, step: () => Promise<T>): Promise<T> {
  const Sqlite = (await import('better-sqlite3')).default;
  // SQLite's own locking (POSIX locks on the file): waited for in turns here, never blocking the event loop.
  const lock = new Sqlite(file, { timeout: 0 });
  try {
    for (;;) {
      try {
        lock.exec('BEGIN EXCLUSIVE');
        break;
      } catch (e) {
        if (!String((e as { code?: unknown }).code).startsWith('SQLITE_BUSY')) throw e;
        await new Promise((r) => setTimeout(r, POLL_MS));
      }
    }
    return await step();
  } finally {
    lock.close(); // ends the transaction and releases the lock
  }
}
