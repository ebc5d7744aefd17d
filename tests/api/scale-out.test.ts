// Two app processes on different ports over one PostgreSQL database and one S3 bucket (s3rver), as behind a load
// balancer: nothing one instance needs is kept by the other. Upload through one and view through the other (tiles come
// from the bucket's public address), edit on one and read on the other, sign in on one and stay signed in on the other,
// and kill an instance in the middle of an import job: another instance finishes it, once. PostgreSQL only (SQLite
// is one process's file): skipped with its reason otherwise.
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTempPgDatabase, fetchJson, tempDir } from './helpers/server.ts';
import { startChildServer, type ChildServer } from './helpers/childServer.ts';
import { startS3Server, freshBucketEnv, type S3Server } from './helpers/s3.ts';
import { exportZip, positionsCsv, type SceneSpec } from './helpers/exportBuilder.ts';
import { followJob } from './helpers/jobs.ts';
import { openDatabase } from '../../server/db/database.ts';
import { addUser } from '../../server/services/users.ts';

const pgUrl = process.env.DATABASE_URL;
const onPostgres = !!pgUrl && /^postgres(ql)?:\/\//.test(pgUrl);

let db: { url: string; drop(): Promise<void> } | undefined;
let s3: S3Server | undefined;
let env: Record<string, string> = {};
const servers: ChildServer[] = [];
const dirs: string[] = [];
let a: ChildServer;
let b: ChildServer;
let cookie = '';

/** An instance with its own DATA_DIR (its own staging), sharing the database and the bucket. */
async function instance(): Promise<ChildServer> {
  const dataDir = tempDir('scale-out-');
  dirs.push(dataDir);
  const child = await startChildServer({
    dataDir,
    databaseUrl: db!.url,
    env: { ...env, USE_SSO: 'true', LOG_LEVEL: 'info' },
  });
  servers.push(child);
  return child;
}

