// Answers and sessions kept in memory (http/readCache.ts, http/auth.ts) never outlive the data they were read from,
// whoever changes it: two app processes over one PostgreSQL, an app commit on one seen on the other, a change made
// with a plain SQL client (the tables' triggers) seen by both, a sign-out on one ending the session on the other,
// and a lost listening connection turning the caches off until it is back. Each delay is printed. On SQLite: a change
// made by another connection to the file (the sqlite3 shell, `npm run import`) is seen at the next request.
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTempPgDatabase, fetchJson, tempDir } from './helpers/server.ts';
import { startChildServer, type ChildServer } from './helpers/childServer.ts';
import { exportZip, positionsCsv } from './helpers/exportBuilder.ts';
import { openDatabase } from '../../server/db/database.ts';
import { addUser } from '../../server/services/users.ts';
import { APP_WRITER_SETTING } from '../../server/db/pgChangeNotices.ts';

const pgUrl = process.env.DATABASE_URL;
const onPostgres = !!pgUrl && /^postgres(ql)?:\/\//.test(pgUrl);
/** What "at once" means between processes: far below what a person clicking could notice. */
const SEEN_WITHIN_MS = 500;
const SITE = 'feed-farm';
const DETAILS = `/api/site/${SITE}/survey/details?floor=0`;

let db: { url: string; drop(): Promise<void> } | undefined;
const servers: ChildServer[] = [];
const dirs: string[] = [];
let a: ChildServer;
let b: ChildServer;

async function instance(): Promise<ChildServer> {
  const dataDir = tempDir('change-feed-');
  dirs.push(dataDir);
  const child = await startChildServer({ dataDir, databaseUrl: db!.url, env: { USE_SSO: 'true', LOG_LEVEL: 'info' } });
  servers.push(child);
  return child;
}

const titles = async (server: ChildServer) =>
  ((await fetchJson(server.baseUrl + DETAILS)).body.payload as { survey_node: { title: string } }[])
    .map((s) => s.survey_node.title)
    .sort();

/** Polls `read` until it gives `want`; returns how long that took (fails after `limitMs`). */
async function seenAfter<T>(read: () => Promise<T>, want: T, limitMs: number): Promise<number> {
  const start = Date.now();
  for (;;) {
    const got = await read();
    if (JSON.stringify(got) === JSON.stringify(want)) return Date.now() - start;
    if (Date.now() - start > limitMs) expect(got, `not seen within ${limitMs} ms`).toEqual(want);
    await new Promise((r) => setTimeout(r, 5));
  }
}

/** A plain SQL client; `asApp` makes it look like one of our connections, whose triggers stay silent. */
async function sqlClient<T>(fn: (c: pg.Client) => Promise<T>, asApp = false): Promise<T> {
  const c = new pg.Client({ connectionString: db!.url });
  await c.connect();
  try {
    if (asApp) await c.query(`SET ${APP_WRITER_SETTING} = 'on'`);
    return await fn(c);
  } finally {
    await c.end();
  }
}
const setTitle = (title: string, asApp = false) =>
  sqlClient((c) => c.query('UPDATE survey_nodes SET title = $1 WHERE site = $2', [title, SITE]), asApp);

