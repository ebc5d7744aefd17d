// The survey manager's size column over real HTTP: each scene's stored bytes are kept at ingest (export, photos,
// replace) and follow its AVIF copy; a survey's size is its scenes' sum, right after a move, a deletion and a
// replace; scenes stored before the size was kept are measured from the store once, all or nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, fetchJson, type TestServer } from './helpers/server.ts';
import { exportZip, positionsCsv, type SceneSpec } from './helpers/exportBuilder.ts';
import { uploadScenes } from './helpers/upload.ts';
import { realPhoto, uploadPhotos } from './helpers/photos.ts';
import { followJob } from './helpers/jobs.ts';
import { equirectPhoto, missingFixtures } from './helpers/fixtures.ts';
import { jsonInit } from './resources-helpers.ts';
import { makeAvifCopy } from '../../server/services/avifTiles.ts';
import { measureUnsizedScenes } from '../../server/services/tileBytes.ts';
import type { BlobStore } from '../../server/storage/blobStore.ts';

let s: TestServer;
let site = '';

const api = (p: string) => `${s.baseUrl}/api/site/${site}${p}`;
const surveys = async () => (await fetchJson(api('/manage/surveys'))).body.payload as any[];
const byName = async (name: string) => (await surveys()).find((x) => x.survey_name === name);

/** What the store holds under a scene's folder, counting only the copies `formats` names. */
async function storedBytes(tilesId: string, formats = ['jpg']): Promise<number> {
  let total = 0;
  for await (const b of s.ctx.blobs.listUnder(`tiles/${tilesId}/`))
    if (formats.some((f) => b.key.endsWith(`.${f}`))) total += b.size;
  return total;
}

const sum = (ns: number[]) => ns.reduce((a, b) => a + b, 0);

/** Every scene's size is what the store holds of it, and each survey's the sum of its scenes'. */
async function expectSizesAsStored() {
  for (const survey of await surveys()) {
    const each = await Promise.all(survey.scenes.map((c: any) => storedBytes(c.tiles_id)));
    expect(survey.scenes.map((c: any) => c.size_bytes)).toEqual(each);
    expect(survey.size_bytes).toBe(sum(each));
  }
}

const three: SceneSpec[] = [
  { id: '0-hall_a', name: 'hall_a' },
  { id: '1-hall_b', name: 'hall_b' },
  { id: '2-hall_c', name: 'hall_c' },
];

beforeAll(async () => {
  s = await startServer();
  const up = await uploadScenes(s.baseUrl, 'sizes', 0, {
    zip: await exportZip({ scenes: three }),
    csv: positionsCsv(three),
    mode: 'addNewSite',
    siteName: 'Sizes',
  });
  expect(up.status).toBe(200);
  site = up.body.payload.site;
  // A second survey (another day) of one scene.
  const second = await uploadScenes(s.baseUrl, site, 0, {
    zip: await exportZip({ scenes: [three[0]] }),
    csv: positionsCsv([three[0]], '06/03/2024'),
    mode: 'addScene',
  });
  expect(second.status).toBe(200);
});
afterAll(async () => s?.close());

