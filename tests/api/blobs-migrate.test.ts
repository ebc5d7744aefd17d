// npm run blobs:migrate (storage/migrateBlobs.ts): a folder install's blobs go to a bucket (s3rver) and its rows link
// there, even when a first run was interrupted half-way; other sites' /media/ addresses are left alone.
import fs from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'kysely';
import { startServer, fetchJson, type TestServer } from './helpers/server.ts';
import { startS3Server, freshBucketEnv, type S3Server } from './helpers/s3.ts';
import { uploadScenes } from './helpers/upload.ts';
import { exportZip, positionsCsv } from './helpers/exportBuilder.ts';
import { png, postFile } from './resources-helpers.ts';
import { storedKeys } from './helpers/snapshot.ts';
import { FolderBlobStore } from '../../server/storage/folderBlobStore.ts';
import { S3BlobStore } from '../../server/storage/s3BlobStore.ts';
import { s3Environment } from '../../server/storage/s3Settings.ts';
import { migrateBlobs, rewriteLinks } from '../../server/storage/migrateBlobs.ts';
import { referencedUnits } from '../../server/services/blobReferences.ts';

let s: TestServer;
let s3: S3Server;
beforeAll(async () => {
  s = await startServer({ S3_BUCKET: '' }); // a folder install, whatever the suite's store
  s3 = await startS3Server();
});
afterAll(async () => {
  await s?.close();
  await s3?.close();
});

it('rewrites only our own /media/ links', () => {
  expect(
    rewriteLinks(
      '<img src="/media/a.png"><img src="https://other.example/media/b.png"> /media/c.jpg',
      'https://cdn.example',
    ),
  ).toBe(
    '<img src="https://cdn.example/a.png"><img src="https://other.example/media/b.png"> https://cdn.example/c.jpg',
  );
});

it('copies every blob, resumes after an interruption, and leaves every row linking to the bucket', async () => {
  expect(s.ctx.blobs).toBeInstanceOf(FolderBlobStore);
  const up = await uploadScenes(s.baseUrl, 'moving', 0, {
    zip: await exportZip(),
    csv: positionsCsv(),
    mode: 'addNewSite',
    siteName: 'Moving',
  });
  expect(up.status).toBe(200);
  const cover = await postFile(`${s.baseUrl}/api/map-pins/preview`, 'file', await png(16, 16), 'c.png', 'image/png');
  const pin = await fetchJson(`${s.baseUrl}/api/map-pins`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      enabled: true,
      x: 1,
      y: 1,
      icon: 'farm',
      name: 'Mover',
      site_name: 'Moving',
      sitemap: 'default',
      site: 'moving',
      cover_image: cover.body.payload.url,
    }),
  });
  expect(pin.status).toBe(200);
  const keys = await storedKeys(s.ctx);

  const settings = s3Environment.parse(await freshBucketEnv(s3.endpoint))!;
  const to = new S3BlobStore(s.dataDir, settings);
  try {
    // The first run stops after a few objects (as a killed command would).
    let calls = 0;
    await expect(
      migrateBlobs(s.ctx.db, s.ctx.blobs as FolderBlobStore, to, () => {
        if (++calls === 5) throw new Error('interrupted');
      }),
    ).rejects.toThrow('interrupted');
    const partly = (await storedKeys({ blobs: to })).length;
    expect(partly).toBeGreaterThan(0);
    expect(partly).toBeLessThan(keys.length);
    const { rows: before } = await sql<{
      n: number;
    }>`select count(*) as n from pins where cover_image like ${settings.publicUrl + '%'}`.execute(s.ctx.db);
    expect(Number(before[0].n)).toBe(0); // links move only once everything is copied

    const result = await migrateBlobs(s.ctx.db, s.ctx.blobs as FolderBlobStore, to);
    expect(result.skipped).toBeGreaterThanOrEqual(partly - 8); // what the first run finished is not copied again
    expect(result.copied + result.skipped).toBe(keys.length);
    expect(await storedKeys({ blobs: to })).toEqual(keys);
    expect(result.rowsRewritten).toBeGreaterThan(0);

    // No row links to /media/ any more; every unit they name is in the bucket; the links load from it.
    expect([...(await referencedUnits(s.ctx.db, [`${settings.publicUrl}/`]))].length).toBeGreaterThan(0);
    expect([...(await referencedUnits(s.ctx.db, ['/media/']))].filter((u) => !u.startsWith('tiles/'))).toEqual([]);
    const pins = (await fetchJson(`${s.baseUrl}/api/map-pins?includeDisabled=true`)).body.payload as {
      name: string;
      cover_image: string;
    }[];
    const moved = pins.find((p) => p.name === 'Mover')!;
    expect(moved.cover_image.startsWith(`${settings.publicUrl}/pins/`)).toBe(true);
    const img = await fetch(moved.cover_image);
    expect(img.status).toBe(200);
    expect(img.headers.get('content-type')).toMatch(/^image\//);
    // A second run has nothing left to do.
    expect(await migrateBlobs(s.ctx.db, s.ctx.blobs as FolderBlobStore, to)).toMatchObject({
      copied: 0,
      rowsRewritten: 0,
    });
    expect(fs.existsSync((s.ctx.blobs as FolderBlobStore).mediaDir)).toBe(true);
  } finally {
    to.close();
  }
});
