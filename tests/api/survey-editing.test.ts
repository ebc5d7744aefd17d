// The survey manager's routes over real HTTP, with single sign-on on: rename, move and delete a survey; a scene's
// title, start view, north, survey and deletion. Each edit names its revision (a stale one is a 409), is recorded in
// the site's audit trail, and a refusal changes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { startServer, fetchJson, type TestServer } from './helpers/server.ts';
import { fullState, seedSite, jsonInit, type SeededSite } from './resources-helpers.ts';
import { addUser } from '../../server/services/users.ts';

const PASSWORD = 'correct horse battery';
let s: TestServer;
let farm: SeededSite;
let admin = '';
let other = '';
/** A second survey of the farm (floor 1) whose one scene links to the first survey's scene 0. */
let loftSurvey = '';
let loftScene = '';

const api = (p: string) => `${s.baseUrl}/api/site/farm${p}`;
const as = (cookie: string, method: string, p: string, body?: unknown) =>
  fetchJson(api(p), body === undefined ? { method, headers: { cookie } } : jsonInit(method, body, { cookie }));

async function signIn(username: string): Promise<string> {
  const res = await fetch(`${s.baseUrl}/api/login`, jsonInit('POST', { username, password: PASSWORD }));
  expect(res.status).toBe(200);
  return (res.headers.get('set-cookie') ?? '').split(';')[0];
}

async function refused(call: () => Promise<{ status: number; body: any }>, status: number, message: RegExp) {
  const before = await fullState(s.ctx, { skipTables: ['sessions'] });
  const res = await call();
  expect({ status: res.status, message: res.body.message }).toEqual({
    status,
    message: expect.stringMatching(message),
  });
  expect(await fullState(s.ctx, { skipTables: ['sessions'] })).toEqual(before);
}

const surveys = async () => (await as(admin, 'GET', '/manage/surveys')).body.payload as any[];
const trail = async () => (await as(admin, 'GET', '/audit?limit=100')).body.payload.entries as any[];

beforeAll(async () => {
  s = await startServer({ USE_SSO: 'true' });
  farm = await seedSite(s.ctx, 'farm');
  await seedSite(s.ctx, 'other-farm');
  await addUser(s.ctx.db, 'farm-admin', PASSWORD, ['projectAdmin'], ['farm']);
  await addUser(s.ctx.db, 'other-admin', PASSWORD, ['projectAdmin'], ['other-farm']);
  admin = await signIn('farm-admin');
  other = await signIn('other-admin');
  const { db } = s.ctx;
  loftSurvey = randomUUID();
  loftScene = randomUUID();
  await db
    .insertInto('surveys')
    .values({ id: loftSurvey, site: 'farm', floor: 1, date: '2024-04-01', survey_name: 'Loft' })
    .execute();
  await db
    .insertInto('survey_nodes')
    .values({
      id: loftScene,
      survey_id: loftSurvey,
      site: 'farm',
      tiles_id: `loft-${loftScene}`,
      tiles_name: 'loft',
      title: 'Loft stairs',
      levels: '[]',
      face_size: 512,
      initial_parameters: JSON.stringify({ yaw: 0, pitch: 0, fov: 1.5 }),
      link_hotspots: JSON.stringify([
        { yaw: 1, pitch: 0, rotation: 0, target: farm.tilesIds[0] },
        { yaw: 2, pitch: 0, rotation: 0, target: `loft-${loftScene}` },
      ]),
      info_hotspots: '[]',
    })
    .execute();
  await db
    .insertInto('minimap_nodes')
    .values({
      id: randomUUID(),
      site: 'farm',
      floor: 1,
      survey_node_id: loftScene,
      node_number: 0,
      tiles_id: `loft-${loftScene}`,
      survey_id: loftSurvey,
      x: 1,
      y: 1,
      x_scale: 1,
      y_scale: 1,
      rotation: 0,
    })
    .execute();
  for (const t of farm.tilesIds) await s.ctx.blobs.putUnrecorded(`tiles/${t}/1/f/0/0.jpg`, Buffer.from('jpeg'));
});
afterAll(async () => {
  await s?.close();
});

