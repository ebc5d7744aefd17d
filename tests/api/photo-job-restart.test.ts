// A server killed (SIGKILL) while its tile-photos job runs: started again on the same data, it runs the job again
// (the in-process queue reruns unfinished jobs; pg-boss retries) and the upload ends with each photo's scene once,
// every tile in place, and nothing of the killed attempt left (staging, incoming photos, orphan tiles).
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobStatus } from '../../contract/api.ts';
import { openDatabase, type DB } from '../../server/db/database.ts';
import { startChildServer, type ChildServer } from './helpers/childServer.ts';
import { equirectPhoto, missingFixtures } from './helpers/fixtures.ts';
import { followJob } from './helpers/jobs.ts';
import { realPhoto, uploadPhotos } from './helpers/photos.ts';
import { createTempPgDatabase, fetchJson, tempDir } from './helpers/server.ts';

const NAMES = ['city', 'night'];
/** 4096-wide: faces of 1024, levels 512 and 1024: 6 + 24 tiles and the preview strip. */
const FILES_PER_PHOTO = 31;
const skip = missingFixtures(...NAMES.map(equirectPhoto));

let dataDir: string;
let pg: { url: string; drop(): Promise<void> } | undefined;
let db: DB;
let server: ChildServer | undefined;
// pg-boss retries a job whose worker vanished once it expires: soon here (in process, SQLite reruns it at start).
const start = async () =>
  (server = await startChildServer({
    dataDir,
    databaseUrl: pg?.url ?? '',
    env: { LOG_LEVEL: 'warn', ...(pg ? { JOB_EXPIRE_SECONDS: '10' } : {}) },
  }));

beforeAll(async () => {
  if (skip) return;
  dataDir = tempDir('survey-photo-restart-');
  if (process.env.DATABASE_URL && /^postgres/.test(process.env.DATABASE_URL))
    pg = await createTempPgDatabase(process.env.DATABASE_URL);
  db = await openDatabase({ dataDir, databaseUrl: pg?.url });
}, 60_000);
afterAll(async () => {
  await server?.kill();
  await db?.destroy();
  await pg?.drop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

const filesUnder = (d: string): string[] =>
  fs.existsSync(d)
    ? fs
        .readdirSync(d, { withFileTypes: true })
        .flatMap((e) => (e.isDirectory() ? filesUnder(path.join(d, e.name)) : [path.join(d, e.name)]))
    : [];

describe.skipIf(!!skip)('a photo job whose server is killed', () => {
  it('runs again after the restart and imports each photo once', async () => {
    await start();
    const photos = await Promise.all(NAMES.map(async (n) => ({ name: `${n}.jpg`, bytes: await realPhoto(n, 4096) })));
    const up = await uploadPhotos(server!.baseUrl, 'restart', 0, {
      photos,
      fields: { mode: 'addNewSite', siteName: 'Restart', date: '2026-01-02' },
    });
    expect(up.status, up.body.message).toBe(202);
    const job = up.body.payload.job as string;
    // Killed once some tiles are staged and before the job is done.
    let status: JobStatus | undefined;
    for (const deadline = Date.now() + 60_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 20))) {
      status = (await fetchJson(`${server!.baseUrl}/api/site/restart/jobs/${job}`)).body.payload as JobStatus;
      if (status.state !== 'queued' && status.progress.done > 0) break;
    }
    expect(status).toMatchObject({ state: 'running' });
    expect(status!.progress.done).toBeLessThan(status!.progress.total);
    await server!.kill('SIGKILL');

    await start();
    const { last } = await followJob(server!.baseUrl, 'restart', job, { timeoutMs: 120_000 });
    expect(last).toMatchObject({ state: 'done', result: { scenes: NAMES.length } });
    expect(last.photos?.map((p) => [p.name, p.state, p.done])).toEqual(
      NAMES.map((n) => [`${n}.jpg`, 'done', FILES_PER_PHOTO]),
    );
    const row = await db.selectFrom('jobs').select('attempts').where('id', '=', job).executeTakeFirstOrThrow();
    // At least the killed attempt and the one that finished (pg-boss may also have taken a slow one for lost).
    expect(row.attempts).toBeGreaterThanOrEqual(2);

    const nodes = await db
      .selectFrom('survey_nodes')
      .select(['tiles_id', 'title'])
      .where('site', '=', last.result!.site)
      .execute();
    expect(nodes.map((n) => n.title).sort()).toEqual(NAMES);
    // Every tile of each scene, and no tiles of the killed attempt (the start-up sweep removed them).
    const tilesDir = path.join(dataDir, 'media', 'tiles');
    expect(fs.readdirSync(tilesDir).sort()).toEqual(nodes.map((n) => n.tiles_id).sort());
    for (const n of nodes) expect(filesUnder(path.join(tilesDir, n.tiles_id))).toHaveLength(FILES_PER_PHOTO);
    await expect.poll(() => filesUnder(path.join(dataDir, 'media', 'incoming'))).toEqual([]);
    expect(filesUnder(path.join(dataDir, 'staging')).filter((f) => !f.endsWith('.owner.json'))).toEqual([]);
    expect(await db.selectFrom('pending_blobs').select('prefix').execute()).toEqual([]);
  }, 240_000);
});
