// Scenes that came without a position (minimap_nodes.placed = 0): visitors' floor plan leaves them out, the node
// editor lists them apart, the scene list still has them, and moving one onto the plan places it in the same write.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, fetchJson, type TestServer } from './helpers/server.ts';
import { seedSite, jsonInit, type SeededSite, nodeRevision } from './resources-helpers.ts';
import { equirectPhoto, missingFixtures } from './helpers/fixtures.ts';
import { followJob } from './helpers/jobs.ts';
import { realPhoto, uploadPhotos } from './helpers/photos.ts';

let s: TestServer;
let seeded: SeededSite;
const api = (p: string) => `${s.baseUrl}/api${p}`;
const get = (p: string) => fetchJson(api(p));
const send = (method: string, p: string, body: unknown) => fetchJson(api(p), jsonInit(method, body));
const NODES = '/site/farm/0/survey/minimapSingleSite';
const ids = (entries: Array<{ _id: string }>) => entries.map((e) => e._id);

beforeAll(async () => {
  s = await startServer();
  seeded = await seedSite(s.ctx, 'farm');
});
afterAll(async () => {
  await s?.close();
});

const unplace = (id: string) =>
  s.ctx.db.updateTable('minimap_nodes').set({ placed: 0, x: 0, y: 0 }).where('id', '=', id).execute();

describe('unplaced scenes', () => {
  it('tells placed on every entry; a visitor plan leaves unplaced nodes out, the editor asks for them apart', async () => {
    const [first, second] = seeded.nodeIds;
    // Read once before the change, so that a kept answer would show up as stale.
    expect(ids((await get(NODES)).body.payload)).toEqual([first, second]);
    await unplace(first);

    const visitor = (await get(NODES)).body.payload;
    expect(ids(visitor)).toEqual([second]);
    expect(visitor[0].placed).toBe(true);
    const withDate = (await get(`${NODES}?date=2024-03-05`)).body.payload;
    expect(ids(withDate)).toEqual([second]);

    const tray = (await get(`${NODES}?placed=false`)).body.payload;
    expect(ids(tray)).toEqual([first]);
    expect(tray[0]).toMatchObject({ placed: false, minimap_node: { title: 'Hall 0', tiles_id: seeded.tilesIds[0] } });

    // The scene stays reachable: the scene list (deep links, links, the timeline) still has it.
    const scenes = (await get('/site/farm/survey/details?floor=0')).body.payload;
    expect(scenes.map((sc: any) => sc.survey_node.tiles_id)).toContain(seeded.tilesIds[0]);
  });

  it('turning an unplaced node does not place it; moving it places it in the same write', async () => {
    const id = seeded.nodeIds[1];
    await unplace(id);
    const turned = await send('PATCH', `/node/rotation/${id}`, {
      rotation: 1,
      revision: await nodeRevision(s.ctx, id),
    });
    expect(turned.body.payload.placed).toBe(false);
    expect(ids((await get(`${NODES}?placed=false`)).body.payload)).toContain(id);

    const moved = await send('PATCH', `/node/coords/${id}`, { x: 40, y: 60, revision: await nodeRevision(s.ctx, id) });
    expect(moved.status).toBe(200);
    expect(moved.body.payload).toMatchObject({ _id: id, x: 40, y: 60, placed: true, rotation: 1 });
    const row = await s.ctx.db.selectFrom('minimap_nodes').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect([row.placed, row.x, row.y]).toEqual([1, 40, 60]);
    expect(ids((await get(NODES)).body.payload)).toContain(id);
    expect(ids((await get(`${NODES}?placed=false`)).body.payload)).not.toContain(id);
  });

  it('refuses a placed filter it does not know', async () => {
    const res = await get(`${NODES}?placed=maybe`);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/placed/);
  });

  it.skipIf(missingFixtures(equirectPhoto('city')))(
    'a photo uploaded without positions comes in unplaced, and moving it places it',
    async () => {
      const up = await uploadPhotos(s.baseUrl, 'photos', 0, {
        photos: [{ name: 'city.jpg', bytes: await realPhoto('city') }],
        fields: { mode: 'addNewSite', siteName: 'Photos', date: '2026-01-02', surveyName: 'Walk' },
      });
      expect(up.status, up.body.message).toBe(202);
      const { last } = await followJob(s.baseUrl, 'photos', up.body.payload.job);
      expect(last.state).toBe('done');
      const site = last.result!.site;
      const nodes = `/site/${site}/0/survey/minimapSingleSite`;
      expect((await get(nodes)).body.payload).toEqual([]);
      const [tray] = (await get(`${nodes}?placed=false`)).body.payload;
      expect(tray).toMatchObject({ placed: false, x: 0, y: 0, minimap_node: { title: 'city' } });
      const scenes = (await get(`/site/${site}/survey/details?floor=0`)).body.payload;
      expect(scenes.map((sc: any) => sc.survey_node.tiles_id)).toEqual([tray.minimap_node.tiles_id]);

      expect(
        (await send('PATCH', `/node/coords/${tray._id}`, { x: 12, y: 34, revision: tray.revision })).body.payload
          .placed,
      ).toBe(true);
      expect((await get(nodes)).body.payload).toMatchObject([{ _id: tray._id, x: 12, y: 34, placed: true }]);
      expect((await get(`${nodes}?placed=false`)).body.payload).toEqual([]);
    },
    60_000,
  );
});
