// PostgreSQL only: the pool's connections prepare each query text once and reuse it, and a prepared plan that
// another process made stale (a migration adding a column) does not fail the query. On SQLite: skipped (its
// statement cache is tests/unit/db/sqliteStatements.test.ts).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTempPgDatabase, tempDir } from './helpers/server.ts';
import { openDatabase, type DB } from '../../server/db/database.ts';

const pgUrl = process.env.DATABASE_URL;
const onPostgres = !!pgUrl && /^postgres(ql)?:\/\//.test(pgUrl);

let db: DB;
let temp: { url: string; drop(): Promise<void> } | undefined;
beforeAll(async () => {
  if (!onPostgres) return;
  temp = await createTempPgDatabase(pgUrl!);
  // One connection, so every query below runs on the same backend and sees its prepared statements.
  db = await openDatabase({ dataDir: tempDir(), databaseUrl: temp.url, poolSize: 1 });
});
afterAll(async () => {
  await db?.destroy();
  await temp?.drop();
});

it.skipIf(!onPostgres)('prepares a query text once per connection and reuses it', async () => {
  const read = () => db.selectFrom('sites').select('id').where('id', '=', 'nowhere').execute();
  await read();
  await read();
  const { rows } = await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(db);
  const sitesReads = rows.filter((r) => /from "sites" where "id" = \$1/.test(r.statement));
  expect(sitesReads).toHaveLength(1);
});

it.skipIf(!onPostgres)('answers with the new columns after another process altered the table', async () => {
  await sql`create table plan_probe (a int)`.execute(db);
  await sql`insert into plan_probe values (1)`.execute(db);
  const read = () => sql<Record<string, number>>`select * from plan_probe where a = ${1}`.execute(db);
  expect((await read()).rows).toEqual([{ a: 1 }]);
  const pg = (await import('pg')).default;
  const other = new pg.Client({ connectionString: temp!.url });
  await other.connect();
  await other.query('alter table plan_probe add column b int default 2');
  await other.end();
  // The prepared "select *" now returns another row type: PostgreSQL refuses the old plan (0A000).
  expect((await read()).rows).toEqual([{ a: 1, b: 2 }]);
  expect((await read()).rows).toEqual([{ a: 1, b: 2 }]);
});

it.skipIf(!onPostgres)(
  'prepares nothing with DB_PREPARED_STATEMENTS=false (a pooler in transaction mode)',
  async () => {
    const plain = await openDatabase({
      dataDir: tempDir(),
      databaseUrl: temp!.url,
      poolSize: 1,
      preparedStatements: false,
    });
    try {
      await plain.selectFrom('sites').select('id').where('id', '=', 'nowhere').execute();
      const { rows } = await sql`select statement from pg_prepared_statements`.execute(plain);
      expect(rows).toEqual([]);
    } finally {
      await plain.destroy();
    }
  },
);
