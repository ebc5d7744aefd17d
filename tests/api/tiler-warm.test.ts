// A server started on a machine whose kernel cache is empty (a fresh TMPDIR) compiles the tiler's WebAssembly at
// start, in the background, with no upload asked: it answers /api/health at once and keeps answering while the
// compiler runs, and the compiled module is in the cache before the first photo arrives.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { tempDir } from './helpers/server.ts';
import { startChildServer, type ChildServer } from './helpers/childServer.ts';

const root = tempDir('survey-tiler-warm-');
const tmp = path.join(root, 'tmp');
fs.mkdirSync(tmp);
let server: ChildServer | undefined;

afterAll(async () => {
  await server?.kill('SIGTERM');
  fs.rmSync(root, { recursive: true, force: true });
});

const compiled = () => {
  const dir = path.join(tmp, 'tiler-wasm');
  return fs.existsSync(dir) && fs.readdirSync(dir).some((f) => f.endsWith('.wasm'));
};

it('compiles the kernel at start without holding up start-up or requests', async () => {
  // tsx also caches under TMPDIR: an empty one makes the start slower too.
  server = await startChildServer({
    dataDir: path.join(root, 'data'),
    databaseUrl: '',
    env: { TMPDIR: tmp, LOG_LEVEL: 'info' },
    startTimeoutMs: 90_000,
  });
  // Ready before the compile (seconds) is done.
  expect(compiled()).toBe(false);
  let slowest = 0;
  let answered = 0;
  const deadline = Date.now() + 120_000;
  while (!compiled()) {
    expect(Date.now(), 'no compiled kernel in the cache').toBeLessThan(deadline);
    const started = performance.now();
    expect((await fetch(`${server.baseUrl}/api/health`)).ok).toBe(true);
    slowest = Math.max(slowest, performance.now() - started);
    answered++;
    await new Promise((r) => setTimeout(r, 100));
  }
  // The compiler's seconds of synchronous work ran off the server's event loop: it answered throughout.
  expect(answered).toBeGreaterThan(3);
  expect(slowest).toBeLessThan(1500);
  await expect.poll(() => server!.lines.some((l) => l.includes('photo tiler ready')), { timeout: 10_000 }).toBe(true);
}, 240_000);
