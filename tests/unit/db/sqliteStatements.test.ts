// The statement cache behind Kysely's SQLite dialect: a repeated query reuses its statement, a statement still being
// iterated is not handed out again, and the cache stays within its bound.
import Sqlite from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { withStatementCache } from '../../../server/db/sqliteStatements';

function memoryDb() {
  const file = new Sqlite(':memory:');
  file.exec('create table t (n integer)');
  file.exec('insert into t values (1), (2), (3)');
  return file;
}

describe('withStatementCache', () => {
  it('prepares a query text once and answers it again from the cache', () => {
    const db = withStatementCache(memoryDb());
    const a = db.prepare('select n from t where n > ?');
    const b = db.prepare('select n from t where n > ?');
    expect(b).toBe(a);
    expect(b.all([1])).toEqual([{ n: 2 }, { n: 3 }]);
    expect(db.prepare('select n from t where n < ?')).not.toBe(a);
    db.close();
  });

  it('gives a fresh statement while the cached one is being iterated', () => {
    const db = withStatementCache(memoryDb());
    const sql = 'select n from t order by n';
    const iter = db.prepare(sql).iterate([]);
    expect(iter.next().value).toEqual({ n: 1 });
    // Without the busy check better-sqlite3 would throw "This statement is busy executing a query".
    expect(db.prepare(sql).all([])).toHaveLength(3);
    expect([...iter]).toEqual([{ n: 2 }, { n: 3 }]);
    db.close();
  });

  it('keeps at most `max` statements, dropping the oldest', () => {
    const db = withStatementCache(memoryDb(), 2);
    const first = db.prepare('select 1');
    db.prepare('select 2');
    db.prepare('select 3');
    expect(db.prepare('select 1')).not.toBe(first);
    db.close();
  });
});
