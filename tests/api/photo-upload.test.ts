// 360 photos uploaded to POST /api/site/{site}/{floor}/addPhotos, over real HTTP, with real photographs: each photo's
// header is checked before the 202 (a wrong one refused at once, naming it, nothing left behind), then ONE job tiles
// them, telling each photo's progress, and writes the scenes through the pipeline exports use.
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { JobStatus } from '../../contract/api.ts';
import { MAX_PHOTO_BYTES, MAX_PHOTOS_PER_UPLOAD } from '../../server/services/tiler/photoLimits.ts';
import { equirectPhoto, missingFixtures } from './helpers/fixtures.ts';
import { followJob } from './helpers/jobs.ts';
import { realPhoto, uploadPhotos } from './helpers/photos.ts';
import { fetchJson, startServer, type TestServer } from './helpers/server.ts';
import { snapshotState, storedKeys, tableCounts } from './helpers/snapshot.ts';

const skip = missingFixtures(equirectPhoto('city'), equirectPhoto('forest'));
let s: TestServer;
let city: Buffer;
let forest: Buffer;
beforeAll(async () => {
  if (skip) return;
  s = await startServer();
  [city, forest] = await Promise.all([realPhoto('city'), realPhoto('forest')]);
});
afterAll(async () => {
  await s?.close();
});

const nodesOf = (site: string) =>
  s.ctx.db
    .selectFrom('survey_nodes as n')
    .innerJoin('minimap_nodes as m', 'm.survey_node_id', 'n.id')
    .innerJoin('surveys as v', 'v.id', 'n.survey_id')
    .select(['n.tiles_id', 'n.title', 'n.levels', 'n.face_size', 'n.initial_parameters', 'n.link_hotspots'])
    .select(['m.x', 'm.y', 'm.placed', 'm.rotation', 'v.date', 'v.survey_name', 'v.floor'])
    .where('n.site', '=', site)
    .orderBy('n.title')
    .execute();

const leftovers = async () => ({
  incoming: (await storedKeys(s.ctx)).filter((k) => k.startsWith('incoming/')),
  staging: (await snapshotState(s.ctx)).staging,
});

