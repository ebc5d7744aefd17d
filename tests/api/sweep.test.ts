// The start-up sweep, case by case, on the suite's database: what belongs to a live process (another instance, an
// import) stays; what a dead process left (staging, blobs moved but never committed) goes; rows keep their blobs.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, fetchJson, type TestServer } from './helpers/server.ts';
import { uploadScenes } from './helpers/upload.ts';
import { exportZip, positionsCsv } from './helpers/exportBuilder.ts';
import { storedKeys } from './helpers/snapshot.ts';
import type { BlobStore } from '../../server/storage/blobStore.ts';
import { openBlobStore } from '../../server/storage/openBlobStore.ts';
import { FolderBlobStore } from '../../server/storage/folderBlobStore.ts';
import { STAGED_TTL_MS } from '../../server/storage/pendingBlobs.ts';
import { pendingLedger } from '../../server/storage/pendingBlobs.ts';
import { sweep, UNRECORDED_GRACE_MS } from '../../server/services/sweep.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startServer();
});
afterAll(async () => {
  await s?.close();
});

/** Another process on the same data folder and store: a store whose marker names `pid` (a dead one when asked). */
function otherProcess(opts: { dead: boolean }): BlobStore {
  const store = openBlobStore(s.config, pendingLedger(s.ctx.db));
  if (opts.dead) {
    const marker = path.join(store.stagingRoot, `${store.owner}.owner.json`);
    fs.writeFileSync(marker, JSON.stringify({ ...JSON.parse(fs.readFileSync(marker, 'utf8')), pid: 2 ** 22 + 12345 }));
  }
  return store;
}

async function stagedAndMoved(store: BlobStore, prefix: string) {
  const st = await store.stage();
  await st.write(`${prefix}/preview.jpg`, Buffer.from('x'));
  await st.commit([prefix]);
  return st;
}

describe('start-up sweep', () => {
  it('keeps what rows point to and what live processes are committing; removes what dead ones left', async () => {
    const up = await uploadScenes(s.baseUrl, 'x', 0, {
      zip: await exportZip(),
      csv: positionsCsv(),
      mode: 'addNewSite',
      siteName: 'Kept',
    });
    expect(up.status).toBe(200);
    const picture = Buffer.concat(
      await (await s.ctx.blobs.read((await storedKeys(s.ctx)).find((k) => k.endsWith('.jpg'))!)).toArray(),
    );
    const cover = (
      await fetchJson(`${s.baseUrl}/api/map-pins/preview`, {
        method: 'POST',
        body: (() => {
          const f = new FormData();
          f.append('file', new Blob([new Uint8Array(picture)], { type: 'image/jpeg' }), 'c.jpg');
          return f;
        })(),
      })
    ).body.payload?.url;
    expect(s.ctx.blobs.keyOfUrl(cover)).toMatch(/^pins\//);
    const referenced = await storedKeys(s.ctx);

    const live = otherProcess({ dead: false });
    const dead = otherProcess({ dead: true });
    const liveStaging = await live.stage();
    await liveStaging.write('tiles/in-flight/preview.jpg', Buffer.from('x'));
    await stagedAndMoved(live, 'tiles/live-uncommitted');
    const deadStaging = await dead.stage();
    await deadStaging.write('tiles/never-moved/preview.jpg', Buffer.from('x'));
    await stagedAndMoved(dead, 'tiles/dead-uncommitted');
    // A blob written before pending records existed: kept while young, removed once older than the grace. Only a
    // folder can be back-dated; a bucket sets the time itself, so there the old case is the second sweep's below.
    const folder = s.ctx.blobs instanceof FolderBlobStore ? s.ctx.blobs : undefined;
    if (folder) {
      await fs.promises.mkdir(path.join(folder.mediaDir, 'tiles', 'unrecorded-old'), { recursive: true });
      fs.writeFileSync(path.join(folder.mediaDir, 'tiles', 'unrecorded-old', 'preview.jpg'), 'x');
      const old = new Date(Date.now() - 2 * UNRECORDED_GRACE_MS);
      fs.utimesSync(path.join(folder.mediaDir, 'tiles', 'unrecorded-old'), old, old);
    }
    await s.ctx.blobs.putUnrecorded('tiles/unrecorded-young/preview.jpg', Buffer.from('x'));

    const result = await sweep(s.ctx.db, s.ctx.blobs);
    expect(result.blobsRemoved.sort()).toEqual(['tiles/dead-uncommitted', ...(folder ? ['tiles/unrecorded-old'] : [])]);
    expect(result.stagingRemoved).toEqual([dead.owner]);
    const media = await storedKeys(s.ctx);
    expect(media).toEqual(
      [...referenced, 'tiles/live-uncommitted/preview.jpg', 'tiles/unrecorded-young/preview.jpg'].sort(),
    );
    expect(fs.existsSync(path.join(liveStaging.dir, 'tiles/in-flight/preview.jpg'))).toBe(true);
    expect(fs.existsSync(dead.stagingDir)).toBe(false);
    const pending = (await s.ctx.db.selectFrom('pending_blobs').select(['prefix', 'owner']).execute())
      .map((r) => r.prefix)
      .sort();
    expect(pending).toContain('tiles/live-uncommitted');
    expect(pending).not.toContain('tiles/dead-uncommitted');

    // The live process ends (its marker goes): its uncommitted blob and staging go at the next sweep; rows keep theirs.
    // A shared bucket cannot see other instances' markers: there its pending record holds until it expires.
    live.close();
    if (folder) {
      const again = await sweep(s.ctx.db, s.ctx.blobs);
      expect(again.blobsRemoved).toEqual(['tiles/live-uncommitted']);
      expect(await storedKeys(s.ctx)).toEqual([...referenced, 'tiles/unrecorded-young/preview.jpg'].sort());
    } else {
      expect((await sweep(s.ctx.db, s.ctx.blobs)).blobsRemoved).toEqual([]);
      const later = await sweep(s.ctx.db, s.ctx.blobs, Date.now() + STAGED_TTL_MS + 1);
      expect(later.blobsRemoved.sort()).toEqual(['tiles/live-uncommitted', 'tiles/unrecorded-young']);
      expect(await storedKeys(s.ctx)).toEqual(referenced);
    }
    const details = await fetchJson(`${s.baseUrl}/api/site/${up.body.payload.site}/survey/details?floor=0`);
    expect(details.body.payload).toHaveLength(2);
    dead.close();
  });
});