describe('surveys', () => {
  it('lists the surveys with their scenes and revisions for the site’s administrators only', async () => {
    const list = await surveys();
    const spring = list.find((x) => x.id === farm.surveyId);
    expect(spring).toMatchObject({ survey_name: 'Spring', floor: 0, date: '2024-03-05', revision: 0 });
    expect(spring.scenes.map((c: any) => c.title)).toEqual(['Hall 0', 'Hall 1']);
    expect((await as(other, 'GET', '/manage/surveys')).status).toBe(403);
    expect((await as('', 'GET', '/manage/surveys')).status).toBe(401);
    expect((await as(other, 'GET', '/audit')).status).toBe(403);
  });

  it('renames a survey, answers the new revision, and refuses the stale one', async () => {
    const res = await as(admin, 'PATCH', `/manage/survey/${farm.surveyId}`, {
      revision: 0,
      survey_name: ' Spring walk ',
    });
    expect(res.status).toBe(200);
    expect(res.body.payload).toMatchObject({ survey_name: 'Spring walk', revision: 1 });
    await refused(
      () => as(admin, 'PATCH', `/manage/survey/${farm.surveyId}`, { revision: 0, survey_name: 'Late' }),
      409,
      /Someone else changed this survey since you opened it \(now revision 1\)/,
    );
    const [entry] = await trail();
    expect(entry).toMatchObject({ actor: 'farm-admin', action: 'survey.rename' });
    expect(entry.detail).toEqual({ from_name: 'Spring', to_name: 'Spring walk' });
  });

  it('moves a survey to another floor and date with its nodes, and refuses a clash or a missing floor', async () => {
    await refused(
      () =>
        as(admin, 'PATCH', `/manage/survey/${farm.surveyId}`, {
          revision: 1,
          survey_name: 'Loft',
          floor: 1,
          date: '2024-04-01',
        }),
      409,
      /^There is already a survey "Loft" \(floor 1, 2024-04-01\) on this site\./,
    );
    await refused(
      () => as(admin, 'PATCH', `/manage/survey/${farm.surveyId}`, { revision: 1, floor: 7 }),
      400,
      /^This site has no floor 7; add it on the minimap first\.$/,
    );
    await refused(
      () => as(admin, 'PATCH', `/manage/survey/${farm.surveyId}`, { revision: 1, date: '2024-02-31' }),
      400,
      /real calendar day/,
    );
    await refused(
      () => as(admin, 'PATCH', `/manage/survey/${farm.surveyId}`, { revision: 1, survey_name: '   ' }),
      400,
      /survey_name must not be blank/,
    );
    await refused(
      () => as(admin, 'PATCH', `/manage/survey/${farm.surveyId}`, { revision: 1, survey_name: 'x'.repeat(201) }),
      400,
      /at most 200 characters/,
    );
    await refused(
      () => as(other, 'PATCH', `/manage/survey/${farm.surveyId}`, { revision: 1, floor: 1 }),
      403,
      /may not change this/,
    );
    const res = await as(admin, 'PATCH', `/manage/survey/${farm.surveyId}`, {
      revision: 1,
      floor: 1,
      date: '2024-03-06',
    });
    expect(res.status).toBe(200);
    expect(res.body.payload).toMatchObject({ floor: 1, date: '2024-03-06', revision: 2 });
    const nodes = await s.ctx.db
      .selectFrom('minimap_nodes')
      .select(['floor', 'placed'])
      .where('tiles_id', 'in', farm.tilesIds)
      .execute();
    expect(nodes).toEqual([
      { floor: 1, placed: 0 },
      { floor: 1, placed: 0 },
    ]);
    // A visitor's reads follow: the floor-1 details hold the survey now.
    const details = await fetchJson(`${s.baseUrl}/api/site/farm/survey/details?floor=1&date=2024-03-06`);
    expect(details.body.payload.map((d: any) => d.survey_node.title)).toEqual(['Hall 0', 'Hall 1']);
    expect((await trail())[0]).toMatchObject({
      action: 'survey.move',
      detail: { from_floor: 0, to_floor: 1, from_date: '2024-03-05', to_date: '2024-03-06' },
    });
  });

  it('keeps another site’s survey out of reach of this site’s routes', async () => {
    const otherSurvey = (await s.ctx.db
      .selectFrom('surveys')
      .select('id')
      .where('site', '=', 'other-farm')
      .executeTakeFirstOrThrow())!.id;
    await refused(
      () => as(admin, 'PATCH', `/manage/survey/${otherSurvey}`, { revision: 0, survey_name: 'Mine' }),
      404,
      /^That survey no longer exists/,
    );
  });
});

