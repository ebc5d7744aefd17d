// Instances starting together on a fresh database take turns at the schema migrations, so every start succeeds and
// each migration runs once: an advisory lock on PostgreSQL, a lock file beside SQLite (processes sharing a data folder:
// instances, `npm run import`).
import { afterAll, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTempPgDatabase, tempDir } from './helpers/server.ts';
import { openDatabase, type DB } from '../../server/db/database.ts';
import { migrationProvider } from '../../server/db/migrations.ts';

const pgUrl = process.env.DATABASE_URL;
const onPostgres = !!pgUrl && /^postgres(ql)?:\/\//.test(pgUrl);
const opened: DB[] = [];
let drop: (() => Promise<void>) | undefined;
afterAll(async () => {
  for (const db of opened) await db.destroy();
  await drop?.();
});

it.skipIf(!onPostgres)(
  'starts four instances at once on a fresh database: all migrate, each migration once',
  async () => {
    const temp = await createTempPgDatabase(pgUrl!);
    drop = temp.drop;
    const starts = await Promise.allSettled(
      Array.from({ length: 4 }, () => openDatabase({ dataDir: '/nonexistent', databaseUrl: temp.url, poolSize: 2 })),
    );
    for (const s of starts) if (s.status === 'fulfilled') opened.push(s.value);
    expect(starts.map((s) => (s.status === 'rejected' ? String(s.reason) : 'ok'))).toEqual(['ok', 'ok', 'ok', 'ok']);
    const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(opened[0]);
    expect(rows.map((r) => r.name)).toEqual(Object.keys(await migrationProvider.getMigrations()).sort());
    // The lock is released: nobody holds it after the starts.
    const held = await sql<{ n: number }>`select count(*)::int as n from pg_locks where locktype = 'advisory'`.execute(
      opened[0],
    );
    expect(held.rows[0].n).toBe(0);
  },
);

it.skipIf(onPostgres)('opens a fresh SQLite file four times at once: all migrate, each migration once', async () => {
  const dataDir = tempDir('survey-migrate-');
  const starts = await Promise.allSettled(Array.from({ length: 4 }, () => openDatabase({ dataDir })));
  for (const s of starts) if (s.status === 'fulfilled') opened.push(s.value);
  expect(starts.map((s) => (s.status === 'rejected' ? String(s.reason) : 'ok'))).toEqual(['ok', 'ok', 'ok', 'ok']);
  const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(opened[0]);
  expect(rows.map((r) => r.name)).toEqual(Object.keys(await migrationProvider.getMigrations()).sort());
});
