// The audit trail and the revision check that editors build on, on the database itself (SQLite here, PostgreSQL on
// its pass): an entry is written with its change or not at all, pages of the trail neither repeat nor skip entries of
// the same millisecond, and of two edits started from one revision only the first is saved.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTempPgDatabase, tempDir } from './helpers/server.ts';
import { openDatabase, type DB } from '../../server/db/database.ts';
import { inTransaction } from '../../server/db/transactions.ts';
import { listAudit, recordAudit } from '../../server/services/audit/audit.ts';
import { bumpRevision } from '../../server/services/audit/revision.ts';
import { AUDIT_TEXT_MAX } from '../../server/services/audit/auditEntry.ts';
import { Conflict, NotFound } from '../../server/services/errors.ts';

const pgUrl = process.env.DATABASE_URL;
const onPostgres = !!pgUrl && /^postgres(ql)?:\/\//.test(pgUrl);
let db: DB;
let drop: (() => Promise<void>) | undefined;
const admin = { id: 'u1', username: 'ana', roles: ['projectAdmin' as const], sites: ['farm'] };

beforeAll(async () => {
  if (onPostgres) {
    const temp = await createTempPgDatabase(pgUrl!);
    drop = temp.drop;
    db = await openDatabase({ dataDir: '/nonexistent', databaseUrl: temp.url, poolSize: 2 });
  } else db = await openDatabase({ dataDir: tempDir('survey-audit-') });
  await db.insertInto('sites').values({ id: 'farm', name: 'Farm', created_at: new Date().toISOString() }).execute();
  await db
    .insertInto('surveys')
    .values({ id: 's1', site: 'farm', floor: 0, date: '2024-03-01', survey_name: 'Main' })
    .execute();
});
afterAll(async () => {
  await db?.destroy();
  await drop?.();
});

it('keeps an entry only with its committed change, bounded and without control characters', async () => {
  await expect(
    inTransaction(db, async (trx) => {
      await recordAudit(trx, { site: 'farm', actor: admin, action: 'survey.rename', target: 'survey Main' });
      throw new Error('the change failed');
    }),
  ).rejects.toThrow('the change failed');
  expect(await listAudit(db, 'farm', { limit: 10 })).toEqual([]);

  const long = 'x'.repeat(5000);
  await inTransaction(db, (trx) =>
    recordAudit(trx, {
      site: 'farm',
      actor: admin,
      action: 'survey.rename',
      target: `survey\u0000 ${long}`,
      detail: { from: 'Main', to: `New\nname ${long}`, removed: Array.from({ length: 80 }, (_, i) => `link ${i}`) },
    }),
  );
  const [entry] = await listAudit(db, 'farm', { limit: 10 });
  expect(entry.actor).toBe('ana');
  expect(entry.action).toBe('survey.rename');
  expect(entry.target).not.toContain('\u0000');
  expect(entry.target.length).toBeLessThanOrEqual(300);
  expect(entry.detail.from).toBe('Main');
  expect((entry.detail.to as string).length).toBe(AUDIT_TEXT_MAX);
  expect(entry.detail.to).toMatch(/^New name x+…$/);
  expect((entry.detail.removed as string[]).length).toBe(50);
  // Another site's trail does not show it.
  expect(await listAudit(db, 'other', { limit: 10 })).toEqual([]);
});

it('pages newest first without repeating or skipping entries of the same millisecond', async () => {
  const at = new Date('2030-01-01T00:00:00.000Z');
  for (let i = 0; i < 7; i++)
    await recordAudit(db, { site: 'farm', actor: null, action: 'scene.rename', target: `scene ${i}` }, at);
  const seen: string[] = [];
  let before: { at: string; id: string } | undefined;
  for (;;) {
    const page = await listAudit(db, 'farm', { before, limit: 3 });
    if (!page.length) break;
    seen.push(...page.map((e) => e.id));
    before = page[page.length - 1];
  }
  expect(seen.length).toBe(8);
  expect(new Set(seen).size).toBe(8);
  const all = await listAudit(db, 'farm', { limit: 100 });
  expect(all.map((e) => e.id)).toEqual(seen);
  expect(all[0].actor).toBeNull();
});

it('saves the first of two edits started from one revision and refuses the second', async () => {
  const results = await Promise.allSettled([
    inTransaction(db, (trx) => bumpRevision(trx, 'surveys', 's1', 0)),
    inTransaction(db, (trx) => bumpRevision(trx, 'surveys', 's1', 0)),
  ]);
  expect(
    results.filter((r) => r.status === 'fulfilled').map((r) => (r as PromiseFulfilledResult<number>).value),
  ).toEqual([1]);
  const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
  expect(refused.reason).toBeInstanceOf(Conflict);
  expect(String(refused.reason.message)).toMatch(/revision 1/);
  await expect(inTransaction(db, (trx) => bumpRevision(trx, 'surveys', 'gone', 0))).rejects.toBeInstanceOf(NotFound);
  expect(await inTransaction(db, (trx) => bumpRevision(trx, 'surveys', 's1', 1))).toBe(2);
});
