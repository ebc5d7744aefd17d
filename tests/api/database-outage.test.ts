// PostgreSQL away for some seconds under load (a restart, a failover): every read and write that needs it is
// answered 503 with Retry-After and a plain sentence (not a 500 with a stack trace logged per request), the log says
// the outage once, then a count, then that it is over, and the same process serves again. The test runs its own
// PostgreSQL (it has to stop it); where none can be started it is skipped with the reason. Being its own, that database
// is the same whichever one the suite runs against: it runs in the first pass only (helpers/privatePostgres.ts).
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { repeatedPass, startPrivatePostgres, type PrivatePostgres } from './helpers/privatePostgres.ts';
import { startChildServer, type ChildServer } from './helpers/childServer.ts';
import { tempDir } from './helpers/server.ts';
import { DATABASE_UNAVAILABLE_MESSAGE } from '../../server/db/dbErrors.ts';
import { exportZip, positionsCsv } from './helpers/exportBuilder.ts';
import { uploadScenes } from './helpers/upload.ts';

const REQUESTS_PER_SECOND = 15;
/** Longer than the outage log's count interval (10 s), so that a count is logged. */
const DOWN_MS = 12_000;

let pg: PrivatePostgres | { reason: string };
let server: ChildServer | undefined;
const dataDir = tempDir('survey-outage-');

