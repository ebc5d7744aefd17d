// Every hostile upload of helpers/hostileUploads.ts (and uploads cut off by the client half-way) sent to ONE server
// running as a child process: each must be answered with its 4xx by that same process, leave no file behind in
// DATA_DIR, and the process must still be the one that started when the corpus is done. An error of any stage of
// an upload (an entry failing half-way while others stream, a damaged picture, a dropped connection) belongs to
// that upload; none may reach the process.
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startChildServer, type ChildServer } from './helpers/childServer.ts';
import { createTempPgDatabase, tempDir } from './helpers/server.ts';
import { freshBucketEnv, s3Testing, sharedS3Server } from './helpers/s3.ts';
import { listFiles } from './helpers/snapshot.ts';
import { exportZip } from './helpers/exportBuilder.ts';
import { uploadScenes } from './helpers/upload.ts';
import { followJob } from './helpers/jobs.ts';
import { HOSTILE_SITE, hostileCases, sendHostile, uploadHostileSite } from './helpers/hostileUploads.ts';

let srv: ChildServer;
let dataDir: string;
let pid: number | undefined;
let pgDb: { url: string; drop(): Promise<void> } | undefined;

/** Every file of DATA_DIR but the database's own (SQLite's WAL files come and go with its checkpoints). */
const dataFiles = () => listFiles(dataDir).filter((f) => !/^survey\.sqlite/.test(f));

/** The child is the process that started, still running, and answering. */
async function sameProcessAnswers(): Promise<void> {
  expect({ exit: srv.proc.exitCode, signal: srv.proc.signalCode, pid: srv.proc.pid }).toEqual({
    exit: null,
    signal: null,
    pid,
  });
  expect((await fetch(`${srv.baseUrl}/api/health`)).status).toBe(200);
}

/** Until the files of DATA_DIR are `expected` again (a dropped upload is cleaned up once the server notices). */
async function filesBecome(expected: string[]): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline && JSON.stringify(dataFiles()) !== JSON.stringify(expected))
    await new Promise((r) => setTimeout(r, 100));
  expect(dataFiles()).toEqual(expected);
}

/** Writes the head and the first `fraction` of a multipart upload of `file` on a socket, then drops the connection. */
async function dropHalfWay(urlPath: string, field: string, file: Buffer, fraction: number): Promise<void> {
  const boundary = 'crash-corpus-boundary';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="properties"; filename="p.csv"\r\n` +
        `Content-Type: text/csv\r\n\r\ntitle,fileName,x,y,date,floor\r\nA,hall_a,1,2,05/03/2024,0\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="f.zip"\r\n` +
        `Content-Type: application/octet-stream\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const url = new URL(srv.baseUrl);
  const head =
    `POST ${urlPath} HTTP/1.1\r\nHost: ${url.host}\r\nContent-Type: multipart/form-data; boundary=${boundary}\r\n` +
    `Content-Length: ${body.length}\r\n\r\n`;
  await new Promise<void>((resolve, reject) => {
    const socket = net.connect(Number(url.port), url.hostname, () => {
      socket.write(head);
      socket.write(body.subarray(0, Math.floor(body.length * fraction)), () => {
        // Long enough for the server to start on the part (temp file, staging), then the client is gone.
        setTimeout(() => {
          socket.destroy();
          resolve();
        }, 300);
      });
    });
    socket.on('error', reject);
  });
}

beforeAll(async () => {
  dataDir = tempDir('survey-crash-');
  if (process.env.DATABASE_URL) pgDb = await createTempPgDatabase(process.env.DATABASE_URL);
  const s3Env = s3Testing() ? await freshBucketEnv((await sharedS3Server()).endpoint) : {};
  srv = await startChildServer({
    dataDir,
    databaseUrl: pgDb?.url ?? '',
    env: { MAX_COMPRESSION_RATIO: '100', LOG_LEVEL: 'warn', ...s3Env },
  });
  pid = srv.proc.pid;
  expect((await uploadHostileSite(srv.baseUrl)).status).toBe(200);
}, 120_000);

