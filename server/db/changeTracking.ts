// Which tables this process changed, told once the change is committed: a Kysely dialect wrapper that watches the
// statements of each connection (inside a transaction they count at COMMIT, a rollback forgets them). The change
// feed uses it to drop its own caches at once and to tell other processes (pgChangeFeed.ts), which is far cheaper
// than a NOTIFY inside every write: PostgreSQL serialises the commits of notifying transactions.
import type {
  CompiledQuery,
  DatabaseConnection,
  Dialect,
  Driver,
  OperationNode,
  QueryResult,
  TransactionSettings,
} from 'kysely';

export type CommitListener = (tables: readonly string[]) => void;

/** '' stands for "a table we cannot name" (DDL, raw SQL that may write): every cache is stale. */
const UNKNOWN = '';
const READ_ONLY_SQL = /^\s*(select|show|explain|begin|commit|rollback|savepoint|release|set|listen|unlisten)\b/i;

/** Name of a TableNode (or an aliased one). */
function tableName(node: unknown): string {
  const n = node as { kind?: string; node?: unknown; table?: { identifier?: { name?: string } } } | undefined;
  if (n?.kind === 'AliasNode') return tableName(n.node);
  if (n?.kind === 'TableNode') return n.table?.identifier?.name ?? UNKNOWN;
  return UNKNOWN;
}

/** The tables a statement may write: none for reads, UNKNOWN for what cannot be told. */
export function writtenTables(node: OperationNode, sqlText: string): string[] {
  const n = node as OperationNode & Record<string, unknown>;
  switch (node.kind) {
    case 'SelectQueryNode':
      return [];
    case 'InsertQueryNode':
      return [tableName(n.into)];
    case 'UpdateQueryNode':
      return [tableName(n.table)];
    case 'DeleteQueryNode':
      return ((n.from as { froms?: unknown[] } | undefined)?.froms ?? [undefined]).map(tableName);
    case 'RawNode':
      return READ_ONLY_SQL.test(sqlText) ? [] : [UNKNOWN];
    default:
      return [UNKNOWN];
  }
}

/** Wraps a dialect so that `listener` hears the tables of every committed write made through it. */
/** Wraps a dialect so that `listener` hears the tables of every committed write made through it; `beforeDestroy`
 *  runs before the connections close (to send what is still to be told). */
export function trackCommits(dialect: Dialect, listener: CommitListener, beforeDestroy?: () => Promise<void>): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createDriver: () => trackingDriver(dialect.createDriver(), listener, beforeDestroy),
  };
}

/** A connection as the app sees it; `pending` holds the tables written in its open transaction. */
class TrackedConnection implements DatabaseConnection {
  pending: Set<string> | null = null;
  constructor(
    readonly inner: DatabaseConnection,
    private readonly listener: CommitListener,
  ) {}

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    const result = await this.inner.executeQuery<R>(compiled);
    const tables = writtenTables(compiled.query, compiled.sql);
    if (tables.length) {
      if (this.pending) for (const t of tables) this.pending.add(t);
      else this.listener(tables);
    }
    return result;
  }

  streamQuery<R>(compiled: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    return this.inner.streamQuery<R>(compiled, chunkSize);
  }
}

const alreadyRolledBack = (e: unknown) =>
  (e as { code?: unknown } | null)?.code === 'SQLITE_ERROR' &&
  /no transaction is active/.test(String((e as Error).message));

function trackingDriver(inner: Driver, listener: CommitListener, beforeDestroy?: () => Promise<void>): Driver {
  const innerOf = (c: DatabaseConnection) => (c as TrackedConnection).inner;
  const driver: Driver = {
    init: () => inner.init(),
    acquireConnection: async () => new TrackedConnection(await inner.acquireConnection(), listener),
    async beginTransaction(c: DatabaseConnection, settings: TransactionSettings) {
      await inner.beginTransaction(innerOf(c), settings);
      (c as TrackedConnection).pending = new Set();
    },
    async commitTransaction(c: DatabaseConnection) {
      const tc = c as TrackedConnection;
      const written = tc.pending;
      tc.pending = null;
      try {
        await inner.commitTransaction(innerOf(c));
      } finally {
        // A COMMIT that failed may still have committed: told either way (a cache entry too many at worst).
        if (written?.size) listener([...written]);
      }
    },
    async rollbackTransaction(c: DatabaseConnection) {
      (c as TrackedConnection).pending = null;
      try {
        await inner.rollbackTransaction(innerOf(c));
      } catch (e) {
        // SQLite ends a transaction itself on some errors (SQLITE_FULL, I/O errors): the ROLLBACK that follows would
        // fail and hide that error, which the caller is about to throw.
        if (!alreadyRolledBack(e)) throw e;
      }
    },
    releaseConnection: (c: DatabaseConnection) => inner.releaseConnection(innerOf(c)),
    async destroy() {
      await beforeDestroy?.();
      await inner.destroy();
    },
  };
  // Savepoints stay inside the transaction: what they write counts at its commit (a rolled-back savepoint's
  // tables are still reported, which only drops a cache entry too many).
  if (inner.savepoint) driver.savepoint = (c, name, compile) => inner.savepoint!(innerOf(c), name, compile);
  if (inner.rollbackToSavepoint)
    driver.rollbackToSavepoint = (c, name, compile) => inner.rollbackToSavepoint!(innerOf(c), name, compile);
  if (inner.releaseSavepoint)
    driver.releaseSavepoint = (c, name, compile) => inner.releaseSavepoint!(innerOf(c), name, compile);
  return driver;
}