describe('scenes', () => {
  it('sets a title, a start view and north in one edit, each in the trail', async () => {
    const id = farm.sceneIds[1];
    const res = await as(admin, 'PATCH', `/manage/scene/${id}`, {
      revision: 0,
      title: 'Hall east',
      initial_parameters: { yaw: 1, pitch: -0.2, fov: 1.2 },
      north: 0.5,
    });
    expect(res.status).toBe(200);
    expect(res.body.payload).toMatchObject({
      title: 'Hall east',
      revision: 1,
      north: 0.5,
      initial_parameters: { yaw: 1, pitch: -0.2, fov: 1.2 },
    });
    expect((await trail()).slice(0, 3).map((e) => e.action)).toEqual(
      expect.arrayContaining(['scene.rename', 'scene.startView', 'scene.north']),
    );
    await refused(
      () => as(admin, 'PATCH', `/manage/scene/${id}`, { revision: 0, title: 'Late' }),
      409,
      /Someone else changed this scene/,
    );
    for (const [body, message] of [
      [{ revision: 1, initial_parameters: { yaw: 1, pitch: 2, fov: 1 } }, /pitch must be from/],
      [{ revision: 1, initial_parameters: { yaw: 1, pitch: 0, fov: 3 } }, /fov must be from/],
      [{ revision: 1, north: 100 }, /north must be from/],
      [{ title: 'No revision' }, /revision/],
    ] as const)
      await refused(() => as(admin, 'PATCH', `/manage/scene/${id}`, body), 400, message);
    await refused(() => as(other, 'PATCH', `/manage/scene/${id}`, { revision: 1, north: 0 }), 403, /may not/);
  });

  it('moves a scene to another survey as its last scene, waiting in the tray on another floor', async () => {
    const id = farm.sceneIds[1];
    // The Spring survey is on floor 1 now, like the loft survey: the scene keeps its place.
    const res = await as(admin, 'POST', `/manage/scene/${id}/move`, { revision: 1, survey: loftSurvey });
    expect(res.status).toBe(200);
    const node = await s.ctx.db
      .selectFrom('minimap_nodes')
      .select(['survey_id', 'node_number', 'floor'])
      .where('survey_node_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(node).toEqual({ survey_id: loftSurvey, node_number: 1, floor: 1 });
    await refused(
      () => as(admin, 'POST', `/manage/scene/${id}/move`, { revision: 2, survey: 'nowhere' }),
      404,
      /survey to move the scene to no longer exists/,
    );
  });

  it('says which links a scene deletion removes, then removes them with the scene and its tiles', async () => {
    const id = farm.sceneIds[0];
    const removal = (await as(admin, 'GET', `/manage/scene/${id}/removal`)).body.payload;
    expect(removal.scenes).toEqual([{ id, title: 'Hall 0' }]);
    expect(removal.links).toEqual([
      { scene: loftScene, title: 'Loft stairs', survey_name: 'Loft', date: '2024-04-01', floor: 1, to: 'Hall 0' },
    ]);
    await refused(() => as(admin, 'DELETE', `/manage/scene/${id}`, { revision: 5 }), 409, /changed this scene/);
    await refused(() => as(other, 'DELETE', `/manage/scene/${id}`, { revision: 0 }), 403, /may not/);
    const res = await as(admin, 'DELETE', `/manage/scene/${id}`, { revision: removal.revision });
    expect(res.status).toBe(200);
    expect(res.body.payload.links).toEqual(removal.links);
    const loft = await s.ctx.db
      .selectFrom('survey_nodes')
      .select(['link_hotspots', 'revision'])
      .where('id', '=', loftScene)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(loft.link_hotspots).map((h: any) => h.target)).toEqual([`loft-${loftScene}`]);
    expect(loft.revision).toBe(1);
    expect(await s.ctx.blobs.exists(`tiles/${farm.tilesIds[0]}/1/f/0/0.jpg`)).toBe(false);
    const rows = await s.ctx.db
      .selectFrom('hotspot_descriptions')
      .select('id')
      .where('tiles_id', '=', farm.tilesIds[0])
      .execute();
    expect(rows).toEqual([]);
    expect((await trail())[0]).toMatchObject({
      action: 'scene.delete',
      target: 'scene "Hall 0"',
      detail: { links_removed: ['Loft stairs → Hall 0'] },
    });
  });
});

describe('deleting a survey', () => {
  it('says what goes, refuses a stale revision, then removes rows and tiles', async () => {
    const removal = (await as(admin, 'GET', `/manage/survey/${loftSurvey}/removal`)).body.payload;
    expect(removal.scenes.map((x: any) => x.title)).toEqual(['Loft stairs', 'Hall east']);
    expect(removal.links).toEqual([]);
    await refused(
      () => as(admin, 'DELETE', `/manage/survey/${loftSurvey}`, { revision: 9 }),
      409,
      /changed this survey/,
    );
    const res = await as(admin, 'DELETE', `/manage/survey/${loftSurvey}`, { revision: removal.revision });
    expect(res.status).toBe(200);
    expect((await surveys()).map((x) => x.id)).toEqual([farm.surveyId]);
    expect(await s.ctx.blobs.exists(`tiles/${farm.tilesIds[1]}/1/f/0/0.jpg`)).toBe(false);
    const left = await s.ctx.db.selectFrom('minimap_nodes').select('id').where('site', '=', 'farm').execute();
    expect(left).toEqual([]);
    expect((await trail())[0]).toMatchObject({
      action: 'survey.delete',
      detail: { scenes: ['Loft stairs', 'Hall east'] },
    });
  });
});

describe('the audit trail', () => {
  it('pages newest first and refuses a cursor it did not make', async () => {
    const all = await trail();
    const first = (await as(admin, 'GET', '/audit?limit=2')).body.payload;
    expect(first.entries.map((e: any) => e.id)).toEqual(all.slice(0, 2).map((e) => e.id));
    const second = (await as(admin, 'GET', `/audit?limit=2&before=${encodeURIComponent(first.next)}`)).body.payload;
    expect(second.entries.map((e: any) => e.id)).toEqual(all.slice(2, 4).map((e) => e.id));
    expect((await as(admin, 'GET', '/audit?before=nonsense')).status).toBe(400);
    expect((await as(admin, 'GET', '/audit?limit=1000')).status).toBe(400);
    const last = (await as(admin, 'GET', `/audit?limit=100`)).body.payload;
    expect(last.next).toBeNull();
  });
});
