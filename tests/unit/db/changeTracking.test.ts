// Which tables a statement writes, as the change tracking tells the caches: reads none, writes their table, and what
// cannot be told (DDL, raw SQL that is not a read) "every table".
import { describe, expect, it } from 'vitest';
import { Kysely, PostgresDialect, sql, type CompiledQuery } from 'kysely';
import { writtenTables } from '../../../server/db/changeTracking.ts';

// Compiling needs no connection: the pool is never asked for one.
const db = new Kysely<any>({ dialect: new PostgresDialect({ pool: {} as never }) });
const tables = (q: { compile(): CompiledQuery }) => {
  const c = q.compile();
  return writtenTables(c.query, c.sql);
};

describe('writtenTables', () => {
  it('reads write nothing', () => {
    expect(tables(db.selectFrom('sites').selectAll())).toEqual([]);
    const notify = sql`select pg_notify('x', 'y')`.compile(db);
    expect(writtenTables(notify.query, notify.sql)).toEqual([]);
  });
  it('inserts, updates and deletes name their table, aliased or not', () => {
    expect(tables(db.insertInto('sites').values({ id: 'a' }))).toEqual(['sites']);
    expect(tables(db.updateTable('minimap_nodes as m').set({ x: 1 }).where('m.id', '=', 'n'))).toEqual([
      'minimap_nodes',
    ]);
    expect(tables(db.deleteFrom('sessions').where('id', '=', 's'))).toEqual(['sessions']);
  });
  it('raw writes and schema changes cannot be told: every table', () => {
    const raw = sql`update sites set name = 'x'`.compile(db);
    expect(writtenTables(raw.query, raw.sql)).toEqual(['']);
    expect(tables(db.schema.createTable('t').addColumn('id', 'text'))).toEqual(['']);
  });
});
