// Diagnostic: one cold visit per viewer, printing a timeline (script and tile requests, long tasks, marks,
// stable) so one can see where time to stable goes. Not part of the benchmark's figures.
//   node --import tsx bench/diag.ts [--scene=gen|fixture] [--vp=1280|390] [--only=ours,marzipano]
import path from 'node:path';
import { chromium } from '@playwright/test';
import { FIXTURE, GEN_4096 } from './benchScenes';
import { fixtureTilesDir, repoRoot } from '../tests/e2e/helpers/fixtures';
import { sceneUrl } from '../tests/e2e/helpers/scenePage';
import { startStaticServer } from '../tests/e2e/helpers/staticServer';

const arg = (k: string, d: string) => process.argv.find((a) => a.startsWith(`--${k}=`))?.slice(k.length + 3) ?? d;
const tmp = path.join(repoRoot, '.tmp');
const sceneName = arg('scene', 'gen');
const vpName = arg('vp', '1280');
const viewers = arg('only', 'ours,marzipano').split(',');
const vp = vpName === '390' ? { width: 390, height: 844, dpr: 3 } : { width: 1280, height: 720, dpr: 1 };
const scene = sceneName === 'gen' ? GEN_4096 : FIXTURE;
const totals: Record<string, number[]> = {};
const server = await startStaticServer([
  { prefix: '/', dir: path.join(tmp, 'viewers-dist') },
  { prefix: '/media/gen/', dir: path.join(tmp, 'bench-gen') },
  { prefix: '/media/tiles/', dir: await fixtureTilesDir() },
]);
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--use-angle=swiftshader',
    '--enable-unsafe-swiftshader',
    '--disable-background-networking',
    '--disable-component-update',
  ],
});
const PAGES: Record<string, string> = { ours: 'scene.html', marzipano: 'bench/pages/marzipano.html' };
// Variants of ours to compare: --variants=ctx=now,ctx=none (query strings added to the page's URL).
for (const v of arg('variants', '').split(',').filter(Boolean)) {
  PAGES[v] = `scene.html`;
  viewers.push(v);
}
for (let rep = 0; rep < Number(arg('reps', '1')); rep++)
  for (const v of viewers) {
    const ctx = await browser.newContext({
      viewport: { width: vp.width, height: vp.height },
      deviceScaleFactor: vp.dpr,
    });
    await ctx.addInitScript(
      `window.__name = (f) => f; window.__long = []; new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__long.push([Math.round(e.startTime), Math.round(e.duration)]); }).observe({ type: 'longtask', buffered: true });`,
    );
    const page = await ctx.newPage();
    const cdp = process.argv.includes('--profile') ? await ctx.newCDPSession(page) : null;
    if (cdp) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Profiler.start');
    }
    await page.goto(
      sceneUrl(server.origin, { ...scene, view: { yaw: 0.3, pitch: 0.1, fov: Math.PI / 2 } }, PAGES[v]) +
        (v.includes('=') ? `&${v}` : ''),
    );
    const stable = await page.evaluate(
      (v) =>
        new Promise<number>((resolve) => {
          const check = () => {
            const ok =
              v !== 'marzipano'
                ? window.__panorama?.counters.stable
                : (window as unknown as { __peer?: { stable: boolean } }).__peer?.stable;
            if (ok) resolve(performance.now());
            else setTimeout(check, 5);
          };
          check();
        }),
      v,
    );
    if (cdp) printProfile(((await cdp.send('Profiler.stop')) as { profile: Profile }).profile);
    const info = await page.evaluate(() => ({
      res: performance.getEntriesByType('resource').map((e) => {
        const r = e as PerformanceResourceTiming;
        return `${r.name.replace(location.origin, '').slice(0, 60).padEnd(60)} start ${r.startTime.toFixed(0).padStart(5)} resp ${r.responseStart.toFixed(0).padStart(5)} end ${r.responseEnd.toFixed(0).padStart(5)}`;
      }),
      marks: performance.getEntriesByType('mark').map((m) => `${m.name} ${m.startTime.toFixed(0)}`),
      long: (window as unknown as { __long: number[][] }).__long,
      nav: (() => {
        const n = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
        return `responseEnd ${n.responseEnd.toFixed(0)} domInteractive ${n.domInteractive.toFixed(0)} dcl ${n.domContentLoadedEventEnd.toFixed(0)}`;
      })(),
      frames: window.__panorama?.frames,
    }));
    console.log(`\n== ${v} ${sceneName} ${vpName}: stable ${stable.toFixed(0)} ms; frames ${info.frames}; ${info.nav}`);
    (totals[v] ??= []).push(stable);
    console.log(info.res.join('\n'));
    console.log('marks:', info.marks.join(', '));
    console.log('long tasks [start, dur]:', JSON.stringify(info.long));
    await ctx.close();
  }
await browser.close();
await server.close();
for (const [v, xs] of Object.entries(totals))
  console.log(
    `${v}: median ${[...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!.toFixed(0)} ms over ${xs.length} (${xs.map((x) => x.toFixed(0)).join(', ')})`,
  );

interface Profile {
  nodes: Array<{
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
    children?: number[];
  }>;
  samples: number[];
  timeDeltas: number[];
}
/** Self and inclusive time per function (ms), top 40 by inclusive. */
function printProfile(p: Profile): void {
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const self = new Map<string, number>();
  const incl = new Map<string, number>();
  const name = (id: number) => {
    const f = byId.get(id)!.callFrame;
    return `${f.functionName || '(anon)'} ${f.url.split('/').pop()}:${f.lineNumber}:${f.columnNumber}`;
  };
  p.samples.forEach((id, i) => {
    const dt = (p.timeDeltas[i + 1] ?? 0) / 1000;
    self.set(name(id), (self.get(name(id)) ?? 0) + dt);
    const seen = new Set<string>();
    for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
      const k = name(cur);
      if (seen.has(k)) continue;
      seen.add(k);
      incl.set(k, (incl.get(k) ?? 0) + dt);
    }
  });
  const top = (m: Map<string, number>, n: number) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, v]) => `${v.toFixed(1).padStart(7)} ${k}`)
      .join('\n');
  console.log('-- self time (ms)\n' + top(self, 25));
  console.log('-- inclusive time (ms)\n' + top(incl, 45));
}
