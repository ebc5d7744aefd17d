// PostgreSQL only: when the database server ends the app's connections (a restart, an administrator, a
// failover), the app stays up and answers again on new connections — it must not die of the pool's
// 'error' event. On SQLite there are no connections to end: skipped with its reason.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'kysely';
import { fetchJson, startServer, type TestServer } from './helpers/server.ts';

const pgUrl = process.env.DATABASE_URL;
const onPostgres = !!pgUrl && /^postgres(ql)?:\/\//.test(pgUrl);

let server: TestServer;
beforeAll(async () => {
  if (onPostgres) server = await startServer();
});
afterAll(async () => {
  await server?.close();
});

it.skipIf(!onPostgres)('survives its PostgreSQL connections being terminated, and answers again', async () => {
  const settings = () => fetchJson(`${server.baseUrl}/api/settings`);
  expect((await settings()).status).toBe(200);
  // Several requests at once leave several idle connections in the pool.
  await Promise.all(Array.from({ length: 5 }, settings));
  const pg = (await import('pg')).default;
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  const dbName = new URL(server.databaseUrl!).pathname.slice(1);
  const { rows } = await admin.query(
    'SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
    [dbName],
  );
  await admin.end();
  expect(rows.length, 'idle connections of the app that were ended').toBeGreaterThan(0);
  // Let the pool hear of it (the 'error' event on its idle clients).
  await new Promise((r) => setTimeout(r, 200));
  const again = await settings();
  expect(again.status).toBe(200);
  expect(again.body.success).toBe(true);
});

it.skipIf(!onPostgres)(
  'survives its connection being ended while a request holds it between two statements',
  async () => {
    // pg emits that error on the connection itself (not on the pool, which only listens to idle ones): without a
    // listener of ours it ended the process.
    const pg = (await import('pg')).default;
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    const held = server.ctx.db.transaction().execute(async (trx) => {
      const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx);
      await admin.query('SELECT pg_terminate_backend($1)', [rows[0].pid]);
      // The server's notice arrives while no statement of ours runs on that connection.
      await new Promise((r) => setTimeout(r, 300));
      await sql`select 1`.execute(trx);
    });
    await expect(held).rejects.toThrow();
    await admin.end();
    const again = await fetchJson(`${server.baseUrl}/api/settings`);
    expect(again.status).toBe(200);
  },
);
