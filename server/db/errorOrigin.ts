// Which errors the database driver threw. A socket error (ECONNREFUSED, ECONNRESET…) means "the database is away"
// only when it came from the database's connection, not from the bucket or a client that hung up
// (dbErrors.ts isDatabaseUnavailable); a Kysely dialect wrapper marks every error that passes through the driver.
import type { CompiledQuery, DatabaseConnection, Dialect, Driver, QueryResult, TransactionSettings } from 'kysely';

const fromDatabase = new WeakSet<object>();

/** `err` was thrown by the database driver (a query, a connection, a transaction step). */
export const cameFromDatabase = (err: unknown): boolean =>
  typeof err === 'object' && err !== null && fromDatabase.has(err);

/** Marks `err` as the database's (errors of connections outside Kysely: the pool's idle ones, pg-boss). */
export function fromTheDatabase<E>(err: E): E {
  if (typeof err === 'object' && err !== null) fromDatabase.add(err);
  return err;
}

async function asDatabaseCall<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    throw fromTheDatabase(err);
  }
}

class MarkedConnection implements DatabaseConnection {
  constructor(readonly inner: DatabaseConnection) {}
  executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    return asDatabaseCall(() => this.inner.executeQuery<R>(compiled));
  }
  streamQuery<R>(compiled: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    return this.inner.streamQuery<R>(compiled, chunkSize);
  }
}

/** `dialect` whose driver marks every error it throws (cameFromDatabase). */
export function markDatabaseErrors(dialect: Dialect): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createDriver: () => markingDriver(dialect.createDriver()),
  };
}

function markingDriver(inner: Driver): Driver {
  const innerOf = (c: DatabaseConnection) => (c as MarkedConnection).inner;
  const driver: Driver = {
    init: () => asDatabaseCall(() => inner.init()),
    acquireConnection: async () => new MarkedConnection(await asDatabaseCall(() => inner.acquireConnection())),
    beginTransaction: (c, settings: TransactionSettings) =>
      asDatabaseCall(() => inner.beginTransaction(innerOf(c), settings)),
    commitTransaction: (c) => asDatabaseCall(() => inner.commitTransaction(innerOf(c))),
    rollbackTransaction: (c) => asDatabaseCall(() => inner.rollbackTransaction(innerOf(c))),
    releaseConnection: (c) => inner.releaseConnection(innerOf(c)),
    destroy: () => inner.destroy(),
  };
  if (inner.savepoint)
    driver.savepoint = (c, name, compile) => asDatabaseCall(() => inner.savepoint!(innerOf(c), name, compile));
  if (inner.rollbackToSavepoint)
    driver.rollbackToSavepoint = (c, name, compile) =>
      asDatabaseCall(() => inner.rollbackToSavepoint!(innerOf(c), name, compile));
  if (inner.releaseSavepoint)
    driver.releaseSavepoint = (c, name, compile) =>
      asDatabaseCall(() => inner.releaseSavepoint!(innerOf(c), name, compile));
  return driver;
}
