// Transactions that survive concurrent writers on both dialects.
// PostgreSQL runs READ COMMITTED: a select-then-insert can lose a race (23505), two writers can deadlock (40P01).
// SQLite serialises writers, but another process (the import command) can leave us SQLITE_BUSY(_SNAPSHOT).
// Such a transaction is run again from the start a few times; what still fails becomes a 409 (see http/errors.ts).
import { sql } from 'kysely';
import { PostgresAdapter } from 'kysely';
import type { DB } from './database.ts';
import { isRetryable } from './dbErrors.ts';

export const isPostgres = (db: DB): boolean => db.getExecutor().adapter instanceof PostgresAdapter;

const ATTEMPTS = 6;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Runs `fn` in a transaction, again from the start when it lost a race (up to 6 times, with a short random wait).
 * Inside a transaction already, `fn` just joins it (the outer caller retries). `fn` must not have effects
 * outside the database that a rerun would repeat.
 */
export async function inTransaction<T>(db: DB, fn: (trx: DB) => Promise<T>): Promise<T> {
  if (db.isTransaction) return fn(db);
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction().execute(fn);
    } catch (err) {
      if (attempt >= ATTEMPTS || !isRetryable(err)) throw err;
      await sleep(Math.random() * 20 * attempt);
    }
  }
}

/**
 * Serialises writers of one site until the transaction ends (PostgreSQL: a lock on its row; SQLite: writers
 * are serialised already). Every read-modify-write of a site's rows (settings JSON, node numbers) takes it first.
 */
export async function lockSite(trx: DB, site: string): Promise<void> {
  if (isPostgres(trx)) await trx.selectFrom('sites').select('id').where('id', '=', site).forUpdate().execute();
}

/** Serialises the choice of new site ids (sites and pins' reserved ids) until the transaction ends. */
export async function lockSiteIds(trx: DB): Promise<void> {
  if (isPostgres(trx)) await sql`select pg_advisory_xact_lock(7300, 1)`.execute(trx);
}

/** Serialises read-modify-writes of one JSON document row (app_config) until the transaction ends. */
export async function lockAppConfig(trx: DB): Promise<void> {
  if (isPostgres(trx)) await sql`select pg_advisory_xact_lock(7300, 2)`.execute(trx);
}