beforeAll(async () => {
  if (!onPostgres) return;
  db = await createTempPgDatabase(pgUrl!);
  [a, b] = await Promise.all([instance(), instance()]);
  const admin = await openDatabase({ dataDir: dirs[0], databaseUrl: db.url, poolSize: 1 });
  try {
    await addUser(admin, 'root', 'change-feed secret', ['superAdmin']);
  } finally {
    await admin.destroy();
  }
  const login = await fetch(`${a.baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'root', password: 'change-feed secret' }),
  });
  const cookie = login.headers.get('set-cookie')!.split(';')[0];
  const scenes = [
    { id: '0-yard', name: 'yard' },
    { id: '1-barn', name: 'barn' },
  ];
  const form = new FormData();
  form.append('zipFile', new Blob([new Uint8Array(await exportZip({ scenes }))]), 'export.zip');
  form.append('properties', new Blob([positionsCsv(scenes)], { type: 'text/csv' }), 'positions.csv');
  form.append('mode', 'addNewSite');
  form.append('siteName', 'Feed farm');
  const up = await fetchJson(`${a.baseUrl}/api/site/${SITE}/0/addScenes`, {
    method: 'POST',
    body: form,
    headers: { cookie },
  });
  expect(up.status, JSON.stringify(up.body)).toBe(200);
}, 120_000);

afterAll(async () => {
  for (const s of servers) await s.kill('SIGKILL');
  await db?.drop();
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

describe.skipIf(!onPostgres)('answers kept in memory follow every change, from any process', () => {
  it('keeps answers: a change our own connections make without telling anyone stays unseen', async () => {
    // Written as the app's connections do (the trigger stays silent), but without the app's notice afterwards.
    // A heartbeat that comes back late (a machine busy with other work) rightly turns the cache off for a moment,
    // and then the change is seen: up to three tries, so only a cache that is never used fails.
    let kept: string[] | null = null;
    let title = '';
    for (let attempt = 1; attempt <= 3 && !kept; attempt++) {
      const before = await titles(b);
      expect(before).toHaveLength(2);
      title = `untold ${attempt}`;
      await setTitle(title, true);
      await new Promise((r) => setTimeout(r, 200));
      const after = await titles(b);
      if (JSON.stringify(after) === JSON.stringify(before)) kept = after;
    }
    expect(kept, 'B kept its answer through an untold change').not.toBeNull();
    // The other instance had nothing kept: it reads the database.
    expect(await titles(a)).toEqual([title, title]);
  });

  it('a change made with a plain SQL client (psql) is seen by every instance', async () => {
    await titles(a);
    await setTitle('from psql');
    const msA = await seenAfter(() => titles(a), ['from psql', 'from psql'], SEEN_WITHIN_MS);
    const msB = await seenAfter(() => titles(b), ['from psql', 'from psql'], SEEN_WITHIN_MS);
    console.log(`change feed: a psql UPDATE seen after ${msA} ms (A) and ${msB} ms (B)`);
  });

  it('an edit through one instance is seen through the other', async () => {
    const login = await fetch(`${a.baseUrl}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'root', password: 'change-feed secret' }),
    });
    const cookie = login.headers.get('set-cookie')!.split(';')[0];
    const nodes = `/api/site/${SITE}/0/survey/minimapSingleSite`;
    const read = async (s: ChildServer) =>
      ((await fetchJson(s.baseUrl + nodes)).body.payload as { _id: string; x: number }[]).map((e) => e.x).sort();
    const before = await read(b);
    const [{ _id: id, revision }] = (await fetchJson(a.baseUrl + nodes)).body.payload as {
      _id: string;
      revision: number;
    }[];
    const moved = await fetchJson(`${a.baseUrl}/api/node/coords/${id}`, {
      method: 'PATCH',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ x: 77.25, y: 5, revision }),
    });
    expect(moved.status).toBe(200);
    // The instance that wrote knows at once; the other hears within milliseconds.
    expect(await read(a)).toContain(77.25);
    const want = (await read(a)).slice();
    expect(want).not.toEqual(before);
    const ms = await seenAfter(() => read(b), want, SEEN_WITHIN_MS);
    console.log(`change feed: a node edit on A seen on B after ${ms} ms`);
  });

  it('signing out on one instance ends the session on the other', async () => {
    const login = await fetch(`${a.baseUrl}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'root', password: 'change-feed secret' }),
    });
    const cookie = login.headers.get('set-cookie')!.split(';')[0];
    const who = async (s: ChildServer) =>
      (await fetchJson(`${s.baseUrl}/api/login/user/info`, { headers: { cookie } })).body.payload.username ?? '';
    expect(await who(b)).toBe('root');
    expect(await who(b)).toBe('root');
    const out = await fetch(`${a.baseUrl}/api/logout`, { method: 'POST', headers: { cookie } });
    expect(out.status).toBe(200);
    expect(await who(a)).toBe('');
    const ms = await seenAfter(() => who(b), '', SEEN_WITHIN_MS);
    console.log(`change feed: a sign-out on A ended the session on B after ${ms} ms`);
  });

  it('a lost listening connection turns keeping off until it is back, then starts from nothing', async () => {
    await setTitle('before the loss');
    await seenAfter(() => titles(b), ['before the loss', 'before the loss'], SEEN_WITHIN_MS);
    const ended = await sqlClient((c) =>
      c.query(
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND query ILIKE 'LISTEN%'",
      ),
    );
    expect(ended.rowCount).toBe(2);
    // Untold again: only the lost feed (no cache while down, everything dropped once back) can make B see it.
    await setTitle('while the feed was down', true);
    const ms = await seenAfter(() => titles(b), ['while the feed was down', 'while the feed was down'], 5_000);
    console.log(`change feed: after its listener was killed, B read fresh answers after ${ms} ms`);
    await expect.poll(() => b.lines.some((l) => l.includes('change feed down')), { timeout: 5_000 }).toBe(true);
  });
});

describe.skipIf(onPostgres)('SQLite: answers kept in memory follow changes other connections make', () => {
  let server: ChildServer;
  let dataDir = '';
  beforeAll(async () => {
    dataDir = tempDir('change-feed-sqlite-');
    dirs.push(dataDir);
    server = await startChildServer({ dataDir, databaseUrl: '', env: { DEMO: 'true' } });
    servers.push(server);
  }, 120_000);

  it('a title changed with another connection to the file is seen at the next request', async () => {
    const site = (await fetchJson(`${server.baseUrl}/api/settings`)).body.payload.defaultSite as string;
    const url = `${server.baseUrl}/api/site/${site}/survey/details?floor=0`;
    const read = async () =>
      ((await fetchJson(url)).body.payload as { survey_node: { title: string } }[]).map((s) => s.survey_node.title);
    const before = await read();
    expect(await read()).toEqual(before);
    const file = new Database(path.join(dataDir, 'survey.sqlite'));
    try {
      file.prepare('UPDATE survey_nodes SET title = ? WHERE site = ?').run('from sqlite3', site);
    } finally {
      file.close();
    }
    expect(await read()).toEqual(before.map(() => 'from sqlite3'));
  });
});