afterAll(async () => {
  await srv?.kill();
  await pgDb?.drop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

describe(`${hostileCases.length} hostile uploads to one process`, () => {
  it.each(hostileCases.map((c) => [c.name, c] as const))(
    '%s: its 4xx from the same process, nothing left behind',
    async (_n, c) => {
      const before = dataFiles();
      const answer = await sendHostile(srv.baseUrl, c).catch((e: Error & { cause?: { code?: string } }) => ({
        status: 0,
        code: e.cause?.code,
        message: `no answer (${e.message}, ${e.cause?.code}); the server said:\n${srv.lines.slice(-20).join('\n')}`,
      }));
      // A body refused for its size may be cut off by the server before the client has sent all of it: then the
      // client sees its connection reset instead of the 413 (the process is checked all the same).
      const cutOff = c.status === 413 && 'code' in answer && /ECONNRESET|EPIPE|UND_ERR_SOCKET/.test(answer.code ?? '');
      if (!cutOff)
        expect({ status: answer.status, message: String(answer.message).slice(0, 2000) }).toEqual({
          status: c.status,
          message: expect.stringMatching(c.message),
        });
      await sameProcessAnswers();
      await filesBecome(before);
    },
    60_000,
  );

  it.each([
    ['an export', `/api/site/${HOSTILE_SITE}/0/addScenes`, 'zipFile'],
    ['360 photos', `/api/site/${HOSTILE_SITE}/0/addPhotos`, 'photos'],
    ['a documentation archive', `/api/documentation/${HOSTILE_SITE}`, 'zipFile'],
    ['a floor plan', `/api/site/${HOSTILE_SITE}/minimap?floor=0`, 'file'],
    ['a cover', '/api/map-pins/preview', 'file'],
  ])(
    '%s whose client drops the connection half-way: nothing left behind, no error logged',
    async (_n, urlPath, field) => {
      const before = dataFiles();
      const logged = srv.lines.length;
      const zip = Buffer.concat([await exportZip(), Buffer.alloc(4_000_000, 7)]);
      await dropHalfWay(urlPath, field, zip, 0.5);
      await sameProcessAnswers();
      await filesBecome(before);
      // A sender that went away is no fault of the server's: no error line, no stack trace.
      expect(srv.lines.slice(logged).filter((l) => /"level":(50|60)/.test(l))).toEqual([]);
    },
  );

  it('the process that started answered them all, and logged no uncaught error', async () => {
    await sameProcessAnswers();
    expect(srv.lines.filter((l) => /uncaught|unhandled/i.test(l))).toEqual([]);
    expect(path.isAbsolute(dataDir)).toBe(true);
  });
});

describe('exports failing half-way while imported as a job', () => {
  let jobServer: ChildServer;
  let jobDataDir: string;
  let jobDb: { url: string; drop(): Promise<void> } | undefined;
  beforeAll(async () => {
    jobDataDir = tempDir('survey-crash-job-');
    if (process.env.DATABASE_URL) jobDb = await createTempPgDatabase(process.env.DATABASE_URL);
    const s3Env = s3Testing() ? await freshBucketEnv((await sharedS3Server()).endpoint) : {};
    jobServer = await startChildServer({
      dataDir: jobDataDir,
      databaseUrl: jobDb?.url ?? '',
      env: { INGEST_JOB_MIN_BYTES: '0', LOG_LEVEL: 'warn', ...s3Env },
    });
  }, 120_000);
  afterAll(async () => {
    await jobServer?.kill();
    await jobDb?.drop();
    if (jobDataDir) fs.rmSync(jobDataDir, { recursive: true, force: true });
  });

  const halfWay = hostileCases.filter((c) => c.target === 'scenes' && / tile /.test(c.name));
  it.each(halfWay.map((c) => [c.name, c] as const))(
    '%s: the job fails with its sentence, the process stays',
    async (_n, c) => {
      const pidBefore = jobServer.proc.pid;
      const up = await uploadScenes(jobServer.baseUrl, 'jobbed', 0, {
        ...(await c.input()),
        mode: 'addNewSite',
        siteName: 'Jobbed',
      });
      expect(up.status).toBe(202);
      const { last } = await followJob(jobServer.baseUrl, 'jobbed', up.body.payload.job, { timeoutMs: 60_000 });
      expect({ state: last.state, error: last.error }).toEqual({
        state: 'failed',
        error: { status: c.status, message: expect.stringMatching(c.message) },
      });
      expect({ exit: jobServer.proc.exitCode, pid: jobServer.proc.pid }).toEqual({ exit: null, pid: pidBefore });
      // (The job's copy of a zip fetched from a bucket is removed just after the job is marked failed.)
      await expect
        .poll(() => listFiles(path.join(jobDataDir, 'staging')).filter((f) => !f.endsWith('.owner.json')))
        .toEqual([]);
    },
    90_000,
  );
});
