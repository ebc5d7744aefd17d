// Replacing a survey whole over real HTTP: a new export or new photos for the same survey (its floor, date and name
// kept whatever the CSV says). The old scenes go in the transaction that writes the new ones; links from other
// surveys follow a new scene of the same name or go (named in the answer and the trail); the old tiles leave the
// store after the commit; a stale revision, a survey of another site, a half-given replace are refused unchanged.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, fetchJson, type TestServer } from './helpers/server.ts';
import { fullState, seedSite, type SeededSite } from './resources-helpers.ts';
import { exportZip, positionsCsv, type SceneSpec } from './helpers/exportBuilder.ts';
import { uploadScenes } from './helpers/upload.ts';
import { realPhoto, uploadPhotos } from './helpers/photos.ts';
import { followJob } from './helpers/jobs.ts';
import { missingFixtures, equirectPhoto } from './helpers/fixtures.ts';

let s: TestServer;
let farm: SeededSite;
let surveyId = '';

const first: SceneSpec[] = [
  { id: '0-hall_a', name: 'hall_a' },
  { id: '1-hall_b', name: 'hall_b' },
];
const second: SceneSpec[] = [
  { id: '0-hall_a', name: 'hall_a' },
  { id: '1-hall_c', name: 'hall_c' },
];

const surveys = async () => (await fetchJson(`${s.baseUrl}/api/site/farm/manage/surveys`)).body.payload as any[];
const survey = async () => (await surveys()).find((x) => x.id === surveyId);
/** Whether the store (folder or bucket) holds tiles of `id`. */
const stored = async (id: string) => (await s.ctx.blobs.units()).has(`tiles/${id}`);
const replaceWith = async (scenes: SceneSpec[], fields: Record<string, string>, site = 'farm') =>
  uploadScenes(s.baseUrl, site, 0, {
    zip: await exportZip({ scenes }),
    // Another date in the CSV: the replaced survey keeps its own.
    csv: positionsCsv(scenes, '01/01/2020'),
    fields,
  });
const linksOf = async (nodeId: string) => {
  const row = await s.ctx.db
    .selectFrom('survey_nodes')
    .select('link_hotspots')
    .where('id', '=', nodeId)
    .executeTakeFirstOrThrow();
  return (JSON.parse(row.link_hotspots) as { target: string }[]).map((h) => h.target);
};

async function unchangedBy(call: () => Promise<{ status: number; body: any }>, status: number, message: RegExp) {
  const before = await fullState(s.ctx, { skipTables: ['sessions', 'pending_blobs'] });
  const res = await call();
  expect({ status: res.status, message: res.body.message }).toEqual({
    status,
    message: expect.stringMatching(message),
  });
  expect(await fullState(s.ctx, { skipTables: ['sessions', 'pending_blobs'] })).toEqual(before);
}

beforeAll(async () => {
  s = await startServer({ INGEST_JOB_MIN_BYTES: String(1 << 30) });
  farm = await seedSite(s.ctx, 'farm');
  const up = await uploadScenes(s.baseUrl, 'farm', 0, {
    zip: await exportZip({ scenes: first }),
    csv: positionsCsv(first),
  });
  expect(up.status).toBe(200);
  surveyId = up.body.payload.surveys[0];
  // A scene of the seeded survey links to both scenes of the uploaded one.
  const [a, b] = (await survey()).scenes;
  await s.ctx.db
    .updateTable('survey_nodes')
    .set({
      link_hotspots: JSON.stringify([
        { yaw: 0, pitch: 0, rotation: 0, target: a.tiles_id },
        { yaw: 1, pitch: 0, rotation: 0, target: b.tiles_id },
      ]),
    })
    .where('id', '=', farm.sceneIds[0])
    .execute();
});
afterAll(async () => s?.close());

