// Starts the real app on a free port over a fresh temp DATA_DIR, for API tests over real HTTP.
// With DATABASE_URL set (postgres://…), each server gets its own throw-away database, dropped at close.
// With S3_TEST=1, each server stores its blobs in a fresh bucket of an s3rver the test file starts (helpers/s3.ts).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../server/app.ts';
import { readConfig, type Config } from '../../../server/config.ts';
import type { AppContext } from '../../../server/context.ts';
import { freshBucketEnv, s3Testing, sharedS3Server } from './s3.ts';

export interface TestServer {
  /** e.g. http://127.0.0.1:43123 (no trailing slash). */
  baseUrl: string;
  ctx: AppContext;
  app: FastifyInstance;
  config: Config;
  dataDir: string;
  /** The DATABASE_URL in use (a fresh PostgreSQL database), or undefined for SQLite. */
  databaseUrl?: string;
  close(): Promise<void>;
}

const isPostgres = (url?: string) => !!url && /^postgres(ql)?:\/\//.test(url);

/** Creates a fresh PostgreSQL database next to the one `baseUrl` names; returns its URL and a dropper. */
export async function createTempPgDatabase(baseUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const pg = (await import('pg')).default;
  const name = `t_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  const u = new URL(baseUrl);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: baseUrl });
      await c.connect();
      try {
        await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await c.end();
      }
    },
  };
}

/** A fresh temp folder (removed by the caller, or by startServer's close). */
export function tempDir(prefix = 'survey-test-'): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

/**
 * Builds the app with readConfig({...}) on a fresh temp DATA_DIR and listens on port 0.
 * `env` overrides settings (e.g. { USE_SSO: 'true', MAX_COMPRESSION_RATIO: '5' }). The demo seed is off.
 */
export async function startServer(env: Record<string, string | undefined> = {}): Promise<TestServer> {
  const dataDir = tempDir();
  const baseDbUrl = env.DATABASE_URL ?? process.env.DATABASE_URL;
  let pgDb: { url: string; drop(): Promise<void> } | undefined;
  if (isPostgres(baseDbUrl)) pgDb = await createTempPgDatabase(baseDbUrl!);
  const s3Env = s3Testing() && !('S3_BUCKET' in env) ? await freshBucketEnv((await sharedS3Server()).endpoint) : {};
  const config = readConfig({
    DATA_DIR: dataDir,
    DEMO: 'false',
    USE_SSO: 'false',
    HOST: '127.0.0.1',
    PORT: '0',
    DIST_DIR: path.join(dataDir, 'no-dist'),
    // Tiles stay as uploaded unless a test asks for the AVIF copies (a job running beside the test's own requests).
    AVIF_TILES: 'false',
    ...s3Env,
    ...env,
    DATABASE_URL: pgDb?.url ?? '',
  });
  let built: Awaited<ReturnType<typeof buildApp>>;
  try {
    built = await buildApp(config);
  } catch (e) {
    await pgDb?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw e;
  }
  const { app, ctx } = built;
  await app.listen({ port: 0, host: '127.0.0.1' });
  const addr = app.server.address();
  const port = typeof addr === 'object' && addr ? addr.port : 0;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    ctx,
    app,
    config,
    dataDir,
    databaseUrl: pgDb?.url,
    async close() {
      // Tests that check only a download's status leave its body unread: that response never finishes, its
      // connection is never idle, and app.close() would wait for it. A finished test abandons its clients.
      const closing = app.close();
      app.server.closeAllConnections();
      await closing;
      await pgDb?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** fetch + JSON body, for envelope answers. */
export async function fetchJson<T = any>(
  url: string,
  init?: RequestInit,
): Promise<{ status: number; body: T; headers: Headers }> {
  const res = await fetch(url, init);
  const text = await res.text();
  let body: any;
  try {
    body = JSON.parse(text);
  } catch {
    body = text;
  }
  return { status: res.status, body, headers: res.headers };
}
