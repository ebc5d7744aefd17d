// Viewer benchmark: our renderer against Marzipano 0.10.2 and Photo Sphere Viewer 5 (with its
// cubemap-tiles adapter) on the same Marzipano Tool tiles, same server, same headless Chromium (SwiftShader: CPU
// WebGL, so frame times are about rendering cost, not a GPU). Each setup is visited --runs times per viewer
// (default 5), the viewers taking turns run by run so a noisy stretch of the machine hits all of them;
// medians are reported, with the targets against Marzipano and whether each is met. Exits 0 either way.
//   npm run bench:viewer                          (builds, then runs this, then the throttled section)
//   node --import tsx bench/viewer.ts --runs=7 --only=ours,marzipano
// Throttled section (bench/throttled/: the app's viewer page vs a bare Marzipano page on the real farm export, a
// tiled photograph and the generated pyramid, on slow links and a phone, and the deepest level's fidelity):
// --skip-throttled leaves it out, --only-throttled runs only it (default 3 runs there unless --runs= is given).
// Compare section (bench/compare/: two dates side by side against the single view, localhost and 10 Mbps / 40 ms):
// --skip-compare leaves it out, --only-compare runs only it (3 runs unless --runs= is given); --compare-port=
// moves its server off 8437 (the first free port from there), for a machine shared with other runs.
import fs from 'node:fs';
import { launchBenchBrowser } from './browser';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import sharp from 'sharp';
import { build } from 'vite';
import { FIXTURE, GEN_4096 } from './benchScenes';
import { intervals, percentile, scriptedPan, stableAt } from './pan';
import { fixtureMissing, fixtureTilesDir, repoRoot } from '../tests/e2e/helpers/fixtures';
import { writeLabelledPyramid } from '../tests/e2e/helpers/generatedPyramid';
import { sceneUrl } from '../tests/e2e/helpers/scenePage';
import { startStaticServer } from '../tests/e2e/helpers/staticServer';
import { runThrottled, THROTTLED_DEFAULTS } from './throttled/run';
import { runCompare } from './compare/run';

const ALL_VIEWERS = ['ours', 'marzipano', 'psv'] as const;
type Viewer = (typeof ALL_VIEWERS)[number];
// Viewers: all three by default; --only=ours,marzipano for a shorter run (the targets are against Marzipano;
// PSV has no all-tiles-drawn event, so its time to stable is measured by network idleness).
const only = process.argv
  .find((a) => a.startsWith('--only='))
  ?.slice(7)
  .split(',') ?? [...ALL_VIEWERS];
const VIEWERS = ALL_VIEWERS.filter((v) => only.includes(v));
// Runs per configuration and viewer (medians are reported): SwiftShader timings on a shared machine are noisy.
const RUNS = Number(process.argv.find((a) => a.startsWith('--runs='))?.slice(7) ?? 5);
const PAGES: Record<Viewer, string> = {
  ours: 'scene.html',
  marzipano: 'bench/pages/marzipano.html',
  psv: 'bench/pages/psv.html',
};
const VIEWPORTS = [
  { name: '1280x720@1x', width: 1280, height: 720, dpr: 1 },
  { name: '390x844@3x', width: 390, height: 844, dpr: 3 },
];
/** PSV has no "all tiles drawn" event: it counts as stable once no tile request has started for this long. */
const IDLE_MS = 700;

interface SceneDef {
  name: string;
  manta: string;
  tiles: string;
  levels: Array<{ tileSize: number; size: number; fallbackOnly?: boolean }>;
  face: number;
}

interface Result {
  scene: string;
  viewport: string;
  viewer: Viewer;
  stableMs: number;
  tileRequests: number;
  tileKB: number;
  frameMedian: number;
  frameP95: number;
  heapMB: number;
  holes: number | null;
}

const tmp = path.join(repoRoot, '.tmp');
const distDir = path.join(tmp, 'viewers-dist');

async function buildPages(): Promise<void> {
  await build({ configFile: path.join(repoRoot, 'bench', 'vite.viewers.config.ts') });
}

async function bigPyramid(): Promise<SceneDef> {
  const dir = path.join(tmp, 'bench-gen', GEN_4096.tiles);
  if (!fs.existsSync(path.join(dir, 'preview.jpg'))) {
    console.log('generating the 4096 pyramid (once)…');
    await writeLabelledPyramid(dir, GEN_4096.levels, { noise: true, quality: 80 });
  }
  return GEN_4096;
}