describe('replace a survey', () => {
  it('refuses a stale revision, a survey of another site, and half a request, changing nothing', async () => {
    const { revision } = await survey();
    await unchangedBy(
      () => replaceWith(second, { replaceSurvey: surveyId, revision: String(revision + 1) }),
      409,
      /Someone else changed this survey .*now revision/,
    );
    await seedSite(s.ctx, 'other-farm');
    await unchangedBy(
      () => replaceWith(second, { replaceSurvey: surveyId, revision: String(revision) }, 'other-farm'),
      404,
      /survey to replace no longer exists/,
    );
    await unchangedBy(() => replaceWith(second, { replaceSurvey: surveyId }), 400, /needs the survey id and revision/);
    await unchangedBy(
      () => replaceWith(second, { replaceSurvey: surveyId, revision: String(revision), mode: 'addNewSite' }),
      400,
      /within its site/,
    );
  });

  it('swaps the scenes in one commit, keeps links to a scene of the same name, removes the others', async () => {
    const before = await survey();
    const oldTiles = before.scenes.map((x: any) => x.tiles_id);
    for (const t of oldTiles) expect(await stored(t)).toBe(true);

    const res = await replaceWith(second, { replaceSurvey: surveyId, revision: String(before.revision) });
    expect(res.status).toBe(200);
    expect(res.body.payload).toMatchObject({ surveys: [surveyId], scenes: 2, replaced: 2, date: before.date });
    expect(res.body.payload.links_removed).toEqual([expect.stringMatching(/Spring.*→ hall_b title/)]);

    const after = await survey();
    expect(after).toMatchObject({ floor: before.floor, date: before.date, survey_name: before.survey_name });
    expect(after.revision).toBe(before.revision + 1);
    expect(after.scenes.map((x: any) => x.tiles_name)).toEqual(['hall_a', 'hall_c']);
    // The old tiles are gone from the store, the new ones there; the link to hall_a now points at the new hall_a.
    for (const t of oldTiles) expect(await stored(t)).toBe(false);
    for (const x of after.scenes) expect(await stored(x.tiles_id)).toBe(true);
    expect(await linksOf(farm.sceneIds[0])).toEqual([after.scenes[0].tiles_id]);
    expect(await s.ctx.db.selectFrom('pending_blobs').selectAll().execute()).toEqual([]);

    const trail = (await fetchJson(`${s.baseUrl}/api/site/farm/audit`)).body.payload.entries as any[];
    expect(trail[0]).toMatchObject({
      action: 'survey.replace',
      target: expect.stringContaining(before.survey_name),
      detail: { scenes_before: 2, scenes_after: 2, scenes_gone: ['hall_b title'], links_kept: 1 },
    });
  });

  const noPhotos = missingFixtures(equirectPhoto('city'), equirectPhoto('forest'));
  it.skipIf(!!noPhotos)('replaces a survey with photos through the job, on its floor, date and name', async () => {
    const before = await survey();
    const up = await uploadPhotos(s.baseUrl, 'farm', 1, {
      photos: [{ name: 'hall_a.jpg', bytes: await realPhoto('city') }],
      fields: { replaceSurvey: surveyId, revision: String(before.revision), date: '2001-01-01', surveyName: 'Else' },
    });
    expect(up.status).toBe(202);
    const { last } = await followJob(s.baseUrl, 'farm', up.body.payload.job, { timeoutMs: 60_000 });
    expect(last.state).toBe('done');
    const after = await survey();
    expect(after).toMatchObject({ floor: before.floor, date: before.date, survey_name: before.survey_name });
    expect(after.scenes.map((x: any) => x.tiles_name)).toEqual(['hall_a']);
    // The job is done once its rows commit; the old tiles go just after.
    for (const x of before.scenes) await expect.poll(() => stored(x.tiles_id), { timeout: 10_000 }).toBe(false);
    // The photo hall_a.jpg (scene hall_a) follows the export's scene hall_a, and the link from the other survey too.
    expect(await linksOf(farm.sceneIds[0])).toEqual([after.scenes[0].tiles_id]);
  });
});
