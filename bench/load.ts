// Load benchmark: the real server (server/main.ts in a child process, so it has an event loop of its own) on a fresh
// DATA_DIR with the demo site, first on SQLite, then on PostgreSQL (see loadPostgres.ts), loaded with autocannon from
// this process. Five targets, the calls a visit makes most: the home page's site list, the viewer's survey details,
// a tile, a scene preview, and one administrator write (a node's rotation, by a signed-in projectAdmin of the demo
// site, so the real access check and the real update). Each at 50 and 200 connections for BENCH_SECONDS (default 10).
// PostgreSQL again with BENCH_INSTANCES (default 2) instances over one database, the connections shared between them.
// Then the stall rows: the survey details at 50 connections while the heaviest allowed upload of each kind runs
// (tests/api/helpers/heavyUploads.ts); the process must keep answering everyone while one upload works. Last, "API
// while tiling" (target `tiling`, bench/loadWhileTiling.ts): the same load while a photo upload of several 8192x4096
// photos is received and its job tiles them.
// Target on the 2-core machine: 0 errors everywhere, API p99 under 100 ms at 200 connections (and at 50 connections
// while an upload runs). Exits 0 whether the
// targets are met or not, 1 when a database could not be measured.
//   npm run bench:load
//   BENCH_SECONDS=5 BENCH_ONLY=sqlite BENCH_TARGETS=details,write node --import tsx bench/load.ts
//   BENCH_ONLY=sqlite BENCH_TARGETS=uploads BENCH_UPLOADS=docs-flat node --import tsx bench/load.ts
//   BENCH_ONLY=sqlite BENCH_TARGETS=tiling node --import tsx bench/load.ts
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon from 'autocannon';
import { repoRoot } from '../tests/e2e/helpers/fixtures';
import { freePort } from '../tests/api/helpers/childServer';
import { openDatabase } from '../server/db/database';
import { addUser } from '../server/services/users';
import { DEMO_SITE } from '../server/demo/seed';
import { benchPostgres } from './loadPostgres';
import { HEAVY_UPLOADS, postForm, type HeavyUpload } from '../tests/api/helpers/heavyUploads';
import { TILING_UPLOAD, tilePhotosOnServer } from './loadWhileTiling';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = (process.env.BENCH_CONNECTIONS ?? '50,200').split(',').map(Number);
/** sqlite,postgres by default; BENCH_ONLY=sqlite for one of them. */
const DATABASES = (process.env.BENCH_ONLY ?? 'sqlite,postgres').split(',');
/** The five of the issue by default: list, details, tile, preview, write; `settings` only when named. */
/** PostgreSQL is also measured with this many instances over one database, behind a round-robin client. */
const INSTANCES = Number(process.env.BENCH_INSTANCES ?? 2);
const ONLY_TARGETS = (process.env.BENCH_TARGETS ?? 'list,details,tile,preview,write,uploads,tiling').split(',');
/** The stall rows (target `uploads`): API p99 at this many connections while the heaviest allowed upload runs. */
const STALL_CONNECTIONS = 50;
/** BENCH_UPLOADS=docs-flat,export-tags: some of the stall rows (tests/api/helpers/heavyUploads.ts) only. */
const ONLY_UPLOADS = process.env.BENCH_UPLOADS?.split(',');
/** API p99 target, at the highest connection count. */
const P99_TARGET_MS = 100;
const TARGET_CONNECTIONS = 200;
/** Extra node flags for the server, e.g. BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" to profile it. */
const SERVER_NODE_ARGS = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
/** What a browser sends with every request: the server may compress (as it does for visitors). */
const BROWSER = { 'accept-encoding': 'gzip, deflate, br, zstd' };
const BENCH_USER = { username: 'bench-admin', password: 'bench-password-1' };

interface Target {
  /** For BENCH_TARGETS=details,write (a shorter run while working on one of them). */
  key: string;
  name: string;
  /** API calls have the p99 target; media only the no-errors one. */
  api: boolean;
  /** The connection count whose p99 is held to the target (TARGET_CONNECTIONS unless said). */
  p99At?: number;
  path: string;
  method?: 'GET' | 'PATCH';
  body?: string;
  headers?: Record<string, string>;
}

