// A lock across the processes of one host (or of one shared folder) through a lock file: SQLite's own exclusive
// lock (POSIX locks) on a file of its own, which the operating system releases when the holder dies. Waited for in
// turns, never blocking the event loop.
import type BetterSqlite3 from 'better-sqlite3';

const POLL_MS = 100;

export async function withFileLock<T>(file: string, step: () => Promise<T>): Promise<T> {
  const Sqlite = (await import('better-sqlite3')).default;
  const lock: BetterSqlite3.Database = new Sqlite(file, { timeout: 0 });
  try {
    for (;;) {
      try {
        // The rollback journal kept in memory: an exclusive transaction would otherwise create a journal file, and
        // on a full disk fail (SQLITE_FULL) before taking the lock. Asked again each turn: while another process
        // holds the lock, even this answers SQLITE_BUSY.
        lock.pragma('journal_mode = MEMORY');
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