describe('survey sizes', () => {
  it('keeps what each uploaded scene weighs as stored, and adds a survey up', async () => {
    const all = await surveys();
    expect(all).toHaveLength(2);
    for (const survey of all) expect(survey.size_bytes).toBeGreaterThan(0);
    await expectSizesAsStored();
  });

  it('follows a scene moved to another survey and a scene deleted', async () => {
    const [newer, older] = await surveys();
    expect(older.scenes).toHaveLength(3);
    const moving = older.scenes[2];
    const moved = await fetchJson(
      api(`/manage/scene/${moving.id}/move`),
      jsonInit('POST', { revision: moving.revision, survey: newer.id }),
    );
    expect(moved.status).toBe(200);
    const [newer2, older2] = await surveys();
    expect(newer2.size_bytes).toBe(newer.size_bytes + moving.size_bytes);
    expect(older2.size_bytes).toBe(older.size_bytes - moving.size_bytes);

    const gone = older2.scenes[1];
    const deleted = await fetchJson(api(`/manage/scene/${gone.id}`), jsonInit('DELETE', { revision: gone.revision }));
    expect(deleted.status).toBe(200);
    const [, older3] = await surveys();
    expect(older3.size_bytes).toBe(older2.size_bytes - gone.size_bytes);
    await expectSizesAsStored();
  });

  it('is the new scenes’ size after a replace with an export', async () => {
    const older = (await surveys())[1];
    const replacement: SceneSpec[] = [{ id: '0-yard', name: 'yard' }];
    const up = await uploadScenes(s.baseUrl, site, 0, {
      zip: await exportZip({ scenes: replacement }),
      csv: positionsCsv(replacement),
      fields: { replaceSurvey: older.id, revision: String(older.revision) },
    });
    expect(up.status).toBe(200);
    const after = (await surveys()).find((x) => x.id === older.id);
    expect(after.scenes.map((c: any) => c.tiles_name)).toEqual(['yard']);
    expect(after.size_bytes).toBe(await storedBytes(after.scenes[0].tiles_id));
    await expectSizesAsStored();
  });

  const noPhotos = missingFixtures(equirectPhoto('city'));
  it.skipIf(!!noPhotos)('keeps the size of photos tiled by the server', async () => {
    const up = await uploadPhotos(s.baseUrl, site, 0, {
      photos: [{ name: 'porch.jpg', bytes: await realPhoto('city') }],
      fields: { date: '2024-05-01', surveyName: 'Photos' },
    });
    expect(up.status).toBe(202);
    const { last } = await followJob(s.baseUrl, site, up.body.payload.job, { timeoutMs: 60_000 });
    expect(last.state).toBe('done');
    const photos = await byName('Photos');
    // A 2048-px photo makes a pyramid of hundreds of kilobytes at least.
    expect(photos.size_bytes).toBeGreaterThan(100_000);
    await expectSizesAsStored();
  });

  it('takes in the AVIF copy in the statement that announces it', async () => {
    const [survey] = await surveys();
    const scene = survey.scenes[0];
    expect(await makeAvifCopy(s.ctx, scene.tiles_id)).toBe('made');
    const avif = await storedBytes(scene.tiles_id, ['avif']);
    expect(avif).toBeGreaterThan(0);
    const after = (await surveys()).find((x) => x.id === survey.id);
    const jpg = await storedBytes(scene.tiles_id);
    expect(after.scenes[0].size_bytes).toBe(jpg + avif);
    expect(after.size_bytes).toBe(survey.size_bytes + avif);
  });

  it('measures scenes stored before sizes were kept, all at once or not at all', async () => {
    const known = await surveys();
    await s.ctx.db.updateTable('survey_nodes').set({ tile_bytes: null }).execute();
    const unknown = await surveys();
    expect(unknown.map((x) => x.size_bytes)).toEqual(known.map(() => null));
    expect(unknown.flatMap((x) => x.scenes.map((c: any) => c.size_bytes))).not.toContain(0);

    // A store whose listing fails on the last scene: nothing is written, every size stays unknown.
    const last = known.at(-1).scenes.at(-1).tiles_id;
    const failing = Object.create(s.ctx.blobs) as BlobStore;
    failing.listUnder = (prefix: string) => {
      if (prefix.includes(last)) throw new Error('the bucket did not answer');
      return s.ctx.blobs.listUnder(prefix);
    };
    await expect(measureUnsizedScenes(s.ctx.db, failing)).rejects.toThrow('the bucket did not answer');
    expect((await surveys()).map((x) => x.size_bytes)).toEqual(known.map(() => null));

    // Measured again from the store: the same numbers as kept at ingest (the announced AVIF copy included).
    const scenes = sum(known.map((x) => x.scenes.length));
    expect(await measureUnsizedScenes(s.ctx.db, s.ctx.blobs)).toBe(scenes);
    expect(await surveys()).toEqual(known);
    expect(await measureUnsizedScenes(s.ctx.db, s.ctx.blobs)).toBe(0);
  });
});