beforeAll(async () => {
  if (repeatedPass) return;
  pg = await startPrivatePostgres();
  if ('url' in pg) server = await startChildServer({ dataDir, databaseUrl: pg.url, env: { LOG_LEVEL: 'info' } });
}, 60_000);
afterAll(async () => {
  await server?.kill();
  if (pg && 'destroy' in pg) await pg.destroy();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

type Phase = 'before' | 'stopping' | 'down' | 'starting' | 'after';
interface Answer {
  phase: Phase;
  kind: 'read' | 'write';
  status: number;
  retryAfter: string | null;
  message?: string;
  text: string;
}

it.skipIf(repeatedPass)(
  'answers 503 with Retry-After while PostgreSQL is away, logs it once, a count and its end, and serves again',
  async (t) => {
    if (!('url' in pg)) return t.skip(pg.reason);
    const base = server!.baseUrl;
    const zip = await exportZip();
    const answers: Answer[] = [];
    let phase: Phase = 'before';
    let n = 0;
    const one = async () => {
      const at = phase;
      const i = n++;
      const write = i % 2 === 1;
      const init: RequestInit = write
        ? {
            method: 'PATCH',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ singleSiteSettings: { siteTitle: `Title ${i}` } }),
          }
        : {};
      let status = 0,
        retryAfter: string | null = null,
        text: string;
      try {
        const res = await fetch(
          `${base}${write ? '/api/settings' : i % 4 === 0 ? '/api/map-pins' : '/api/settings'}`,
          init,
        );
        status = res.status;
        retryAfter = res.headers.get('retry-after');
        text = await res.text();
      } catch (err) {
        text = String(err);
      }
      let message: string | undefined;
      try {
        message = JSON.parse(text).message;
      } catch {
        /* not JSON: checked below */
      }
      answers.push({ phase: at, kind: write ? 'write' : 'read', status, retryAfter, message, text });
    };
    const inFlight = new Set<Promise<void>>();
    const load = setInterval(() => {
      const p = one().finally(() => inFlight.delete(p));
      inFlight.add(p);
    }, 1000 / REQUESTS_PER_SECOND);
    const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
    try {
      await sleep(2000);
      phase = 'stopping';
      await pg.stop();
      phase = 'down';
      const t0 = Date.now();
      // An upload (staged files, then one transaction) while it is away: refused as a whole, nothing left.
      const upload = () =>
        uploadScenes(base, 'new-site', -1, { zip, csv: positionsCsv(), mode: 'addNewSite', siteName: 'Outage Farm' });
      const refusedUpload = await upload();
      expect(refusedUpload.status, JSON.stringify(refusedUpload.body)).toBe(503);
      expect(refusedUpload.headers.get('retry-after')).toBe('5');
      const staged = fs.readdirSync(path.join(dataDir, 'staging'), { recursive: true, withFileTypes: true });
      // (The process's own owner marker stays: it says whose staging folder this is.)
      const left = staged.filter((e) => e.isFile() && !e.name.endsWith('.owner.json')).map((e) => e.name);
      expect(left).toEqual([]);
      await sleep(DOWN_MS - (Date.now() - t0));
      phase = 'starting';
      await pg.start();
      // Service resumes by itself: within a few seconds reads and writes go through again.
      const deadline = Date.now() + 15_000;
      while (!answers.slice(-4).every((a) => a.status === 200) || answers.at(-1)?.phase !== 'starting') {
        expect(Date.now(), 'service did not resume within 15 s').toBeLessThan(deadline);
        await sleep(100);
      }
      phase = 'after';
      const uploaded = await upload();
      expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(200);
      expect(uploaded.body.payload.site).toBe('outage-farm');
      await sleep(1000);
    } finally {
      clearInterval(load);
      await Promise.all(inFlight);
    }

    const of = (p: Phase) => answers.filter((a) => a.phase === p);
    // Never a 500, never a dropped connection: 200, or 503 while the database is away.
    expect(
      answers.filter((a) => a.status !== 200 && a.status !== 503).map((a) => `${a.status} ${a.text.slice(0, 200)}`),
    ).toEqual([]);
    expect(of('before').every((a) => a.status === 200)).toBe(true);
    const down = of('down');
    expect(down.length).toBeGreaterThan((DOWN_MS / 1000) * REQUESTS_PER_SECOND * 0.5);
    for (const kind of ['read', 'write'] as const) {
      const refused = down.filter((a) => a.kind === kind);
      expect(refused.length, kind).toBeGreaterThan(20);
      for (const a of refused) {
        expect(a.status, kind).toBe(503);
        expect(Number(a.retryAfter), kind).toBeGreaterThanOrEqual(1);
        expect(a.message, kind).toBe(DATABASE_UNAVAILABLE_MESSAGE);
      }
    }
    const after = of('after');
    expect(after.length).toBeGreaterThan(REQUESTS_PER_SECOND / 2);
    expect(after.filter((a) => a.status !== 200)).toEqual([]);
    expect(new Set(after.map((a) => a.kind))).toEqual(new Set(['read', 'write']));

    // The same process, still running.
    expect(server!.proc.exitCode).toBeNull();
    expect(server!.proc.signalCode).toBeNull();

    // The log: the outage once, then a count, then its end; no line (and no stack trace) per request.
    const logs = server!.lines.flatMap((l) => {
      try {
        return [JSON.parse(l) as { level: number; msg: string; refused?: number; stack?: string; err?: unknown }];
      } catch {
        return [];
      }
    });
    const plain = server!.lines.filter((l) => !l.startsWith('{'));
    const msgs = logs.map((l) => l.msg);
    const began = msgs.indexOf('database unavailable: requests that need it are answered 503 until it answers again');
    const counted = msgs.indexOf('database still unavailable');
    const ended = msgs.indexOf('database answers again');
    expect(msgs.filter((m) => m.startsWith('database unavailable'))).toHaveLength(1);
    expect(began).toBeGreaterThan(-1);
    expect(counted).toBeGreaterThan(began);
    expect(logs[counted].refused).toBeGreaterThan(0);
    expect(ended).toBeGreaterThan(counted);
    expect(msgs.filter((m) => m === 'database answers again')).toHaveLength(1);
    expect(msgs.filter((m) => m === 'request failed' || m === 'request errored' || m === 'request completed')).toEqual(
      [],
    );
    const withStacks = server!.lines.filter((l) => l.includes('"stack"') || /^\s+at /.test(l));
    expect(withStacks, withStacks.join('\n').slice(0, 2000)).toEqual([]);
    expect(plain.filter((l) => /connection lost/.test(l))).toEqual([]);
  },
  90_000,
);
