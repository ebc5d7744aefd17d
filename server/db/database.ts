// Dialect choice: PostgreSQL when DATABASE_URL is postgres://…, otherwise an embedded SQLite file in DATA_DIR.
import path from 'node:path';
import fs from 'node:fs';
import { CompiledQuery, Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import type BetterSqlite3 from 'better-sqlite3';
import type { Database } from './schema.ts';
import { migrateToLatest } from './migrations.ts';
import { withFileLock } from './fileLock.ts';
import { withStatementCache } from './sqliteStatements.ts';
import { prepareStatements } from './pgStatements.ts';
import { trackCommits, type CommitListener } from './changeTracking.ts';
import { markDatabaseErrors } from './errorOrigin.ts';
import { APP_WRITER_SETTING, commitNotifier } from './pgChangeNotices.ts';

export type DB = Kysely<Database>;

/** PostgreSQL connections of one process unless DB_POOL_SIZE says otherwise. */
export const DEFAULT_POOL_SIZE = 10;

export interface DatabaseOptions {
  dataDir: string;
  databaseUrl?: string;
  poolSize?: number;
  /** PostgreSQL: name (prepare) statements per connection; off behind a pooler that cannot keep them (DB_PREPARED_STATEMENTS). */
  preparedStatements?: boolean;
  /**
   * Every commit waits until it is on disk (DB_DURABLE_COMMITS). Off by default, on both dialects alike: a killed
   * process loses nothing committed and no change is ever half there, but a power cut or a crash of the machine (or of
   * PostgreSQL) may undo the commits of its last moment (SQLite: since the last checkpoint; PostgreSQL: up to ~0.6 s).
   * Waiting for the disk at every commit is most of the cost of a write (bench:load).
   */
  durableCommits?: boolean;
  /** PostgreSQL: the server ended a connection (a restart, a failover); the pool makes a new one when needed. */
  onConnectionLost?: (err: Error) => void;
}

/** How long a new PostgreSQL connection may take: a server out of reach fails requests, instead of holding them. */
const CONNECT_TIMEOUT_MS = 5_000;

/** Who in this process hears of its own commits (the change feed), per database. */
export class CommitHub {
  private readonly listeners = new Set<CommitListener>();
  on(listener: CommitListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
  emit(tables: readonly string[]): void {
    for (const l of this.listeners) l(tables);
  }
}
const commitHubs = new WeakMap<DB, CommitHub>();
/** The commits this process makes through `db`. */
export const commitsOf = (db: DB): CommitHub | undefined => commitHubs.get(db);
const sqliteFiles = new WeakMap<DB, BetterSqlite3.Database>();
/** The SQLite file behind `db` (its change counter: sqliteChangeFeed.ts); undefined on PostgreSQL. */
export const sqliteFileOf = (db: DB): BetterSqlite3.Database | undefined => sqliteFiles.get(db);

export const isPostgresUrl = (url: string) => /^postgres(ql)?:\/\//.test(url);

export async function openDatabase(opts: DatabaseOptions): Promise<DB> {
  let db: DB;
  if (opts.databaseUrl && isPostgresUrl(opts.databaseUrl)) {
    const pg = (await import('pg')).default;
    // Keep DOUBLE PRECISION and BIGINT as numbers, as SQLite gives them.
    pg.types.setTypeParser(701, (v: string) => Number(v));
    pg.types.setTypeParser(20, (v: string) => Number(v));
    // Kept well under the server's max_connections (100 by default), which the import command and other processes share.
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: opts.poolSize ?? DEFAULT_POOL_SIZE,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    });
    // A connection the server ends (a restart, an administrator, a dropped database) emits 'error': on the pool
    // while it is idle, on the connection itself while a request holds it between two statements. Without a
    // listener either would end the process. The pool replaces an idle one; a held one fails its next statement
    // and is dropped when it is given back.
    const lost =
      opts.onConnectionLost ??
      ((err: Error) => console.error(`PostgreSQL connection lost (a new one is made when needed): ${err.message}`));
    pool.on('error', lost);
    pool.on('connect', (client) => client.on('error', lost));
    if (opts.preparedStatements !== false) prepareStatements(pool);
    const hub = new CommitHub();
    const notifier = commitNotifier(pool, (err: unknown) =>
      console.error(`could not tell other processes of a change: ${(err as Error).message}`),
    );
    const dialect = trackCommits(
      markDatabaseErrors(
        new PostgresDialect({
          pool,
          // Our writes are told to other processes by the app after commit, not by the tables' triggers (pgChangeNotices.ts).
          onCreateConnection: async (c) => {
            await c.executeQuery(CompiledQuery.raw(`SET ${APP_WRITER_SETTING} = 'on'`));
            if (!opts.durableCommits) await c.executeQuery(CompiledQuery.raw('SET synchronous_commit = off'));
          },
        }),
      ),
      (tables) => {
        hub.emit(tables);
        notifier.add(tables);
      },
      () => notifier.flush(),
    );
    db = new Kysely<Database>({ dialect });
    commitHubs.set(db, hub);
  } else {
    const Sqlite = (await import('better-sqlite3')).default;
    fs.mkdirSync(opts.dataDir, { recursive: true });
    const file = new Sqlite(path.join(opts.dataDir, 'survey.sqlite'));
    file.pragma('journal_mode = WAL');
    // better-sqlite3 runs on the event loop: with the default (FULL) every commit waited for an fsync of the WAL
    // (~170 us here) with every other request stalled behind it. In WAL mode NORMAL syncs at checkpoints: a killed
    // process loses nothing committed and the file stays consistent; only a power cut or an OS crash may undo the
    // last commits before it.
    file.pragma(opts.durableCommits ? 'synchronous = FULL' : 'synchronous = NORMAL');
    file.pragma('foreign_keys = ON');
    const hub = new CommitHub();
    db = new Kysely<Database>({
      dialect: trackCommits(new SqliteDialect({ database: withStatementCache(file) }), (tables) => hub.emit(tables)),
    });
    commitHubs.set(db, hub);
    sqliteFiles.set(db, file);
  }
  if (opts.databaseUrl && isPostgresUrl(opts.databaseUrl)) await migrateToLatest(db, true);
  // Processes opening one SQLite file at once (instances, `npm run import`) migrate in turns: two deferred
  // transactions that both read, then write, end one of them with SQLITE_BUSY and no wait.
  else await withFileLock(path.join(opts.dataDir, 'migrations.lock'), () => migrateToLatest(db, false));
  return db;
}
