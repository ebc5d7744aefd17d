// Diagnostic: where the localhost bench's scripted pan has its slow frames, against the engine's takeover
// (scene.html) or for Marzipano's page (--peer=marzipano). Prints, per visit, the slow intervals and the marks and
// long tasks after stable; --trace writes a Chrome trace of visit --trace-rep (GPU process included) to
// /tmp/pan.trace.json, its pan marked 'pan:start'. Not a benchmark figure.
//   node --import tsx bench/pan-diag.ts [--scene=gen|fixture] [--vp=1280|390] [--reps=3] [--build] [--peer=marzipano]
import path from 'node:path';
import { build } from 'vite';
import { launchBenchBrowser } from './browser';
import { FIXTURE, GEN_4096 } from './benchScenes';
import { intervals, percentile, scriptedPan, stableAt } from './pan';
import { fixtureTilesDir, repoRoot } from '../tests/e2e/helpers/fixtures';
import { sceneUrl } from '../tests/e2e/helpers/scenePage';
import { startStaticServer } from '../tests/e2e/helpers/staticServer';

const arg = (k: string, d: string) => process.argv.find((a) => a.startsWith(`--${k}=`))?.slice(k.length + 3) ?? d;
const tmp = path.join(repoRoot, '.tmp');
if (process.argv.includes('--build'))
  await build({ configFile: path.join(repoRoot, 'bench', 'vite.viewers.config.ts') });
const vp = arg('vp', '390') === '390' ? { width: 390, height: 844, dpr: 3 } : { width: 1280, height: 720, dpr: 1 };
const scene = arg('scene', 'fixture') === 'gen' ? GEN_4096 : FIXTURE;
const server = await startStaticServer([
  { prefix: '/', dir: path.join(tmp, 'viewers-dist') },
  { prefix: '/media/gen/', dir: path.join(tmp, 'bench-gen') },
  { prefix: '/media/tiles/', dir: await fixtureTilesDir() },
]);
const browser = await launchBenchBrowser();
const peer = arg('peer', 'ours');
const view = { yaw: 0.3, pitch: 0.1, fov: Math.PI / 2 };
const p95s: number[] = [];
for (let rep = 0; rep < Number(arg('reps', '3')); rep++) {
  const ctx = await browser.newContext({ viewport: { width: vp.width, height: vp.height }, deviceScaleFactor: vp.dpr });
  await ctx.addInitScript(
    `window.__name = (f) => f; window.__long = []; new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__long.push([Math.round(e.startTime), Math.round(e.duration)]); }).observe({ type: 'longtask', buffered: true });`,
  );
  const page = await ctx.newPage();
  const tracing = process.argv.includes('--trace') && rep === Number(arg('trace-rep', '0'));
  if (tracing)
    await browser.startTracing(page, {
      path: '/tmp/pan.trace.json',
      categories: [
        'devtools.timeline',
        'gpu',
        'viz',
        'blink.user_timing',
        'toplevel',
        'v8.execute',
        'cc',
        'disabled-by-default-devtools.timeline',
      ],
    });
  await page.goto(
    sceneUrl(
      server.origin,
      { ...scene, view, bg: peer === 'ours' ? '#ff00ff' : undefined },
      peer === 'ours' ? 'scene.html' : 'bench/pages/marzipano.html',
    ),
  );
  const kind = peer === 'ours' ? 'ours' : 'peer';
  const stable = await stableAt(page, kind);
  const times = await scriptedPan(page, kind, view);
  const info = await page.evaluate(() => ({
    marks: performance.getEntriesByType('mark').map((m) => [m.name, Math.round(m.startTime)] as const),
    long: (window as unknown as { __long: number[][] }).__long,
    engine: performance
      .getEntriesByType('resource')
      .filter((r) => /assets\/.*\.js/.test(r.name))
      .map(
        (r) =>
          `${r.name.split('/').pop()} ${Math.round(r.startTime)}-${Math.round((r as PerformanceResourceTiming).responseEnd)}`,
      ),
  }));
  if (tracing) await browser.stopTracing();
  const iv = intervals(times);
  const p95 = percentile(iv, 95);
  p95s.push(p95);
  console.log(
    `\n== rep ${rep}: stable ${stable.toFixed(0)}, pan ${times[0]!.toFixed(0)}-${times.at(-1)!.toFixed(0)}, median ${percentile(iv, 50).toFixed(0)} p95 ${p95.toFixed(0)}`,
  );
  console.log(
    'slow frames (end, ms):',
    iv
      .map((d, k) => [Math.round(times[k + 1]!), Math.round(d)] as const)
      .filter(([, d]) => d > 40)
      .map(([t, d]) => `${t}:${d}`)
      .join(' '),
  );
  console.log(
    'marks:',
    info.marks
      .filter(([n]) => !n.startsWith('early:frame'))
      .map(([n, t]) => `${n} ${t}`)
      .join(', '),
  );
  console.log(
    'long tasks:',
    info.long
      .filter(([s]) => s! > stable - 50)
      .map(([s, d]) => `${s}+${d}`)
      .join(' '),
  );
  console.log('scripts:', info.engine.join(', '));
  await ctx.close();
}
console.log('\np95s:', p95s.map((x) => x.toFixed(0)).join(', '));
await browser.close();
await server.close();
