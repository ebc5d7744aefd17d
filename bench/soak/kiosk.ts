// npm run soak:kiosk: the long kiosk soak against the real server (the built client, a fresh DATA_DIR with the
// demo site, its own port), in Debian's headless Chromium: 1,000 scene changes, 100 floor and date switches, five
// network cuts, 50 loops of the site's guided tour; prints the table of JS heap, GPU textures, DOM nodes and
// listeners at the start, the middle and the end, and what failed. Exits 1 when a bound is broken.
// --scenes=N --switches=N --cuts=N --tours=N for other lengths.
import { spawn } from 'node:child_process';
import { request as apiRequest } from '@playwright/test';
import { launchBenchBrowser } from '../browser';
import { runKioskSoak } from './run';
import { boundsBroken, sampleTable } from './verdict';

const arg = (name: string, fallback: number) =>
  Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback);
const port = Number(process.env.SOAK_PORT ?? 5108);
const origin = `http://127.0.0.1:${port}`;

const server = spawn(process.execPath, ['--import', 'tsx', 'tests/e2e/server.ts'], {
  env: { ...process.env, PORT: String(port), AVIF_TILES: 'false', LOG_LEVEL: 'warn' },
  stdio: ['ignore', 'inherit', 'inherit'],
});
const stop = () => new Promise((r) => (server.once('exit', r), server.kill('SIGTERM')));
try {
  for (let i = 0; ; i++) {
    if (
      await fetch(`${origin}/api/settings`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (i > 360) throw new Error('the server did not start');
    await new Promise((r) => setTimeout(r, 500));
  }
  const request = await apiRequest.newContext({ baseURL: origin });
  const { defaultSite } = ((await (await request.get('/api/settings')).json()) as { payload: { defaultSite: string } })
    .payload;
  const browser = await launchBenchBrowser();
  const context = await browser.newContext({ baseURL: origin, viewport: { width: 1280, height: 720 } });
  const result = await runKioskSoak(context, request, defaultSite, {
    sceneChanges: arg('scenes', 1000),
    switches: arg('switches', 100),
    cuts: arg('cuts', 5),
    tourLoops: arg('tours', 50),
    onStep: (i, n) => i % 50 === 0 && console.log(`step ${i}/${n}`),
  });
  await browser.close();
  const [, middle, end] = result.samples;
  const broken = boundsBroken(middle, end);
  console.log(`\n${sampleTable(result.samples)}\n`);
  console.log(`${result.steps} steps in ${(result.ms / 60_000).toFixed(1)} min`);
  console.log(`requests failed while cut: ${result.log.failedOffline}`);
  for (const [what, list] of [
    ['bounds broken', broken],
    ['console errors', result.log.consoleErrors],
    ['requests failed online', result.log.failedOnline],
    ['scenes not shown', result.log.notShown],
  ] as const)
    console.log(`${what}: ${list.length ? `\n  ${list.join('\n  ')}` : 'none'}`);
  process.exitCode = broken.length || result.log.consoleErrors.length || result.log.failedOnline.length ? 1 : 0;
} finally {
  await stop();
}
