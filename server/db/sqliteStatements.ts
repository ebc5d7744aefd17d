// Kysely's SQLite driver prepares every query afresh; under load, compiling the SQL took a fifth of the server's CPU
// (bench:load profile). Our queries are few and their text repeats, so each prepared statement is kept and reused.
import type { Database as SqliteFile, Statement } from 'better-sqlite3';
import type { SqliteDatabase } from 'kysely';

/** Enough for every query the app makes; texts that vary (IN lists of different lengths) push out the oldest. */
const MAX_STATEMENTS = 500;

/** The file as Kysely's SqliteDialect wants it, with `prepare` answered from a cache of statements by SQL text. */
export function withStatementCache(file: SqliteFile, max = MAX_STATEMENTS): SqliteDatabase {
  const cache = new Map<string, Statement>();
  return {
    close: () => file.close(),
    prepare(sql: string) {
      const cached = cache.get(sql);
      // A statement still being iterated (a streamed query) cannot run again until it is done: use a fresh one.
      if (cached && !cached.busy) return cached;
      const stmt = file.prepare(sql);
      if (!cached) {
        if (cache.size >= max) cache.delete(cache.keys().next().value!);
        cache.set(sql, stmt);
      }
      return stmt;
    },
  };
}