const call = (server: ChildServer, method: string, path: string, body?: unknown) =>
  fetchJson(`${server.baseUrl}${path}`, {
    method,
    headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

async function upload(server: ChildServer, site: string, scenes: SceneSpec[], siteName: string) {
  const form = new FormData();
  form.append(
    'zipFile',
    new Blob([new Uint8Array(await exportZip({ scenes }))], { type: 'application/zip' }),
    'export.zip',
  );
  form.append('properties', new Blob([positionsCsv(scenes)], { type: 'text/csv' }), 'positions.csv');
  form.append('mode', 'addNewSite');
  form.append('siteName', siteName);
  return fetchJson(`${server.baseUrl}/api/site/${site}/0/addScenes`, {
    method: 'POST',
    body: form,
    headers: { cookie },
  });
}

beforeAll(async () => {
  if (!onPostgres) return;
  db = await createTempPgDatabase(pgUrl!);
  s3 = await startS3Server();
  // Every upload is a job; a job whose worker vanished counts as lost after 4 s.
  env = {
    ...(await freshBucketEnv(s3.endpoint)),
    INGEST_JOB_MIN_BYTES: '0',
    JOB_EXPIRE_SECONDS: '4',
    JOB_RETRY_LIMIT: '3',
  };
  // Started together on the fresh database: the migrations take turns.
  [a, b] = await Promise.all([instance(), instance()]);
  const admin = await openDatabase({ dataDir: dirs[0], databaseUrl: db.url, poolSize: 1 });
  try {
    await addUser(admin, 'root', 'scale-out secret', ['superAdmin']);
  } finally {
    await admin.destroy();
  }
}, 120_000);

afterAll(async () => {
  for (const s of servers) await s.kill('SIGKILL');
  await s3?.close();
  await db?.drop();
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

describe.skipIf(!onPostgres)('two instances over one PostgreSQL and one bucket', () => {
  it('signs in on the first and is still signed in on the second', async () => {
    const res = await fetch(`${a.baseUrl}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'root', password: 'scale-out secret' }),
    });
    expect(res.status).toBe(200);
    cookie = res.headers.get('set-cookie')!.split(';')[0];
    expect((await call(b, 'GET', '/api/login/user/info')).body.payload).toMatchObject({
      username: 'root',
      isAdmin: true,
    });
  });

  it('takes an upload on the first, follows its job on the second, and serves its tiles from the bucket', async () => {
    const up = await upload(
      a,
      'shared',
      [
        { id: '0-yard', name: 'yard' },
        { id: '1-barn', name: 'barn' },
      ],
      'Shared farm',
    );
    expect(up.status).toBe(202);
    const { last } = await followJob(b.baseUrl, 'shared', up.body.payload.job);
    expect(last).toMatchObject({ state: 'done', result: { site: 'shared-farm', scenes: 2 } });
    const scenes = (await call(b, 'GET', '/api/site/shared-farm/survey/details?floor=0')).body.payload;
    expect(scenes).toHaveLength(2);
    for (const node of scenes.map((x: { survey_node: { manta_link: string; tiles_id: string } }) => x.survey_node)) {
      expect(node.manta_link).toBe(`${env.S3_PUBLIC_URL}/tiles/`);
      for (const p of ['preview.jpg', '1/f/0/0.jpg']) {
        const tile = await fetch(`${node.manta_link}${node.tiles_id}/${p}`);
        expect(tile.status, p).toBe(200);
        expect(tile.headers.get('content-type')).toBe('image/jpeg');
        expect(tile.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      }
    }
  });

  it('edits a node on the second and shows the edit on the first', async () => {
    const entries = (await call(a, 'GET', '/api/site/shared-farm/0/survey/minimapSingleSite')).body.payload as {
      _id: string;
      revision: number;
    }[];
    expect(entries.length).toBeGreaterThan(0);
    const moved = await call(b, 'PATCH', `/api/node/coords/${entries[0]._id}`, {
      x: 321.5,
      y: 12,
      revision: entries[0].revision,
    });
    expect(moved.status).toBe(200);
    // The other instance hears of the commit within milliseconds (its kept answers are dropped: change-feed.test.ts).
    const after = async () =>
      (
        (await call(a, 'GET', '/api/site/shared-farm/0/survey/minimapSingleSite')).body.payload as {
          _id: string;
          x: number;
          y: number;
        }[]
      ).find((e) => e._id === entries[0]._id);
    await expect.poll(after, { timeout: 500, interval: 5 }).toMatchObject({ x: 321.5, y: 12 });
  });

  it('stops taking jobs on SIGTERM; an import whose instance is killed half-way is finished by another, once', async () => {
    // The second instance stops gracefully: from now on only the first takes jobs.
    await b.kill('SIGTERM');
    expect((await b.exited).code).toBe(0);
    const scenes = Array.from({ length: 120 }, (_, i) => ({ id: `${i}-room${i}`, name: `room${i}` }));
    const up = await upload(a, 'killed', scenes, 'Killed farm');
    expect(up.status).toBe(202);
    const job = up.body.payload.job as string;
    // Killed once it is under way (tiles staged, none of the rows written).
    const deadline = Date.now() + 20_000;
    for (;;) {
      const st = (await fetchJson(`${a.baseUrl}/api/site/killed/jobs/${job}`)).body.payload;
      expect(st.state, 'the job ended before it could be interrupted').not.toBe('done');
      if (st.state === 'running' && st.progress.done > 0) break;
      expect(Date.now()).toBeLessThan(deadline);
      await new Promise((r) => setTimeout(r, 20));
    }
    await a.kill('SIGKILL');
    const c = await instance();
    const { last, seen } = await followJob(c.baseUrl, 'killed', job, { timeoutMs: 60_000 });
    expect(last).toMatchObject({ state: 'done', result: { site: 'killed-farm', scenes: 120 } });
    expect(seen.at(-1)).toBe('done');
    const nodes = (await call(c, 'GET', '/api/site/killed-farm/survey/details?floor=0')).body.payload;
    expect(new Set(nodes.map((x: { survey_node: { tiles_name: string } }) => x.survey_node.tiles_name)).size).toBe(120);
    expect(nodes).toHaveLength(120);
    expect(
      (await call(c, 'GET', '/api/sites')).body.payload.filter((x: { name: string }) => x.name === 'Killed farm'),
    ).toHaveLength(1);
  });
});