interface Row {
  database: string;
  target: Target;
  connections: number;
  reqPerSec: number;
  p50: number;
  p99: number;
  /** The slowest answer: a stall of a few seconds hides in the p99 of a long upload. */
  max: number;
  errors: number;
  /** What made up `errors`, for the reader who needs to know. */
  detail: string;
}

interface RunningServer {
  baseUrl: string;
  logFile: string;
  stop(): Promise<void>;
}

/** server/main.ts as a child, logging to a file (as it would to a journal), answering once the demo is seeded. */
async function startServer(databaseUrl: string, dataDir: string): Promise<RunningServer> {
  const port = await freePort();
  const logFile = path.join(dataDir, 'server.log');
  fs.mkdirSync(dataDir, { recursive: true });
  const log = fs.openSync(logFile, 'a');
  const proc: ChildProcess = spawn(process.execPath, [...SERVER_NODE_ARGS, '--import', 'tsx', 'server/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      DEMO: 'true',
      USE_SSO: 'true',
      PORT: String(port),
      HOST: '127.0.0.1',
      DIST_DIR: path.join(dataDir, 'no-dist'),
      // The demo's AVIF copies would be encoded during the first rows: measured is serving, not that job.
      AVIF_TILES: 'false',
    },
    stdio: ['ignore', log, log],
  });
  fs.closeSync(log);
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  const baseUrl = `http://127.0.0.1:${port}`;
  // Seeding the demo (generated panoramas through the real ingest) takes a while on a busy machine.
  const deadline = Date.now() + 300_000;
  for (;;) {
    if (proc.exitCode !== null || proc.signalCode !== null)
      throw new Error(`the server exited at start; see ${logFile}:\n${fs.readFileSync(logFile, 'utf8').slice(-3000)}`);
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      proc.kill('SIGKILL');
      throw new Error(`the server did not answer within 300 s; see ${logFile}`);
    }
    await sleep(200);
  }
  return {
    baseUrl,
    logFile,
    async stop() {
      if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGTERM');
      await Promise.race([exited, sleep(15_000).then(() => proc.kill('SIGKILL'))]);
    },
  };
}

