// PostgreSQL for the load benchmark: a fresh database next to DATABASE_URL when it is set (dropped after), else a
// throw-away cluster started as .ci/run does (initdb + pg_ctl from PGBIN, as the plain user `pgci` when we are
// root, since initdb refuses root), else none (the PostgreSQL half of the benchmark is then reported as skipped).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createTempPgDatabase } from '../tests/api/helpers/server';
import { freePort } from '../tests/api/helpers/childServer';

export interface BenchPostgres {
  /** Where the server connects: a database of its own. */
  url: string;
  /** "DATABASE_URL" or "throw-away cluster": said in the output so a reader knows what was measured. */
  origin: string;
  release(): Promise<void>;
  /** A further fresh database next to it (dropped by the caller), e.g. for a run with several instances. */
  another(): Promise<{ url: string; drop(): Promise<void> }>;
}

const PGBIN = process.env.PGBIN ?? '/usr/local/bin';
const PG_OS_USER = 'pgci';

/** Runs a PostgreSQL binary, as `pgci` when we are root. */
function asPg(bin: string, args: string[]): void {
  const file = path.join(PGBIN, bin);
  if (process.getuid?.() !== 0) {
    execFileSync(file, args, { stdio: 'ignore' });
    return;
  }
  const quoted = [file, ...args].map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ');
  execFileSync('su', [PG_OS_USER, '-s', '/bin/sh', '-c', quoted], { stdio: 'ignore' });
}

/** A cluster of our own on a free port (default max_connections 100, as in CI). */
async function startCluster(): Promise<{ url: string; stop(): void }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-pg-'));
  if (process.getuid?.() === 0) {
    try {
      execFileSync('id', [PG_OS_USER], { stdio: 'ignore' });
    } catch {
      execFileSync('useradd', ['-M', '-s', '/bin/sh', PG_OS_USER]);
    }
    fs.chownSync(
      dir,
      Number(execFileSync('id', ['-u', PG_OS_USER]).toString()),
      Number(execFileSync('id', ['-g', PG_OS_USER]).toString()),
    );
  }
  const port = await freePort();
  asPg('initdb', ['-D', `${dir}/db`, '-U', 'postgres', '-A', 'trust']);
  asPg('pg_ctl', [
    '-D',
    `${dir}/db`,
    '-o',
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`,
    '-l',
    `${dir}/log`,
    '-w',
    'start',
  ]);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop() {
      try {
        asPg('pg_ctl', ['-D', `${dir}/db`, '-m', 'fast', '-w', 'stop']);
      } catch {
        /* already gone */
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** PostgreSQL for one benchmark run, or null with the reason when there is none. */
export async function benchPostgres(): Promise<BenchPostgres | string> {
  const given = process.env.DATABASE_URL;
  if (given && /^postgres(ql)?:\/\//.test(given)) {
    const db = await createTempPgDatabase(given);
    return {
      url: db.url,
      origin: 'DATABASE_URL',
      release: () => db.drop(),
      another: () => createTempPgDatabase(given),
    };
  }
  if (!fs.existsSync(path.join(PGBIN, 'initdb')) || !fs.existsSync(path.join(PGBIN, 'pg_ctl'))) {
    return `no DATABASE_URL and no initdb/pg_ctl in ${PGBIN}`;
  }
  const cluster = await startCluster();
  try {
    const db = await createTempPgDatabase(cluster.url);
    return {
      url: db.url,
      origin: 'throw-away cluster',
      another: () => createTempPgDatabase(cluster.url),
      release: async () => {
        await db.drop();
        cluster.stop();
      },
    };
  } catch (e) {
    cluster.stop();
    throw e;
  }
}
