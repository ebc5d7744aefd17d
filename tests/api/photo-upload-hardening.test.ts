// Photo uploads against what an attacker or an unlucky client sends. Text in multipart bodies (form fields, file
// names used as titles) meets the bounds JSON bodies do: longer than NAME_MAX, or holding a NUL or another control
// character, it is refused at once with a sentence naming it, and nothing is left behind (a NUL used to fail the
// row insert on PostgreSQL after all the tiling).
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NAME_MAX } from '../../contract/limits.ts';
import { equirectPhoto, missingFixtures } from './helpers/fixtures.ts';
import { exportZip, positionsCsv } from './helpers/exportBuilder.ts';
import { realPhoto, uploadPhotos } from './helpers/photos.ts';
import { fetchJson, startServer, type TestServer } from './helpers/server.ts';
import { storedKeys } from './helpers/snapshot.ts';
import { uploadScenes } from './helpers/upload.ts';
import { followJob } from './helpers/jobs.ts';
import { FolderBlobStore } from '../../server/storage/folderBlobStore.ts';

const skip = missingFixtures(equirectPhoto('city'), equirectPhoto('studio'));
let s: TestServer;
let city: Buffer;
let studio: Buffer;
beforeAll(async () => {
  if (skip) return;
  s = await startServer();
  [city, studio] = await Promise.all([realPhoto('city'), realPhoto('studio')]);
});
afterAll(async () => {
  await s?.close();
});

const nothingKept = async () => {
  expect((await storedKeys(s.ctx)).filter((k) => k.startsWith('incoming/') || k.startsWith('tiles/'))).toEqual([]);
  expect(await s.ctx.db.selectFrom('jobs').select('id').execute()).toEqual([]);
};

describe.skipIf(!!skip)('multipart text', () => {
  const photoFields = { mode: 'addNewSite', siteName: 'Fields', date: '2026-01-02', surveyName: 'Walk' };

  it.each([
    ['surveyName', { surveyName: 'Walk\u0000one' }, /field "surveyName" holds a control character/],
    ['siteName', { siteName: 'x'.repeat(NAME_MAX + 1) }, /field "siteName" has 201 characters; at most 200/],
    ['date', { date: '2026-01-02\u0007' }, /field "date" holds a control character/],
  ])('refuses a photo upload whose %s is not a name', async (_, fields, message) => {
    const up = await uploadPhotos(s.baseUrl, 'fields', 0, {
      photos: [{ name: 'city.jpg', bytes: city }],
      fields: { ...photoFields, ...fields },
    });
    expect(up.status).toBe(400);
    expect(up.body.message).toMatch(message);
    await nothingKept();
  });

  it.each([
    ['a control character', 'city\u0001.jpg', /file name "city\\u0001.jpg" holds a control character/],
    ['too many characters', `${'c'.repeat(NAME_MAX)}.jpg`, /file name "c{40}…" has 204 characters/],
  ])('refuses a photo whose file name has %s', async (_, name, message) => {
    const up = await uploadPhotos(s.baseUrl, 'fields', 0, { photos: [{ name, bytes: city }], fields: photoFields });
    expect(up.status).toBe(400);
    expect(up.body.message).toMatch(message);
    await nothingKept();
  });

  it('refuses an export upload whose site name holds a control character, as a field or in the query', async () => {
    const input = { zip: await exportZip(), csv: positionsCsv(), mode: 'addNewSite' };
    const field = await uploadScenes(s.baseUrl, 'fields', 0, { ...input, siteName: 'Farm\u001b[31m' });
    expect(field.status).toBe(400);
    expect(field.body.message).toMatch(/field "siteName" holds a control character/);
    const form = new FormData();
    form.append('zipFile', new Blob([new Uint8Array(input.zip)]), 'export.zip');
    form.append('properties', new Blob([input.csv]), 'positions.csv');
    const query = await fetchJson(`${s.baseUrl}/api/site/fields/0/addScenes?mode=addNewSite&siteName=Farm%0Aline`, {
      method: 'POST',
      body: form,
    });
    expect(query.status).toBe(400);
    expect(query.body.message).toMatch(/field "siteName" holds a control character/);
    await nothingKept();
  });
});

// A photo job done leaves its scenes' tiles and nothing of the upload, not even the folder its photos were in.
const fields = { mode: 'addNewSite', siteName: 'Leftovers', date: '2026-01-02' };

