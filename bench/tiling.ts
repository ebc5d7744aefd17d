// Tiling benchmark: our photo tiler against Hugin's nona and a sharp-only floor, on a real photograph (a fixture
// upscaled to 8192x4096 and 16384x8192). Ours runs through the service functions the photo job calls (inspectPhoto,
// tilePhoto into a folder blob store's staging, then the staging committed), each run in a process of its own so its
// peak RSS is the tiling's (process.resourceUsage().maxRSS). nona makes the six cube faces of the top level from a
// PTO script (bench/tiling/nonaScript.ts), its peak RSS by /usr/bin/time. The floor decodes the photo and encodes as
// many tiles with no reprojection (bench/tiling/runFloor.ts). Medians of BENCH_RUNS (default 3), the three taking
// turns run by run so a noisy stretch of the shared machine hits each. Exits 0 whether targets are met or not.
//   npm run bench:tiling
//   BENCH_RUNS=1 BENCH_SIZES=8192 npm run bench:tiling
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { repoRoot } from '../tests/e2e/helpers/fixtures';
import { inspectPhoto } from '../server/services/tiler/inspectPhoto';
import { percentile } from './pan';
import { benchPhoto } from './tiling/benchPhotos';
import { cubeFacesPto } from './tiling/nonaScript';

const run = promisify(execFile);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const SIZES = (process.env.BENCH_SIZES ?? '8192,16384').split(',').map(Number);
const NONA = process.env.NONA ?? '/usr/bin/nona';
const PHOTO = 'courtyard';
/** Targets: time and peak RSS per width; ahead of nona; at most this many times the floor. */
const TARGETS: Record<number, { seconds?: number; rssMB: number }> = {
  8192: { seconds: 10, rssMB: 512 },
  16384: { rssMB: 2048 },
};
const FLOOR_FACTOR = 2;

interface Measure {
  ms: number;
  maxRssMB: number;
}

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-tiling-'));

/** A child printing one JSON line of Measure as its last output. */
async function child(script: string, args: string[]): Promise<Measure> {
  const { stdout } = await run(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: repoRoot,
    maxBuffer: 1 << 20,
  });
  return JSON.parse(stdout.trim().split('\n').pop()!) as Measure;
}

/** `fn` with a fresh folder under the run's temp folder, removed afterwards. */
async function inTempDir<T>(prefix: string, fn: (dir: string) => Promise<T>): Promise<T> {
  const dir = fs.mkdtempSync(path.join(work, prefix));
  try {
    return await fn(dir);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Our tiler in a child, committing into a folder blob store in a fresh DATA_DIR. */
const ours = (photo: string) => inTempDir('ours-', (dataDir) => child('bench/tiling/runOurs.ts', [photo, dataDir]));
const floor = (photo: string) => inTempDir('floor-', (out) => child('bench/tiling/runFloor.ts', [photo, out]));

function nona(photo: string, width: number, faceSize: number): Promise<Measure> {
  return inTempDir('nona-', async (dir) => {
    const pto = path.join(dir, 'cube.pto');
    fs.writeFileSync(pto, cubeFacesPto(photo, width, width / 2, faceSize));
    const rss = path.join(dir, 'rss');
    const started = performance.now();
    await run('/usr/bin/time', ['-f', '%M', '-o', rss, NONA, '-o', path.join(dir, 'face'), pto]);
    const ms = performance.now() - started;
    const faces = fs.readdirSync(dir).filter((f) => f.startsWith('face'));
    if (faces.length !== 6) throw new Error(`nona wrote ${faces.length} faces, not 6: ${faces.join(', ')}`);
    return { ms, maxRssMB: Number(fs.readFileSync(rss, 'utf8').trim().split('\n').pop()) / 1024 };
  });
}

const median = (xs: number[]) => percentile(xs, 50);
const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met');

async function main(): Promise<void> {
  console.log(
    `load before: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')} (${os.cpus().length} cores)`,
  );
  for (const width of SIZES) {
    const photo = await benchPhoto(PHOTO, width);
    const plan = await inspectPhoto(photo, path.basename(photo));
    const runs: Record<'ours' | 'nona' | 'floor', Measure[]> = { ours: [], nona: [], floor: [] };
    for (let i = 0; i < RUNS; i++) {
      runs.ours.push(await ours(photo));
      runs.nona.push(await nona(photo, width, plan.faceSize));
      runs.floor.push(await floor(photo));
    }
    const t = (k: keyof typeof runs) => median(runs[k].map((m) => m.ms)) / 1000;
    const rss = (k: keyof typeof runs) => median(runs[k].map((m) => m.maxRssMB));
    const target = TARGETS[width];
    console.log(
      `\n${width}x${width / 2} (face ${plan.faceSize}, ${plan.levels.length - 1} tile levels), median of ${RUNS}:`,
    );
    for (const k of ['ours', 'nona', 'floor'] as const)
      console.log(
        `  ${k.padEnd(6)} ${t(k).toFixed(2).padStart(7)} s  peak RSS ${rss(k).toFixed(0).padStart(5)} MB  ` +
          `(runs: ${runs[k].map((m) => (m.ms / 1000).toFixed(2)).join(', ')} s)`,
      );
    console.log(`  ours / nona  ${(t('ours') / t('nona')).toFixed(2)}  target < 1: ${verdict(t('ours') < t('nona'))}`);
    console.log(
      `  ours / floor ${(t('ours') / t('floor')).toFixed(2)}  target <= ${FLOOR_FACTOR}: ` +
        verdict(t('ours') <= FLOOR_FACTOR * t('floor')),
    );
    if (target.seconds) console.log(`  ours <= ${target.seconds} s: ${verdict(t('ours') <= target.seconds)}`);
    console.log(`  ours peak RSS <= ${target.rssMB} MB: ${verdict(rss('ours') <= target.rssMB)}`);
  }
  console.log(
    `\nload after: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
}

try {
  await main();
} finally {
  fs.rmSync(work, { recursive: true, force: true });
}
