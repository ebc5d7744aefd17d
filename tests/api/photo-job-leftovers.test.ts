// What a photo job leaves in the store once it is done: its scenes' tiles and nothing of the upload, not even the
// empty folder its photos were published in.
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { equirectPhoto, missingFixtures } from './helpers/fixtures.ts';
import { followJob } from './helpers/jobs.ts';
import { realPhoto, uploadPhotos } from './helpers/photos.ts';
import { startServer, type TestServer } from './helpers/server.ts';
import { FolderBlobStore } from '../../server/storage/folderBlobStore.ts';

const skip = missingFixtures(equirectPhoto('studio'));
let s: TestServer;
let studio: Buffer;
beforeAll(async () => {
  if (skip) return;
  s = await startServer();
  studio = await realPhoto('studio');
});
afterAll(async () => {
  await s?.close();
});

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
    const incoming = (s.ctx.blobs as FolderBlobStore).pathOf('incoming');
    await expect.poll(() => (fs.existsSync(incoming) ? fs.readdirSync(incoming) : [])).toEqual([]);
  });
});
