// The audit trail and the revision check that editors build on, on the database itself (SQLite here, PostgreSQL on
// its pass): an entry is written with its change or not at all, pages of the trail neither repeat nor skip entries of
// the same millisecond, and of two edits started from one revision only the first is saved. Then, over HTTP, the
// entries and revision checks of the writes outside the survey manager (node moves, settings, plans, documents, pins).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTempPgDatabase, fetchJson, startServer, tempDir, type TestServer } from './helpers/server.ts';
import { jsonInit, png, postFile, seedSite } from './resources-helpers.ts';
import { writeZip } from './helpers/zipWriter.ts';
import { addUser } from '../../server/services/users.ts';
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

// Over real HTTP, signed in: every administrator's write outside the survey manager leaves its entry, by its actor,
// in the trail of the site it changed; a node edit from a stale revision is a 409 with the node as stored, and no entry.
describe('writes of the other editors', () => {
  let s: TestServer;
  let cookie = '';
  const send = (method: string, p: string, body?: unknown) =>
    fetchJson(
      `${s.baseUrl}/api${p}`,
      body === undefined ? { method, headers: { cookie } } : jsonInit(method, body, { cookie }),
    );
  const trail = async (site = 'farm') =>
    (await send('GET', `/site/${site}/audit?limit=100`)).body.payload.entries as any[];
  const newest = async (site = 'farm') => (await trail(site))[0];

  beforeAll(async () => {
    s = await startServer({ USE_SSO: 'true' });
    await seedSite(s.ctx, 'farm');
    await addUser(s.ctx.db, 'root', 'correct horse battery', ['superAdmin']);
    const res = await fetch(
      `${s.baseUrl}/api/login`,
      jsonInit('POST', { username: 'root', password: 'correct horse battery' }),
    );
    cookie = (res.headers.get('set-cookie') ?? '').split(';')[0];
  });
  afterAll(async () => s?.close());

  it('node moves: revision checked, each edit with its entry', async () => {
    const [node] = (await send('GET', '/site/farm/0/survey/minimapSingleSite')).body.payload;
    const moved = await send('PATCH', `/node/coords/${node._id}`, { x: 12.5, y: 30, revision: node.revision });
    expect(moved.status).toBe(200);
    expect(moved.body.payload.revision).toBe(node.revision + 1);
    expect(await newest()).toMatchObject({
      actor: 'root',
      action: 'scene.place',
      target: `scene "${node.minimap_node.title}" on the floor plan`,
      detail: { from_x: node.x, from_y: node.y, to_x: 12.5, to_y: 30 },
    });
    const entries = (await trail()).length;
    const stale = await send('PATCH', `/node/rotation/${node._id}`, { rotation: 1, revision: node.revision });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toMatch(/^Someone else changed this scene/);
    expect(stale.body.current).toMatchObject({ _id: node._id, x: 12.5, y: 30, rotation: node.rotation });
    expect(await trail()).toHaveLength(entries);
    const turned = await send('PATCH', `/node/rotation/${node._id}`, { rotation: 1, revision: node.revision + 1 });
    expect(turned.status).toBe(200);
    expect(await newest()).toMatchObject({ action: 'scene.north', detail: { from: node.rotation, north: 1 } });
  });

  it('site settings, floors, floor plans and documentation', async () => {
    expect((await send('PATCH', '/site/farm/settings', { display: { title: 'Farm two' } })).status).toBe(200);
    expect(await newest()).toMatchObject({
      actor: 'root',
      action: 'site.settings',
      detail: { changed: ['display.title'] },
    });
    const plan = await postFile(
      `${s.baseUrl}/api/site/farm/minimap?floor=0`,
      'file',
      await png(300, 200),
      'p.png',
      'image/png',
      {
        headers: { cookie },
      },
    );
    expect(plan.status).toBe(200);
    expect(await newest()).toMatchObject({
      action: 'floorPlan.upload',
      target: 'the floor plan of floor 0',
      detail: { width: 300, height: 200 },
    });
    expect((await send('POST', '/site/farm/minimap/newFloor/3')).status).toBe(200);
    expect(await newest()).toMatchObject({ action: 'floor.add', target: 'floor 3', detail: { name: 'Floor 3' } });
    const named = await send('PATCH', '/site/farm/sitemap', { floor: 3, floor_name: 'Loft', floor_tag: 'L' });
    expect(named.status).toBe(200);
    expect(await newest()).toMatchObject({
      action: 'floor.details',
      target: 'floor 3',
      detail: { from_name: 'Floor 3', to_name: 'Loft', from_tag: '3', to_tag: 'L' },
    });
    const docs = await postFile(
      `${s.baseUrl}/api/documentation/farm`,
      'zipFile',
      writeZip([{ name: 'notes/readme.txt', data: 'hello' }]),
      'manual.zip',
      'application/zip',
      { headers: { cookie } },
    );
    expect(docs.status).toBe(200);
    expect(await newest()).toMatchObject({ action: 'documents.upload', target: 'documentation "manual.zip"' });
  });

  it('pins: created, edited, moved and deleted in the trail of their site', async () => {
    const body = {
      enabled: true,
      x: 30,
      y: 40,
      icon: 'farm',
      name: 'Farm gate',
      site_name: '',
      site: 'farm',
      sitemap: 'default',
    };
    const pin = (await send('POST', '/map-pins', body)).body.payload;
    expect(await newest()).toMatchObject({ action: 'pin.create', target: 'pin "Farm gate"' });
    expect((await send('PATCH', `/map-pins/${pin._id}`, { name: 'Farm gate east', enabled: false })).status).toBe(200);
    expect(await newest()).toMatchObject({
      action: 'pin.edit',
      target: 'pin "Farm gate east"',
      detail: { name: 'Farm gate east' },
    });
    expect((await send('PATCH', `/map-pins/${pin._id}/coords`, { x: 31, y: 41 })).status).toBe(200);
    expect(await newest()).toMatchObject({ action: 'pin.move', detail: { x: 31, y: 41 } });
    expect((await send('DELETE', `/map-pins/${pin._id}`)).status).toBe(200);
    expect(await newest()).toMatchObject({ actor: 'root', action: 'pin.delete', target: 'pin "Farm gate east"' });
  });

  it('accounts: in the trail of each site they administer, before or after', async () => {
    const made = await send('POST', '/users', {
      username: 'ana',
      password: 'correct horse battery',
      roles: ['projectAdmin'],
      sites: ['farm'],
    });
    expect(made.status).toBe(200);
    expect(await newest()).toMatchObject({
      actor: 'root',
      action: 'user.create',
      target: 'account "ana"',
      detail: { roles: ['projectAdmin'], sites: ['farm'] },
    });
    const { id } = made.body.payload;
    await seedSite(s.ctx, 'barn');
    expect((await send('PUT', `/users/${id}`, { sites: ['barn'] })).status).toBe(200);
    for (const site of ['farm', 'barn'])
      expect(await newest(site)).toMatchObject({
        action: 'user.edit',
        detail: { sites: ['barn'], password_changed: false },
      });
    expect((await send('DELETE', `/users/${id}`)).status).toBe(200);
    expect(await newest('barn')).toMatchObject({ action: 'user.delete', target: 'account "ana"' });
    expect((await newest('farm')).action).toBe('user.edit');
  });
});
