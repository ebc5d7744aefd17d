// The real server as a child process (node --import tsx server/main.ts), for tests that kill it or signal it.
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { repoRoot } from './fixtures.ts';

export interface ChildServer {
  proc: ChildProcess;
  baseUrl: string;
  /** Every stdout and stderr line so far (pino writes JSON lines to stdout). */
  lines: string[];
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  kill(signal?: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/**
 * Starts the server on a free port with DATA_DIR and DATABASE_URL ('' for SQLite); resolves once /api/health answers
 * (within `startTimeoutMs`, 30 s unless a start seeds the demo).
 */
export async function startChildServer(opts: {
  dataDir: string;
  databaseUrl: string;
  env?: Record<string, string>;
  startTimeoutMs?: number;
  /** A port of the caller's (a second server where the first stood: same origin for the browser), else a free one. */
  port?: number;
}): Promise<ChildServer> {
  const startTimeoutMs = opts.startTimeoutMs ?? 30_000;
  const port = opts.port ?? (await freePort());
  const proc = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      DATA_DIR: opts.dataDir,
      DATABASE_URL: opts.databaseUrl,
      DEMO: 'false',
      USE_SSO: 'false',
      PORT: String(port),
      HOST: '127.0.0.1',
      DIST_DIR: `${opts.dataDir}/no-dist`,
      // As uploaded unless the test asks for the AVIF copies (their job would run beside the test's requests).
      AVIF_TILES: 'false',
      ...opts.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const collect = (chunk: Buffer) => lines.push(...chunk.toString().split('\n').filter(Boolean));
  proc.stdout!.on('data', collect);
  proc.stderr!.on('data', collect);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    proc.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + startTimeoutMs;
  for (;;) {
    if (proc.exitCode !== null || proc.signalCode !== null)
      throw new Error(`the server exited at start:\n${lines.join('\n')}`);
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      proc.kill('SIGKILL');
      throw new Error(`the server did not answer within ${startTimeoutMs / 1000} s:\n${lines.join('\n')}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    proc,
    baseUrl,
    lines,
    exited,
    async kill(signal: NodeJS.Signals = 'SIGKILL') {
      if (proc.exitCode === null && proc.signalCode === null) proc.kill(signal);
      return exited;
    },
  };
}
