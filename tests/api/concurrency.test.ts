// Concurrent writers (on the suite's database: SQLite, or PostgreSQL when DATABASE_URL is set) end in 200 or 409
// with a sentence, never 500, and never leave duplicate rows, node numbers or lost updates behind.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, fetchJson, type TestServer } from './helpers/server.ts';
import { nodeRevision } from './resources-helpers.ts';
import { uploadScenes } from './helpers/upload.ts';
import { exportZip, positionsCsv } from './helpers/exportBuilder.ts';
import { CONFLICT_MESSAGE } from '../../server/db/dbErrors.ts';

const N = 8;
let s: TestServer;
let zip: Buffer;
const csv = positionsCsv();
const outcomes: Record<string, Record<number, number>> = {};

beforeAll(async () => {
  s = await startServer();
  zip = await exportZip();
});
afterAll(async () => {
  console.log(
    `concurrency outcomes on ${s?.databaseUrl ? 'PostgreSQL' : 'SQLite'} (status: count): ${JSON.stringify(outcomes)}`,
  );
  await s?.close();
});

/** Fires `n` requests at once; records and checks the statuses; answers the responses. */
async function all(name: string, n: number, fire: (i: number) => Promise<{ status: number; body: any }>) {
  const res = await Promise.all(Array.from({ length: n }, (_, i) => fire(i)));
  outcomes[name] = {};
  for (const r of res) outcomes[name][r.status] = (outcomes[name][r.status] ?? 0) + 1;
  for (const r of res) {
    expect([200, 409], `${name}: ${r.status} ${JSON.stringify(r.body)}`).toContain(r.status);
    if (r.status === 409) expect(r.body.message).toMatch(/\.$/);
  }
  return res;
}

