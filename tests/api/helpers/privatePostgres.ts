// A PostgreSQL server of the test's own (initdb + pg_ctl from PGBIN, /usr/local/bin by default), on a free port in
// a temp folder, that the test may stop and start again. initdb refuses root: as root it runs as the plain user
// `pgci` (made by .ci/run when missing). When none can be started, `reason` says why and the test skips.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './childServer.ts';

const run = promisify(execFile);
const PGBIN = process.env.PGBIN ?? '/usr/local/bin';
const PG_USER_OS = 'pgci';

export interface PrivatePostgres {
  /** postgres://postgres@127.0.0.1:<port>/postgres */
  url: string;
  /** Stops the server (fast: sessions are ended, as in a restart or a failover). */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops it and removes its files. */
  destroy(): Promise<void>;
}

/** Runs a PostgreSQL program, as `pgci` when this process is root. */
async function asPostgresUser(program: string, args: string[]): Promise<void> {
  const bin = path.join(PGBIN, program);
  if (process.getuid?.() !== 0) {
    await run(bin, args);
    return;
  }
  const quoted = [bin, ...args].map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ');
  await run('su', [PG_USER_OS, '-s', '/bin/sh', '-c', quoted]);
}

/** A started private server, or the reason there is none here. */
export async function startPrivatePostgres(): Promise<PrivatePostgres | { reason: string }> {
  for (const p of ['initdb', 'pg_ctl'])
    if (!fs.existsSync(path.join(PGBIN, p))) return { reason: `no ${p} in ${PGBIN} (set PGBIN)` };
  if (process.getuid?.() === 0) {
    try {
      await run('id', [PG_USER_OS]);
    } catch {
      return { reason: `running as root and there is no user ${PG_USER_OS} to run PostgreSQL as (.ci/run makes it)` };
    }
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'survey-pg-'));
  if (process.getuid?.() === 0) await run('chown', [PG_USER_OS, dir]);
  const port = await freePort();
  const data = path.join(dir, 'db');
  const ctl = (...args: string[]) => asPostgresUser('pg_ctl', ['-D', data, ...args]);
  const start = () =>
    ctl('-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`, '-l', path.join(dir, 'log'), '-w', 'start');
  const stop = () => ctl('-m', 'fast', '-w', 'stop');
  try {
    await asPostgresUser('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust']);
    await start();
  } catch (err) {
    fs.rmSync(dir, { recursive: true, force: true });
    return { reason: `could not start a private PostgreSQL: ${(err as Error).message.split('\n')[0]}` };
  }
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop,
    start,
    async destroy() {
      await stop().catch(() => {});
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * A test on a PostgreSQL of its own gives the same answer whichever database the suite runs against; the suite's
 * PostgreSQL and S3 passes would only repeat it (tens of seconds each), so it runs in the first (SQLite) pass.
 */
export const repeatedPass = !!process.env.DATABASE_URL;