/** A projectAdmin of the demo site, signed in through the real /api/login; returns its cookie. */
async function signIn(baseUrl: string, databaseUrl: string, dataDir: string): Promise<string> {
  const db = await openDatabase({ dataDir, databaseUrl: databaseUrl || undefined });
  try {
    await addUser(db, BENCH_USER.username, BENCH_USER.password, ['projectAdmin'], [DEMO_SITE]);
  } finally {
    await db.destroy();
  }
  const res = await fetch(`${baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(BENCH_USER),
  });
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  if (!res.ok || !cookie) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  return cookie;
}

/** The five targets, with URLs read from the seeded demo (its tiles ids are random). */
async function targetsOf(baseUrl: string, cookie: string): Promise<Target[]> {
  const details = `/api/site/${DEMO_SITE}/survey/details?floor=0`;
  const scenes = (await (await fetch(baseUrl + details)).json()) as {
    payload: Array<{ survey_node: { tiles_id: string; manta_link: string } }>;
  };
  const node = scenes.payload[0]!.survey_node;
  const scene = `${node.manta_link}${node.tiles_id}`;
  const pins = (await (await fetch(`${baseUrl}/api/map-pins`)).json()) as {
    payload: Array<{ _id: string; site: string; x: number; y: number }>;
  };
  const pin = pins.payload.find((p) => p.site === DEMO_SITE);
  if (!pin) throw new Error(`the demo site "${DEMO_SITE}" has no pin on the site map to move`);
  const targets: Target[] = [
    { key: 'list', name: 'site list', api: true, path: '/api/map-pins', headers: BROWSER },
    { key: 'details', name: 'survey details', api: true, path: details, headers: BROWSER },
    { key: 'tile', name: 'tile', api: false, path: `${scene}/1/f/0/0.jpg` },
    { key: 'preview', name: 'preview', api: false, path: `${scene}/preview.jpg` },
    // An administrator moving the demo's pin on the site map: the access rule finds the pin's site in the database,
    // the move and its audit entry are one transaction. Same place every time, so the demo stays as it was. (A node
    // turn is no longer a repeatable write: it carries its scene's revision, so all but the first call answer 409.)
    {
      key: 'write',
      name: 'write (pin move)',
      api: true,
      path: `/api/map-pins/${pin._id}/coords`,
      method: 'PATCH',
      body: JSON.stringify({ x: pin.x, y: pin.y }),
      headers: { 'content-type': 'application/json', cookie },
    },
    // Not in the default set (BENCH_TARGETS=settings): every call rewrites one site's settings under that site's lock,
    // so 200 callers queue for one row; its p99 is the lock's queue, not the server's speed.
    {
      key: 'settings',
      name: 'write (site settings, one row)',
      api: true,
      path: `/api/site/${DEMO_SITE}/settings`,
      method: 'PATCH',
      body: JSON.stringify({ initial_settings: { yaw: 0.25 } }),
      headers: { 'content-type': 'application/json', cookie },
    },
  ];
  for (const t of targets) {
    const res = await fetch(baseUrl + t.path, { method: t.method ?? 'GET', headers: t.headers, body: t.body });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`${t.name}: ${t.method ?? 'GET'} ${t.path} answered ${res.status} before the load`);
  }
  return targets;
}

/** Loads `t` through every base URL at once, the connections shared evenly (a round-robin balancer's share). */
async function load(baseUrls: string[], t: Target, connections: number, seconds: number): Promise<autocannon.Result> {
  const opts = (baseUrl: string, share: number) => ({
    url: baseUrl + t.path,
    method: t.method ?? 'GET',
    headers: t.headers,
    body: t.body,
    connections: share,
    duration: seconds,
    timeout: 10,
  });
  if (baseUrls.length === 1) return autocannon(opts(baseUrls[0]!, connections));
  const share = Math.ceil(connections / baseUrls.length);
  const parts = await Promise.all(baseUrls.map((u) => autocannon({ ...opts(u, share), skipAggregateResult: true })));
  const all = autocannon.aggregateResult(parts, opts(baseUrls[0]!, share * baseUrls.length));
  // The aggregate has no per-second samples: the rate is what all instances completed over the run.
  const completed = parts.reduce((sum, p) => sum + p.totalCompletedRequests, 0);
  return { ...all, requests: { ...all.requests, average: completed / seconds } };
}

/** Runs `work` while the survey details are loaded at STALL_CONNECTIONS; the load's result covers the work's time. */
async function underLoad<T>(
  baseUrl: string,
  details: Target,
  work: () => Promise<T>,
): Promise<{ r: autocannon.Result; value: T }> {
  let result: autocannon.Result | undefined;
  let stopLoad = () => {};
  const finished = new Promise<void>((resolve, reject) => {
    const run = autocannon(
      {
        url: baseUrl + details.path,
        headers: details.headers,
        connections: STALL_CONNECTIONS,
        duration: 600,
        timeout: 30,
      },
      (err, r) => (err ? reject(err) : ((result = r), resolve())),
    );
    stopLoad = () => run.stop();
  });
  await sleep(500);
  let value: T;
  try {
    value = await work();
  } finally {
    stopLoad();
  }
  await finished;
  return { value, r: result! };
}

/** The row of a load run under `details` while something else ran, named `name`. */
function stallRow(database: string, details: Target, key: string, name: string, r: autocannon.Result, detail: string) {
  const row: Row = {
    database,
    target: { ...details, key, name, p99At: STALL_CONNECTIONS },
    connections: STALL_CONNECTIONS,
    reqPerSec: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    max: r.latency.max,
    errors: r.non2xx + r.errors,
    detail,
  };
  console.log(`${database} ${name}: p50 ${row.p50} ms, p99 ${row.p99} ms, max ${row.max} ms, ${detail}`);
  return row;
}

/**
 * The stall rows: the survey details loaded at STALL_CONNECTIONS while one heavy upload after another runs (a
 * projectAdmin's, to the demo site); each row is the API's latency over the time its upload took.
 */
async function stallRows(database: string, baseUrl: string, cookie: string, details: Target, rows: Row[]) {
  for (const u of HEAVY_UPLOADS.filter((x: HeavyUpload) => !ONLY_UPLOADS || ONLY_UPLOADS.includes(x.key))) {
    const form = await u.form();
    const started = Date.now();
    const { r, value: res } = await underLoad(baseUrl, details, async () => {
      const answer = await postForm(baseUrl + u.path(DEMO_SITE), form, cookie);
      return { ...answer, took: Date.now() - started };
    });
    const ok = res.status >= 200 && res.status < 300;
    const name = `API p99 while ${u.name} (${res.status}, ${(res.took / 1000).toFixed(1)} s)`;
    const detail = `upload answered ${res.status}${ok ? '' : `: ${res.text.slice(0, 200)}`}`;
    rows.push(stallRow(database, details, 'uploads', name, r, detail));
  }
}

/** "API while tiling": the survey details under load from before a photo upload until its job has tiled them. */
async function tilingRow(database: string, baseUrl: string, cookie: string, details: Target, rows: Row[]) {
  const { r, value: u } = await underLoad(baseUrl, details, () => tilePhotosOnServer(baseUrl, DEMO_SITE, cookie));
  const name =
    `API while tiling: ${TILING_UPLOAD} (${u.status}, accepted to done ${(u.acceptedToDoneMs / 1000).toFixed(1)} s` +
    `, ${(u.totalMs / 1000).toFixed(1)} s in all)`;
  const row = stallRow(database, details, 'tiling', name, r, u.detail);
  // The job not done counts against the row: what was measured is not API latency while tiling.
  if (u.status !== 202 || u.jobState !== 'done') row.errors += 1;
  rows.push(row);
}

/** Runs every target against `instances` servers over one database (PostgreSQL may have several). With several,
 *  only the API targets: media come from the shared bucket then (S3), not from the instances' own folders. */
async function benchDatabase(database: string, databaseUrl: string, rows: Row[], instances = 1): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-load-'));
  const started = Date.now();
  const servers: RunningServer[] = [];
  try {
    servers.push(await startServer(databaseUrl, dataDir));
    console.log(
      `${database}: server up with the demo in ${((Date.now() - started) / 1000).toFixed(0)} s (log: ${servers[0]!.logFile})`,
    );
    // Further instances: their own DATA_DIR (staging), the same database; the demo is there already.
    for (let i = 1; i < instances; i++)
      servers.push(await startServer(databaseUrl, path.join(dataDir, `instance-${i}`)));
    const baseUrls = servers.map((x) => x.baseUrl);
    const cookie = await signIn(baseUrls[0]!, databaseUrl, dataDir);
    const all = await targetsOf(baseUrls[0]!, cookie);
    const targets = all.filter((t) => ONLY_TARGETS.includes(t.key)).filter((t) => instances === 1 || t.api);
    // Warm-up: JIT, caches and the database pool, so the first measured target is not the cold one.
    for (const t of targets) await load(baseUrls, t, 10, 1);
    for (const t of targets) {
      for (const connections of CONNECTIONS) {
        const r = await load(baseUrls, t, connections, SECONDS);
        const row: Row = {
          database,
          target: t,
          connections,
          reqPerSec: r.requests.average,
          p50: r.latency.p50,
          p99: r.latency.p99,
          max: r.latency.max,
          errors: r.non2xx + r.errors,
          detail: `non-2xx ${r.non2xx}, socket errors ${r.errors - r.timeouts}, timeouts ${r.timeouts}`,
        };
        rows.push(row);
        console.log(
          `${database} ${t.name} @${connections}: ${row.reqPerSec.toFixed(0)} req/s, p50 ${row.p50} ms, p99 ${row.p99} ms, errors ${row.errors} (${row.detail})`,
        );
        await sleep(500);
      }
    }
    const details = all.find((t) => t.key === 'details')!;
    if (instances === 1 && ONLY_TARGETS.includes('uploads'))
      await stallRows(database, baseUrls[0]!, cookie, details, rows);
    if (instances === 1 && ONLY_TARGETS.includes('tiling'))
      await tilingRow(database, baseUrls[0]!, cookie, details, rows);
  } finally {
    for (const x of servers) await x.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Which targets a row has, and whether each is met. */
function verdict(r: Row): { text: string; met: boolean } {
  const noErrors = r.errors === 0;
  if (!r.target.api || r.connections < (r.target.p99At ?? TARGET_CONNECTIONS))
    return { text: noErrors ? 'met (0 errors)' : 'MISSED (errors)', met: noErrors };
  const fast = r.p99 < P99_TARGET_MS;
  const met = noErrors && fast;
  const missed = [noErrors ? '' : 'errors', fast ? '' : `p99 >= ${P99_TARGET_MS} ms`].filter(Boolean).join(', ');
  return { text: met ? `met (0 errors, p99 < ${P99_TARGET_MS} ms)` : `MISSED (${missed})`, met };
}

function printTable(rows: Row[], notes: string[]): void {
  console.log('\n| database | target | connections | req/s | p50 ms | p99 ms | max ms | errors | target met |');
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const r of rows) {
    console.log(
      `| ${r.database} | ${r.target.name} | ${r.connections} | ${r.reqPerSec.toFixed(0)} | ${r.p50} | ${r.p99} | ${r.max} | ${r.errors} | ${verdict(r).text} |`,
    );
  }
  const met = rows.filter((r) => verdict(r).met).length;
  console.log(
    `\nTargets: 0 errors (non-2xx + socket errors + timeouts) on every row; API p99 < ${P99_TARGET_MS} ms at ${TARGET_CONNECTIONS} connections, and at ${STALL_CONNECTIONS} while an upload runs or its photos are tiled.`,
  );
  console.log(
    `${met} of ${rows.length} rows meet their target${
      met === rows.length
        ? ''
        : `; missed: ${rows
            .filter((r) => !verdict(r).met)
            .map((r) => `${r.database} ${r.target.name} @${r.connections}`)
            .join(', ')}`
    }.`,
  );
  console.log(
    `${SECONDS} s per row, ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? 'unknown'}), Node ${process.version}.`,
  );
  for (const n of notes) console.log(n);
}

/** Runs one database's rows into `rows`; a failure is noted (with the rows measured so far kept) and sets exit code 1. */
async function tryDatabase(database: string, url: string, rows: Row[], notes: string[], instances = 1): Promise<void> {
  try {
    await benchDatabase(database, url, rows, instances);
  } catch (e) {
    notes.push(`${database} FAILED: ${(e as Error).message}`);
    process.exitCode = 1;
  }
}

async function main(): Promise<void> {
  const rows: Row[] = [];
  const notes: string[] = [];
  if (DATABASES.includes('sqlite')) await tryDatabase('SQLite', '', rows, notes);
  if (DATABASES.includes('postgres')) {
    const pg = await benchPostgres().catch((e: Error) => {
      process.exitCode = 1;
      return `could not start one (${e.message})`;
    });
    if (typeof pg === 'string') notes.push(`PostgreSQL skipped: ${pg}.`);
    else {
      try {
        await tryDatabase('PostgreSQL', pg.url, rows, notes);
        // Two instances over the same database, the connections shared between them (BENCH_INSTANCES=1 to skip).
        if (INSTANCES > 1) {
          const second = await pg.another();
          try {
            await tryDatabase(`PostgreSQL x${INSTANCES}`, second.url, rows, notes, INSTANCES);
          } finally {
            await second.drop();
          }
        }
        notes.push(`PostgreSQL: a fresh database on the ${pg.origin}, dropped after.`);
      } finally {
        await pg.release();
      }
    }
  }
  printTable(rows, notes);
}

await main();