const json = (method: string, body: unknown) => ({
  method,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

describe('concurrent writers', () => {
  it(`${N} uploads of one export to one site: one survey, every node once, node numbers unique`, async () => {
    const first = await uploadScenes(s.baseUrl, 'x', 0, { zip, csv, mode: 'addNewSite', siteName: 'Busy Farm' });
    expect(first.status).toBe(200);
    const site = first.body.payload.site;
    const res = await all('uploads to one site', N, () =>
      uploadScenes(s.baseUrl, site, 0, { zip, csv, mode: 'addScene' }),
    );
    const ok = res.filter((r) => r.status === 200).length;
    const surveys = await s.ctx.db.selectFrom('surveys').selectAll().where('site', '=', site).execute();
    expect(surveys).toHaveLength(1);
    const nodes = await s.ctx.db
      .selectFrom('minimap_nodes')
      .select(['node_number', 'survey_id'])
      .where('site', '=', site)
      .execute();
    expect(nodes).toHaveLength(2 * (1 + ok));
    expect(new Set(nodes.map((n) => n.node_number)).size).toBe(nodes.length);
    expect(nodes.every((n) => n.survey_id === surveys[0].id)).toBe(true);
    const settings = (await fetchJson(`${s.baseUrl}/api/site/${site}/settings`)).body.payload;
    expect(settings.num_floors).toBe(1);
  });

  it(`${N} new-site uploads with one name: distinct sites, no duplicate rows`, async () => {
    const res = await all('new sites with one name', N, () =>
      uploadScenes(s.baseUrl, 'x', 0, { zip, csv, mode: 'addNewSite', siteName: 'Twin Farm' }),
    );
    const ids = res.filter((r) => r.status === 200).map((r) => r.body.payload.site);
    expect(new Set(ids).size).toBe(ids.length);
    const sites = await s.ctx.db.selectFrom('sites').select('id').where('name', '=', 'Twin Farm').execute();
    expect(sites.map((r) => r.id).sort()).toEqual([...ids].sort());
    for (const id of ids) {
      expect(await s.ctx.db.selectFrom('surveys').select('id').where('site', '=', id).execute()).toHaveLength(1);
      expect(await s.ctx.db.selectFrom('floors').select('floor').where('site', '=', id).execute()).toHaveLength(1);
      expect(await s.ctx.db.selectFrom('minimaps').select('floor').where('site', '=', id).execute()).toHaveLength(1);
      expect(await s.ctx.db.selectFrom('settings').select('site').where('site', '=', id).execute()).toHaveLength(1);
    }
  });

  it(`${N} additions of the same floor and ${N} of different floors: one row each, num_floors right`, async () => {
    const site = (await uploadScenes(s.baseUrl, 'x', 0, { zip, csv, mode: 'addNewSite', siteName: 'Floors Farm' })).body
      .payload.site;
    await all('same floor added', N, () =>
      fetchJson(`${s.baseUrl}/api/site/${site}/minimap/newFloor/3`, { method: 'POST' }),
    );
    await all('different floors added', N, (i) =>
      fetchJson(`${s.baseUrl}/api/site/${site}/minimap/newFloor/${10 + i}`, { method: 'POST' }),
    );
    const floors = await s.ctx.db
      .selectFrom('floors')
      .select('floor')
      .where('site', '=', site)
      .orderBy('floor')
      .execute();
    expect(floors.map((f) => f.floor)).toEqual([0, 3, ...Array.from({ length: N }, (_, i) => 10 + i)]);
    const settings = (await fetchJson(`${s.baseUrl}/api/site/${site}/settings`)).body.payload;
    expect(settings.num_floors).toBe(floors.length);
  });

  it('settings patches of different fields at once: none is lost', async () => {
    const site = (await uploadScenes(s.baseUrl, 'x', 0, { zip, csv, mode: 'addNewSite', siteName: 'Settings Farm' }))
      .body.payload.site;
    const flags = ['timeline', 'floors', 'hotspots_nav', 'documentation', 'about', 'rotation'] as const;
    await all('site settings patches', flags.length + 2, (i) =>
      fetchJson(
        `${s.baseUrl}/api/site/${site}/settings`,
        json(
          'PATCH',
          i < flags.length
            ? { enable: { [flags[i]]: false } }
            : i === flags.length
              ? { marzipano_mouse_view_mode: 'qtvr' }
              : { kiosk: { enabled: true, idleRotateSeconds: 30, idleResetSeconds: 90 } },
        ),
      ),
    );
    const settings = (await fetchJson(`${s.baseUrl}/api/site/${site}/settings`)).body.payload;
    for (const f of flags) expect(settings.enable[f], f).toBe(false);
    expect(settings.marzipano_mouse_view_mode).toBe('qtvr');
    expect(settings.kiosk.enabled).toBe(true);
    expect(settings.initial_settings.pano_id).not.toBe('');
    // The upload's start scene comes with its own view as the start view (a fresh visit opens at it).
    expect(settings.initial_settings).toMatchObject({ yaw: 0.5, pitch: 0, fov: 1.4 });

    await all('app config patches', 3, (i) =>
      fetchJson(
        `${s.baseUrl}/api/settings`,
        json(
          'PATCH',
          [{ enableMultiSite: true }, { defaultSite: site }, { singleSiteSettings: { siteTitle: 'Many Writers' } }][i],
        ),
      ),
    );
    const app = (await fetchJson(`${s.baseUrl}/api/settings`)).body.payload;
    expect([app.enableMultiSite, app.defaultSite, app.singleSiteSettings.siteTitle]).toEqual([
      true,
      site,
      'Many Writers',
    ]);
  });

  it(`${N} pins with one name and no site: distinct reserved site ids`, async () => {
    const res = await all('pins with one name', N, () =>
      fetchJson(`${s.baseUrl}/api/map-pins`, json('POST', { x: 10, y: 20, icon: 'farm', name: 'Same Pin' })),
    );
    const sites = res.filter((r) => r.status === 200).map((r) => r.body.payload.site);
    expect(new Set(sites).size).toBe(sites.length);
    expect(sites.length).toBeGreaterThan(0);
  });

  it(`${N} site maps with one name: one is created, the others are told the name is taken`, async () => {
    const res = await all('site maps with one name', N, () =>
      fetchJson(
        `${s.baseUrl}/api/create-site-map`,
        json('POST', { name: 'North', image_url: '/media/sitemaps/x.jpg' }),
      ),
    );
    expect(res.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of res.filter((r) => r.status === 409))
      expect(r.body.message).toBe('A site map named "North" already exists; please choose another name.');
    expect(await s.ctx.db.selectFrom('sitemaps').select('name').where('name', '=', 'North').execute()).toHaveLength(1);
  });

  it('uploads, floor additions, settings patches and node edits on one site at once', async () => {
    const first = await uploadScenes(s.baseUrl, 'x', 0, { zip, csv, mode: 'addNewSite', siteName: 'Mixed Farm' });
    const site = first.body.payload.site;
    const node = (
      await s.ctx.db.selectFrom('minimap_nodes').select('id').where('site', '=', site).executeTakeFirstOrThrow()
    ).id;
    await all('mixed writers on one site', 4 * 4, (i) => {
      switch (i % 4) {
        case 0:
          return uploadScenes(s.baseUrl, site, 1, {
            zip,
            csv: positionsCsv(undefined, '06/03/2024').replace(/,0\r\n/g, ',1\r\n'),
            mode: 'addScene',
          });
        case 1:
          return fetchJson(`${s.baseUrl}/api/site/${site}/minimap/newFloor/${20 + i}`, { method: 'POST' });
        case 2:
          return fetchJson(
            `${s.baseUrl}/api/site/${site}/settings`,
            json('PATCH', { display: { title: `Mixed ${i}` } }),
          );
        default:
          // Each names the revision it read: of those reading the same one, one is stored and the rest are 409.
          return nodeRevision(s.ctx, node).then((revision) =>
            fetchJson(`${s.baseUrl}/api/node/coords/${node}`, json('PATCH', { x: i, y: i, revision })),
          );
      }
    });
    const floors = await s.ctx.db.selectFrom('floors').select('floor').where('site', '=', site).execute();
    expect(floors).toHaveLength(1 + 1 + 4);
    expect((await fetchJson(`${s.baseUrl}/api/site/${site}/settings`)).body.payload.num_floors).toBe(floors.length);
    const surveys = await s.ctx.db.selectFrom('surveys').select(['id', 'floor']).where('site', '=', site).execute();
    expect(surveys.map((x) => x.floor).sort()).toEqual([0, 1]);
    const nodes = await s.ctx.db
      .selectFrom('minimap_nodes')
      .select(['survey_id', 'node_number'])
      .where('site', '=', site)
      .execute();
    expect(new Set(nodes.map((n) => `${n.survey_id}/${n.node_number}`)).size).toBe(nodes.length);
  });

  it('40 edits of one node at once from one revision: one is stored, the others are 409 with the node as stored', async () => {
    const up = await uploadScenes(s.baseUrl, 'x', 0, { zip, csv, mode: 'addNewSite', siteName: 'Crowded Node' });
    const node = (
      await s.ctx.db
        .selectFrom('minimap_nodes')
        .select('id')
        .where('site', '=', up.body.payload.site)
        .executeTakeFirstOrThrow()
    ).id;
    // Every editor started from revision 0: the first to commit wins, and nobody overwrites it silently.
    const res = await all('edits of one node', 40, (i) =>
      i % 2
        ? fetchJson(`${s.baseUrl}/api/node/rotation/${node}`, json('PATCH', { rotation: i / 100, revision: 0 }))
        : fetchJson(`${s.baseUrl}/api/node/coords/${node}`, json('PATCH', { x: i + 2, y: -(i + 2), revision: 0 })),
    );
    const won = res.filter((r) => r.status === 200);
    expect(won).toHaveLength(1);
    const stored = await s.ctx.db
      .selectFrom('minimap_nodes')
      .select(['x', 'y', 'rotation'])
      .where('id', '=', node)
      .executeTakeFirstOrThrow();
    expect(won[0].body.payload).toMatchObject({ ...stored, revision: 1 });
    for (const r of res.filter((r) => r.status === 409)) {
      expect(r.body.message).toMatch(/^Someone else changed this scene/);
      expect(r.body.current).toMatchObject({ _id: node, revision: 1, x: stored.x, rotation: stored.rotation });
    }
    // One audit entry: the one edit that was stored.
    const site = up.body.payload.site;
    const trail = await s.ctx.db.selectFrom('audit_log').select('action').where('site', '=', site).execute();
    expect(trail).toHaveLength(1);
  });

  it('turns a lost race into a 409 with a sentence (the one place unique violations are mapped)', () => {
    expect(CONFLICT_MESSAGE).toMatch(/try again\.$/);
  });
});
