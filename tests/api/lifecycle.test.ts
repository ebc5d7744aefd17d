// Operations: /api/health and /api/ready, request ids, every 500 logged with its id (at the default log level of
// tests, warn), SIGTERM letting an upload in flight finish before the process exits 0, and an uncaught error
// stopping the process the same way (exit 1).
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { startServer, fetchJson, tempDir, createTempPgDatabase, type TestServer } from './helpers/server.ts';
import { startChildServer, type ChildServer } from './helpers/childServer.ts';
import { uploadScenes } from './helpers/upload.ts';
import { exportZip, positionsCsv } from './helpers/exportBuilder.ts';
import { openDatabase, type DB } from '../../server/db/database.ts';

describe('health and readiness (in process)', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer();
  });
  afterAll(async () => {
    await s?.close().catch(() => undefined);
  });

  it('answers liveness and readiness, and echoes a sane request id (a new one otherwise)', async () => {
    const health = await fetchJson(`${s.baseUrl}/api/health`, { headers: { 'x-request-id': 'lb-check.42' } });
    expect([health.status, health.body]).toEqual([200, { success: true, payload: { status: 'ok' } }]);
    expect(health.headers.get('x-request-id')).toBe('lb-check.42');
    const odd = await fetchJson(`${s.baseUrl}/api/health`, { headers: { 'x-request-id': 'a b<script>' } });
    expect(odd.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const ready = await fetchJson(`${s.baseUrl}/api/ready`);
    expect([ready.status, ready.body]).toEqual([200, { success: true, payload: { status: 'ready' } }]);
  });

  it('is not ready (503, with a sentence) when the database does not answer', async () => {
    await s.ctx.db.destroy();
    const ready = await fetchJson(`${s.baseUrl}/api/ready`);
    expect(ready.status).toBe(503);
    expect(ready.body.success).toBe(false);
    expect(ready.body.message).toMatch(/^Not ready: the database did not answer \(.+\)\.$/);
    expect((await fetchJson(`${s.baseUrl}/api/health`)).status).toBe(200);
  });
});

describe('the server process', () => {
  let dataDir: string;
  let databaseUrl = '';
  let drop: (() => Promise<void>) | undefined;
  let server: ChildServer | undefined;
  let db: DB;
  beforeAll(async () => {
    dataDir = tempDir('survey-life-');
    if (process.env.DATABASE_URL && /^postgres/.test(process.env.DATABASE_URL)) {
      const pg = await createTempPgDatabase(process.env.DATABASE_URL);
      databaseUrl = pg.url;
      drop = pg.drop;
    }
    db = await openDatabase({ dataDir, databaseUrl: databaseUrl || undefined });
  });
  afterAll(async () => {
    await server?.kill('SIGKILL');
    await db?.destroy();
    await drop?.();
  });

  it('logs every 500 with its request id, which the answer carries', async () => {
    server = await startChildServer({ dataDir, databaseUrl });
    const up = await uploadScenes(server.baseUrl, 'x', 0, {
      zip: await exportZip(),
      csv: positionsCsv(),
      mode: 'addNewSite',
      siteName: 'Logged',
    });
    expect(up.status).toBe(200);
    await sql`drop table abouts`.execute(db); // a fault the code cannot foresee
    const res = await fetchJson(`${server.baseUrl}/api/site/${up.body.payload.site}/about`, {
      headers: { 'x-request-id': 'quote-me-123' },
    });
    expect(res.status).toBe(500);
    expect(res.body).toEqual({
      success: false,
      message: 'Internal server error. Please quote request id quote-me-123 when you report it.',
      requestId: 'quote-me-123',
    });
    await new Promise((r) => setTimeout(r, 200));
    const logged = server.lines
      .map((l) => {
        try {
          return JSON.parse(l);
        } catch {
          return null;
        }
      })
      .filter((j) => j && j.level === 50 && j.reqId === 'quote-me-123');
    expect(logged).toHaveLength(1);
    expect(logged[0].err.message).toMatch(/abouts/);
    // Tests run at level warn: the requests that went well were not logged.
    expect(server.lines.some((l) => l.includes('"request completed"'))).toBe(false);
    await server.kill('SIGKILL');
  });

  it('on SIGTERM refuses new connections, finishes the upload in flight with 200, then exits 0', async () => {
    server = await startChildServer({ dataDir, databaseUrl });
    const form = new FormData();
    form.append('zipFile', new Blob([new Uint8Array(await exportZip())], { type: 'application/zip' }), 'export.zip');
    form.append('properties', new Blob([positionsCsv()], { type: 'text/csv' }), 'positions.csv');
    form.append('mode', 'addNewSite');
    form.append('siteName', 'Drained');
    const encoded = new Response(form);
    const body = Buffer.from(await encoded.arrayBuffer());
    const url = new URL(`${server.baseUrl}/api/site/x/0/addScenes`);
    const answer = new Promise<{ status: number; body: any }>((resolve, reject) => {
      const req = http.request(
        {
          host: url.hostname,
          port: url.port,
          path: url.pathname,
          method: 'POST',
          headers: { 'content-type': encoded.headers.get('content-type')!, 'content-length': body.length },
        },
        (res) => {
          let text = '';
          res.on('data', (c) => {
            text += c;
          });
          res.on('end', () => resolve({ status: res.statusCode!, body: JSON.parse(text) }));
        },
      );
      req.on('error', reject);
      // Half the body now; the signal arrives while the rest is still on its way.
      req.write(body.subarray(0, body.length >> 1));
      setTimeout(() => {
        server!.proc.kill('SIGTERM');
      }, 200);
      setTimeout(async () => {
        const refused = await fetch(`${server!.baseUrl}/api/health`).then(
          () => false,
          () => true,
        );
        expect(refused, 'a new connection after SIGTERM').toBe(true);
        req.end(body.subarray(body.length >> 1));
      }, 700);
    });
    const t0 = Date.now();
    const res = await answer;
    expect(res.status).toBe(200);
    const answered = Date.now() - t0;
    expect(res.body.payload.site).toBe('drained');
    expect(await server.exited).toEqual({ code: 0, signal: null });
    console.log(
      `SIGTERM drain: upload answered ${answered} ms after it started, process exited ${Date.now() - t0} ms after`,
    );
    expect(await db.selectFrom('survey_nodes').select('id').where('site', '=', 'drained').execute()).toHaveLength(2);
  });
  it('stops on an error no request owns: logged once as fatal, exit code 1', async () => {
    // A bug stand-in loaded beside the server: SIGUSR2 throws outside of any request or job.
    const bug = path.join(dataDir, 'unowned-error.mjs');
    fs.writeFileSync(
      bug,
      "process.on('SIGUSR2', () => setImmediate(() => { throw new Error('unowned test error'); }));\n",
    );
    server = await startChildServer({ dataDir, databaseUrl, env: { NODE_OPTIONS: `--import ${pathToFileURL(bug)}` } });
    server.proc.kill('SIGUSR2');
    expect(await server.exited).toEqual({ code: 1, signal: null });
    const fatal = server.lines.filter((l) => l.includes('"level":60'));
    expect(fatal).toHaveLength(1);
    expect(JSON.parse(fatal[0]).err.message).toBe('unowned test error');
  });
});