/** Resolves with performance.now() (ms since navigation) when the viewer reports every tile drawn. */
async function waitStable(
  page: Page,
  viewer: Viewer,
  log: () => Array<{ url: string; t: number }>,
  navStart: number,
): Promise<number> {
  if (viewer === 'psv') {
    // Network idle: a tile seen, then none started for IDLE_MS.
    const deadline = Date.now() + 60_000;
    for (;;) {
      await page.waitForTimeout(100);
      const tiles = log().filter((r) => /\/\d+\/[bdflru]\//.test(r.url));
      const last = tiles.at(-1);
      if (last && Date.now() - last.t > IDLE_MS) return last.t - navStart;
      if (Date.now() > deadline) return NaN;
    }
  }
  return stableAt(page, viewer === 'ours' ? 'ours' : 'peer');
}

function magentaPixels(png: Buffer): Promise<number> {
  return sharp(png)
    .removeAlpha()
    .raw()
    .toBuffer()
    .then((d: Buffer) => {
      let n = 0;
      for (let i = 0; i < d.length; i += 3) if (d[i]! > 235 && d[i + 1]! < 25 && d[i + 2]! > 235) n++;
      return n;
    });
}

type Browser = Awaited<ReturnType<typeof chromium.launch>>;
type Server = Awaited<ReturnType<typeof startStaticServer>>;
type Vp = (typeof VIEWPORTS)[number];

/** One cold visit: open the scene, wait until stable, pan 120 frames. */
async function measure(
  browser: Browser,
  server: Server,
  scene: SceneDef,
  vp: Vp,
  viewer: Viewer,
  view: { yaw: number; pitch: number; fov: number },
  shots: string | null,
): Promise<Result> {
  const context = await browser.newContext({
    viewport: { width: vp.width, height: vp.height },
    deviceScaleFactor: vp.dpr,
  });
  // tsx keeps function names with a __name() helper that page.evaluate code cannot see: supply it.
  await context.addInitScript('window.__name = (f) => f');
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  const logFrom = server.log.length;
  const navStart = Date.now();
  await page.goto(
    sceneUrl(server.origin, { ...scene, view, bg: viewer === 'ours' ? '#ff00ff' : undefined }, PAGES[viewer]),
  );
  const stableMs = await waitStable(page, viewer, () => server.log.slice(logFrom), navStart);
  const atStable = server.log.slice(logFrom).filter((r) => r.url.startsWith('/media/') && r.status === 200);
  if (shots) await page.screenshot({ path: path.join(shots, `${scene.tiles}-${vp.name}-${viewer}.png`) });
  const frames = intervals(await scriptedPan(page, viewer === 'ours' ? 'ours' : 'peer', view));
  const holes = viewer === 'ours' ? await magentaPixels(await page.screenshot()) : null;
  const heap = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
  await context.close();
  return {
    scene: scene.name,
    viewport: vp.name,
    viewer,
    stableMs,
    tileRequests: atStable.length,
    tileKB: atStable.reduce((a, r) => a + r.bytes, 0) / 1024,
    frameMedian: percentile(frames, 50),
    frameP95: percentile(frames, 95),
    heapMB: heap.usedSize / 1048576,
    holes,
  };
}

async function main(): Promise<void> {
  const missing = fixtureMissing();
  console.log('building benchmark pages…');
  await buildPages();
  const scenes: SceneDef[] = [];
  const mounts = [
    { prefix: '/', dir: distDir },
    { prefix: '/media/gen/', dir: path.join(tmp, 'bench-gen') },
  ];
  if (!missing) {
    mounts.push({ prefix: '/media/tiles/', dir: await fixtureTilesDir() });
    scenes.push(FIXTURE);
  } else console.log(`skipping the real fixture: ${missing}`);
  scenes.push(await bigPyramid());
  const server = await startStaticServer(mounts);
  const browser = await launchBenchBrowser();
  const results: Result[] = [];
  const shots = path.join(tmp, 'bench-shots');
  fs.mkdirSync(shots, { recursive: true });
  const view = { yaw: 0.3, pitch: 0.1, fov: Math.PI / 2 };
  const started = Date.now();
  for (const scene of scenes) {
    for (const vp of VIEWPORTS) {
      // Interleaved: run 1 of every viewer, then run 2 of every viewer (in turned order), and so on.
      const byViewer = new Map<Viewer, Result[]>(VIEWERS.map((v) => [v, []]));
      for (let run = 0; run < RUNS; run++) {
        for (let i = 0; i < VIEWERS.length; i++) {
          const viewer = VIEWERS[(i + run) % VIEWERS.length]!;
          byViewer.get(viewer)!.push(await measure(browser, server, scene, vp, viewer, view, run === 0 ? shots : null));
        }
      }
      for (const viewer of VIEWERS) {
        const runs = byViewer.get(viewer)!;
        const med = (k: 'stableMs' | 'frameMedian' | 'frameP95' | 'heapMB' | 'tileKB' | 'tileRequests') =>
          percentile(
            runs.map((r) => r[k]),
            50,
          );
        const r: Result = {
          ...runs[0]!,
          stableMs: med('stableMs'),
          tileKB: med('tileKB'),
          tileRequests: med('tileRequests'),
          frameMedian: med('frameMedian'),
          frameP95: med('frameP95'),
          heapMB: med('heapMB'),
          holes: runs.some((x) => x.holes === null) ? null : Math.max(...runs.map((x) => x.holes ?? 0)),
        };
        results.push(r);
        console.log(
          `${r.scene} ${r.viewport} ${r.viewer}: stable ${r.stableMs.toFixed(0)} ms (runs: ${runs.map((x) => x.stableMs.toFixed(0)).join(', ')}), ${r.tileRequests} req, ${r.tileKB.toFixed(0)} KB, frame ${r.frameMedian.toFixed(1)}/${r.frameP95.toFixed(1)} ms (p95 runs: ${runs.map((x) => x.frameP95.toFixed(0)).join(', ')}), heap ${r.heapMB.toFixed(1)} MB`,
        );
      }
    }
  }
  await browser.close();
  await server.close();
  printTable(results);
  console.log(`\n${RUNS} runs per viewer and setup; ${((Date.now() - started) / 60000).toFixed(1)} minutes.`);
}

function printTable(results: Result[]): void {
  const f = (x: number, d = 0) => (Number.isFinite(x) ? x.toFixed(d) : 'n/a');
  console.log(
    '\n| scene | viewport | viewer | time to stable ms | tile requests | tile KB | frame median ms | frame p95 ms | JS heap MB | holes |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|');
  for (const r of results)
    console.log(
      `| ${r.scene} | ${r.viewport} | ${r.viewer} | ${f(r.stableMs)} | ${r.tileRequests} | ${f(r.tileKB)} | ${f(r.frameMedian, 1)} | ${f(r.frameP95, 1)} | ${f(r.heapMB, 1)} | ${r.holes ?? '-'} |`,
    );
  console.log('\nours / peer (below 1 is better for all):');
  console.log('| scene | viewport | peer | stable | tile bytes | frame p95 | heap |');
  console.log('|---|---|---|---|---|---|---|');
  for (const ours of results.filter((r) => r.viewer === 'ours')) {
    for (const peer of results.filter(
      (r) => r.viewer !== 'ours' && r.scene === ours.scene && r.viewport === ours.viewport,
    )) {
      console.log(
        `| ${ours.scene} | ${ours.viewport} | ${peer.viewer} | ${f(ours.stableMs / peer.stableMs, 2)} | ${f(ours.tileKB / peer.tileKB, 2)} | ${f(ours.frameP95 / peer.frameP95, 2)} | ${f(ours.heapMB / peer.heapMB, 2)} |`,
      );
    }
  }
  console.log(
    '\nTargets vs Marzipano: time to stable <= 0.80, tile bytes <= 1.00, frame p95 <= 1.00; holes 0 (ours, background-colour pixels after the pan):',
  );
  console.log('| scene | viewport | stable | tile bytes | frame p95 | holes |');
  console.log('|---|---|---|---|---|---|');
  let met = 0;
  let all = 0;
  const check = (x: number, limit: number) => {
    all++;
    const ok = Number.isFinite(x) && x <= limit;
    if (ok) met++;
    return `${f(x, 2)} ${ok ? 'met' : 'MISSED'}`;
  };
  for (const ours of results.filter((r) => r.viewer === 'ours')) {
    const mz = results.find((r) => r.viewer === 'marzipano' && r.scene === ours.scene && r.viewport === ours.viewport);
    if (!mz) continue;
    const holes = ours.holes ?? NaN;
    console.log(
      `| ${ours.scene} | ${ours.viewport} | ${check(ours.stableMs / mz.stableMs, 0.8)} | ${check(ours.tileKB / mz.tileKB, 1)} | ${check(ours.frameP95 / mz.frameP95, 1)} | ${check(holes, 0).replace('0.00', '0')} |`,
    );
  }
  if (all) console.log(`${met} of ${all} targets met.`);
  console.log(
    'PSV: stable = no new tile request for 700 ms (it has no all-tiles-drawn event), so its time includes that wait minus 700 ms only approximately.',
  );
}

const has = (flag: string) => process.argv.includes(flag);
const runsGiven = process.argv.some((a) => a.startsWith('--runs='));
if (!has('--only-throttled') && !has('--only-compare')) await main();
if (!has('--skip-throttled') && !has('--only-compare'))
  await runThrottled({ ...THROTTLED_DEFAULTS, ...(runsGiven ? { runs: RUNS } : {}) });
if (!has('--skip-compare') && !has('--only-throttled')) {
  const port = Number(process.argv.find((a) => a.startsWith('--compare-port='))?.split('=')[1] ?? 8437);
  await runCompare({ runs: runsGiven ? RUNS : 3, port });
}
