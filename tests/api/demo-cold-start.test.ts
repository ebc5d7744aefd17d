// Two instances started at the same moment on one empty database with the default DEMO=true: both stay up and the
// demo exists once. On PostgreSQL (DATABASE_URL set) each instance has a data folder of its own (two hosts; with
// S3_TEST=1 they share a bucket), on SQLite they share one data folder.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DB } from '../../server/db/database.ts';
import { DEMO_SITE } from '../../server/demo/seed.ts';
import { createTempPgDatabase, tempDir } from './helpers/server.ts';
import { startChildServer, type ChildServer } from './helpers/childServer.ts';
import { freshBucketEnv, s3Testing, sharedS3Server } from './helpers/s3.ts';

let databaseUrl = '';
let dropDb: (() => Promise<void>) | undefined;
let servers: ChildServer[] = [];
let db: DB;
const dataDir = tempDir('survey-demo-cold-');

beforeAll(async () => {
  if (process.env.DATABASE_URL) {
    const pg = await createTempPgDatabase(process.env.DATABASE_URL);
    databaseUrl = pg.url;
    dropDb = pg.drop;
  }
  const s3 = s3Testing() ? await freshBucketEnv((await sharedS3Server()).endpoint) : {};
  // Both spawned before either is awaited: they race from the first line of main.ts.
  const starts = [0, 1].map((i) =>
    startChildServer({
      dataDir: databaseUrl ? `${dataDir}/${i}` : dataDir,
      databaseUrl,
      env: { DEMO: 'true', ...s3 },
      startTimeoutMs: 170_000,
    }),
  );
  const settled = await Promise.allSettled(starts);
  servers = settled.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
  const failed = settled.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) throw failed.reason;
  db = await openDatabase({ dataDir: `${dataDir}/${databaseUrl ? 0 : ''}`, databaseUrl });
}, 180_000);

afterAll(async () => {
  await Promise.all(servers.map((s) => s.kill('SIGTERM')));
  await db?.destroy();
  await dropDb?.();
});

const count = async (table: 'sites' | 'surveys' | 'survey_nodes' | 'pins' | 'sitemaps' | 'files') =>
  Number((await db.selectFrom(table).select(db.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

describe(`two instances cold-started together with the demo (${process.env.DATABASE_URL ? 'PostgreSQL' : 'SQLite'})`, () => {
  it('both stay up and answer', async () => {
    await new Promise((r) => setTimeout(r, 500));
    for (const s of servers) {
      expect(s.proc.exitCode, s.lines.join('\n')).toBeNull();
      const sites = await (await fetch(`${s.baseUrl}/api/sites`)).json();
      expect(sites.payload).toEqual([{ id: DEMO_SITE, name: 'Demo Farm' }]);
    }
    // Exactly one of them generated it; neither logged a failed start-up step.
    expect(servers.filter((s) => s.lines.some((l) => l.includes('generated in'))).length).toBe(1);
    for (const s of servers) expect(s.lines.filter((l) => /"level":(50|60)/.test(l))).toEqual([]);
  });

  it('the demo exists exactly once', async () => {
    expect(await count('sites')).toBe(1);
    expect(await count('surveys')).toBe(4); // two dates, two floors
    expect(await count('survey_nodes')).toBe(14); // seven nodes on each date
    expect(await count('pins')).toBe(3);
    expect(await count('sitemaps')).toBe(1);
    expect(await count('files')).toBe(5);
  });
});