describe.skipIf(!!skip)('a photo job done', () => {
  it('leaves no folder of its upload in incoming/', async () => {
    const up = await uploadPhotos(s.baseUrl, 'leftovers', 0, {
      photos: [{ name: 'studio.jpg', bytes: studio }],
      fields,
    });
    expect(up.status, up.body.message).toBe(202);
    const { last } = await followJob(s.baseUrl, 'leftovers', up.body.payload.job);
    expect(last.state).toBe('done');
    await expect.poll(async () => (await storedKeys(s.ctx)).filter((k) => k.startsWith('incoming/'))).toEqual([]);
    // A folder store would keep an empty folder of the upload; a bucket has no folders to keep.
    if (s.ctx.blobs instanceof FolderBlobStore) {
      const incoming = s.ctx.blobs.pathOf('incoming');
      await expect.poll(() => (fs.existsSync(incoming) ? fs.readdirSync(incoming) : [])).toEqual([]);
    }
  });
});

// The photos of one upload together are bounded (MAX_UPLOAD_BYTES), counted while they stream in.
describe.skipIf(!!skip)('the bytes of one photo upload', () => {
  let small: TestServer;
  beforeAll(async () => {
    small = await startServer({ MAX_UPLOAD_BYTES: String(Math.round(city.length * 1.5)) });
  });
  afterAll(async () => {
    await small?.close();
  });

  it('refuses photos heavier together than the bound, keeping nothing; one of them alone is taken', async () => {
    const both = await uploadPhotos(small.baseUrl, 'budget', 0, {
      photos: [
        { name: 'city.jpg', bytes: city },
        { name: 'city2.jpg', bytes: city },
      ],
      fields,
    });
    expect(both.status).toBe(413);
    expect(both.body.message).toMatch(/The photos of one upload may weigh .* together; these weigh more/);
    expect((await storedKeys(small.ctx)).filter((k) => k.startsWith('incoming/'))).toEqual([]);
    const one = await uploadPhotos(small.baseUrl, 'budget', 0, { photos: [{ name: 'city.jpg', bytes: city }], fields });
    expect(one.status, one.body.message).toBe(202);
  });
});

// A client's retry after a lost 202 sends the same photos again: they are recognised by their bytes, refused (409)
// unless replace, and never imported twice, even when the first job has not committed yet.
describe.skipIf(!!skip)('the same photos again', () => {
  const again = { mode: 'addScene', date: '2026-03-04', surveyName: 'Again' };
  const titles = async (site: string) =>
    (await s.ctx.db.selectFrom('survey_nodes').select('title').where('site', '=', site).orderBy('title').execute()).map(
      (n) => n.title,
    );

  it('refuses them at once, takes them with replace, and fails a retry whose first job commits meanwhile', async () => {
    const first = await uploadPhotos(s.baseUrl, 'again', 0, {
      photos: [{ name: 'studio.jpg', bytes: studio }],
      fields: { ...again, mode: 'addNewSite', siteName: 'Again' },
    });
    const site = (await followJob(s.baseUrl, 'again', first.body.payload.job)).last.result!.site;

    const dup = await uploadPhotos(s.baseUrl, site, 0, {
      photos: [{ name: 'renamed.jpg', bytes: studio }],
      fields: again,
    });
    expect(dup.status).toBe(409);
    expect(dup.body.message).toMatch(
      /^These photos are already in the survey "Again" \(floor 0, 2026-03-04\)\. Upload them again with replace/,
    );

    const replaced = await uploadPhotos(s.baseUrl, site, 0, {
      photos: [{ name: 'studio.jpg', bytes: studio }],
      fields: { ...again, replace: 'true' },
    });
    expect(replaced.status, replaced.body.message).toBe(202);
    expect((await followJob(s.baseUrl, site, replaced.body.payload.job)).last.state).toBe('done');
    expect(await titles(site)).toEqual(['studio']);

    // Sent twice before the first job ends: both are taken, the second job fails as a duplicate.
    const send = () => uploadPhotos(s.baseUrl, site, 0, { photos: [{ name: 'city.jpg', bytes: city }], fields: again });
    const [a, b] = [await send(), await send()];
    expect([a.status, b.status]).toEqual([202, 202]);
    const ends = await Promise.all(
      [a, b].map(async (u) => (await followJob(s.baseUrl, site, u.body.payload.job)).last),
    );
    expect(ends.map((e) => e.state).sort()).toEqual(['done', 'failed']);
    expect(ends.find((e) => e.state === 'failed')?.error?.status).toBe(409);
    expect(await titles(site)).toEqual(['city', 'studio']);
  });
});