describe.skipIf(!!skip)('photo uploads', () => {
  it('without a CSV: one job tiles both photos; the scenes come in unplaced, named after their files', async () => {
    const up = await uploadPhotos(s.baseUrl, 'photosite', 0, {
      photos: [
        { name: 'city.jpg', bytes: city },
        { name: 'forest.jpg', bytes: forest },
      ],
      fields: { mode: 'addNewSite', siteName: 'Photo site', date: '2026-01-02', surveyName: 'Walk' },
    });
    expect(up.status, up.body.message).toBe(202);
    // Polled often, as the upload page does, to see the photos' own progress while the job runs.
    const seen: JobStatus[] = [];
    const { last } = await followJob(s.baseUrl, 'photosite', up.body.payload.job, { onStatus: (st) => seen.push(st) });
    expect(last).toMatchObject({
      kind: 'tile-photos',
      state: 'done',
      result: { scenes: 2, floor: 0, date: '2026-01-02' },
    });
    // 2048-wide: faces of 512, so a preview strip and one 512-px tile per face (docs/tiling.md).
    expect(last.photos).toEqual([
      { name: 'city.jpg', state: 'done', done: 7, total: 7 },
      { name: 'forest.jpg', state: 'done', done: 7, total: 7 },
    ]);
    expect(last.progress).toEqual({ done: 14, total: 14 });
    const running = seen.filter((st) => st.state === 'running' && st.photos?.length === 2);
    expect(running.length).toBeGreaterThan(0);
    expect(running[0].progress.total).toBe(14);
    expect(running[0].progress.done).toBeLessThan(14);

    const site = last.result!.site;
    const nodes = await nodesOf(site);
    expect(nodes.map((n) => [n.title, n.x, n.y, n.placed, n.date, n.survey_name])).toEqual([
      ['city', 0, 0, 0, '2026-01-02', 'Walk'],
      ['forest', 0, 0, 0, '2026-01-02', 'Walk'],
    ]);
    expect(JSON.parse(nodes[0].initial_parameters)).toEqual({ yaw: 0, pitch: 0, fov: Math.PI / 2 });
    expect(JSON.parse(nodes[0].link_hotspots)).toEqual([]);
    expect(nodes[0].face_size).toBe(512);
    expect(JSON.parse(nodes[0].levels)).toEqual([
      { tileSize: 256, size: 256, fallbackOnly: true },
      { tileSize: 512, size: 512 },
    ]);
    // The tiles are served where the viewer reads them.
    const keys = await storedKeys(s.ctx);
    expect(keys.filter((k) => k.startsWith(`tiles/${nodes[0].tiles_id}/`))).toHaveLength(7);
    const tile = await fetch(`${s.baseUrl}/media/tiles/${nodes[0].tiles_id}/1/f/0/0.jpg`);
    expect(tile.status).toBe(200);
    expect((await sharp(Buffer.from(await tile.arrayBuffer())).metadata()).width).toBe(512);
    await expect.poll(leftovers).toEqual({ incoming: [], staging: [] });
    // Not even an empty folder of the photos stays (a folder store).
    const incomingDir = path.join(s.dataDir, 'media', 'incoming');
    if (fs.existsSync(incomingDir)) expect(fs.readdirSync(incomingDir)).toEqual([]);
  });

  it('with a CSV: titles, positions, dates and floors from its rows; the scenes are placed', async () => {
    const csv = 'title,fileName,x,y,date,floor,survey_name\r\nThe city,city,12,34,05/03/2024,0,Spring\r\n';
    const up = await uploadPhotos(s.baseUrl, 'csvsite', 0, {
      photos: [{ name: 'city.jpg', bytes: city }],
      csv,
      fields: { mode: 'addNewSite', siteName: 'CSV site' },
    });
    expect(up.status, up.body.message).toBe(202);
    const { last } = await followJob(s.baseUrl, 'csvsite', up.body.payload.job);
    expect(last.state).toBe('done');
    const nodes = await nodesOf(last.result!.site);
    expect(nodes.map((n) => [n.title, n.x, n.y, n.placed, n.date, n.survey_name])).toEqual([
      ['The city', 12, 34, 1, '2024-03-05', 'Spring'],
    ]);
    const details = await fetchJson(`${s.baseUrl}/api/site/${last.result!.site}/survey/details?floor=0`);
    expect(details.body.payload).toHaveLength(1);
  });

  it('takes the photo heading (GPano PoseHeadingDegrees) as the minimap rotation', async () => {
    const xmp =
      '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">' +
      '<rdf:Description xmlns:GPano="http://ns.google.com/photos/1.0/panorama/" GPano:ProjectionType="equirectangular" ' +
      'GPano:PoseHeadingDegrees="90"/></rdf:RDF></x:xmpmeta>';
    const headed = await sharp(city).withXmp(xmp).jpeg().toBuffer();
    const up = await uploadPhotos(s.baseUrl, 'headsite', 0, {
      photos: [{ name: 'headed.jpg', bytes: headed }],
      fields: { mode: 'addNewSite', siteName: 'Heading', date: '2026-01-02' },
    });
    expect(up.status, up.body.message).toBe(202);
    const { last } = await followJob(s.baseUrl, 'headsite', up.body.payload.job);
    expect(last.state, last.error?.message).toBe('done');
    const [node] = await nodesOf(last.result!.site);
    expect(node.rotation).toBeCloseTo(Math.PI / 2, 6);
  });

  describe('refused before any decode, naming the photo, leaving nothing behind', () => {
    const square = () => sharp(equirectPhoto('city')).resize(2048, 2048, { fit: 'fill' }).jpeg().toBuffer();
    const cases: {
      name: string;
      input: () => Promise<Parameters<typeof uploadPhotos>[3]>;
      status: number;
      message: RegExp;
    }[] = [
      {
        name: 'too many photos',
        input: async () => ({
          photos: Array.from({ length: MAX_PHOTOS_PER_UPLOAD + 1 }, (_, i) => ({ name: `p${i}.jpg`, bytes: city })),
          fields: { date: '2026-01-02' },
        }),
        status: 413,
        message: new RegExp(`at most ${MAX_PHOTOS_PER_UPLOAD} photos`),
      },
      {
        name: 'a file larger than a photo may be',
        input: async () => ({
          photos: [{ name: 'huge.jpg', bytes: Buffer.concat([city, Buffer.alloc(MAX_PHOTO_BYTES - city.length + 1)]) }],
          fields: { date: '2026-01-02' },
        }),
        status: 413,
        message: /"huge\.jpg" weighs more than the 200 MB/,
      },
      {
        name: 'a photo that is not 2:1',
        input: async () => ({
          photos: [
            { name: 'city.jpg', bytes: city },
            { name: 'square.jpg', bytes: await square() },
          ],
          fields: { date: '2026-01-02' },
        }),
        status: 400,
        message: /"square\.jpg".*2:1/,
      },
      {
        name: 'a file that is not a picture',
        input: async () => ({
          photos: [{ name: 'notes.jpg', bytes: Buffer.from('these are my notes, not a photo\n'.repeat(100)) }],
          fields: { date: '2026-01-02' },
        }),
        status: 400,
        message: /"notes\.jpg" is not a picture/,
      },
      {
        name: 'a CSV that names a photo not sent and misses one that was',
        input: async () => ({
          photos: [
            { name: 'city.jpg', bytes: city },
            { name: 'forest.jpg', bytes: forest },
          ],
          csv: 'title,fileName,x,y,date,floor\r\nCity,city,1,2,05/03/2024,0\r\nGone,garden,1,2,05/03/2024,0\r\n',
        }),
        status: 400,
        message: /no row in the positions CSV for "forest\.jpg".*"garden" \(line 3\)/,
      },
      {
        name: 'photos without a CSV and without a date',
        input: async () => ({ photos: [{ name: 'city.jpg', bytes: city }] }),
        status: 400,
        message: /need the date field/,
      },
    ];
    // A job the tests above followed to "done" still drops its ledger rows and incoming photos just after; compare
    // from the settled state, or that cleanup reads as a change made by the refused upload.
    beforeEach(async () => {
      await expect.poll(leftovers).toEqual({ incoming: [], staging: [] });
      await expect.poll(async () => (await tableCounts(s.ctx)).pending_blobs).toBe(0);
    });
    for (const c of cases) {
      it(c.name, async () => {
        const before = await snapshotState(s.ctx);
        const res = await uploadPhotos(s.baseUrl, 'refused', 0, { ...(await c.input()) });
        expect(res.status, res.body.message).toBe(c.status);
        expect(res.body.message).toMatch(c.message);
        expect(await snapshotState(s.ctx)).toEqual(before);
      });
    }
  });

  it('a photo whose header reads but whose body is cut short fails the job naming it, leaving nothing', async () => {
    const before = await snapshotState(s.ctx);
    const cut = city.subarray(0, Math.floor(city.length * 0.6));
    const up = await uploadPhotos(s.baseUrl, 'cutsite', 0, {
      photos: [
        { name: 'forest.jpg', bytes: forest },
        { name: 'cut.jpg', bytes: cut },
      ],
      fields: { mode: 'addNewSite', siteName: 'Cut', date: '2026-01-02' },
    });
    expect(up.status, up.body.message).toBe(202);
    const { last } = await followJob(s.baseUrl, 'cutsite', up.body.payload.job);
    expect(last.state).toBe('failed');
    expect(last.error?.status).toBe(400);
    expect(last.error?.message).toMatch(/^"cut\.jpg" /);
    expect(last.photos?.find((p) => p.name === 'cut.jpg')).toMatchObject({ state: 'failed' });
    // Only the job's own record stays (it tells the person waiting what happened); polled, as the failed job's
    // cleanup may finish just after its state is told.
    const withoutJobs = async () => {
      const after = await snapshotState(s.ctx);
      return { ...after, tables: { ...after.tables, jobs: before.tables.jobs } };
    };
    await expect.poll(withoutJobs).toEqual(before);
  });
});
