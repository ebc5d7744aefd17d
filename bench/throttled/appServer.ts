// Starts the benchmark's server (server.ts) as a child process: builds the bench pages for the /__bench/ mount,
// makes sure the production build and the export exist, then reads back from the API what the app serves.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { build } from 'vite';
import { repoRoot } from '../../tests/e2e/helpers/fixtures';
import { buildExport, DATE_1, DATE_2, SCENES } from './fixture';
import { FARM, PHOTO, PHOTO_DATE, realFixturesMissing, uploadRealScenes } from './realScenes';

export interface BenchScene {
  site: string;
  tilesId: string;
  floor: number;
  date: string;
  manta: string;
  levels: Array<{ tileSize: number; size: number; fallbackOnly?: boolean }>;
  face: number;
  /** Where its link and info hotspots sit (the Marzipano page draws them there too). */
  hotspots: Array<{ yaw: number; pitch: number }>;
  /** 'avif' once its AVIF copies are announced. */
  tileFormat: string;
}

export interface BenchServer {
  origin: string;
  site: string;
  avif: boolean;
  main: BenchScene;
  later: BenchScene;
  upstairs: BenchScene;
  /** The farm's first scene and the photograph, when the shared fixtures are there. */
  farm?: BenchScene;
  photo?: BenchScene;
  close(): Promise<void>;
}

const tmp = path.join(repoRoot, '.tmp');
const pagesDir = path.join(tmp, 'throttled-pages');

/** The benchmark pages (Marzipano's) built for the /__bench/ prefix, compressed as our build is (fair bytes). */
async function buildPages(): Promise<void> {
  await build({
    configFile: path.join(repoRoot, 'bench', 'vite.viewers.config.ts'),
    base: '/__bench/',
    build: { outDir: pagesDir, emptyOutDir: true },
  });
  execFileSync(process.execPath, ['--import', 'tsx', 'scripts/precompress.ts', pagesDir], {
    cwd: repoRoot,
    stdio: 'inherit',
  });
}

function ensureAppBuild(rebuild: boolean): void {
  if (!rebuild && fs.existsSync(path.join(repoRoot, 'dist', 'index.html'))) return;
  console.log('building the app (npm run build)…');
  execFileSync('npm', ['run', 'build'], { cwd: repoRoot, stdio: 'inherit' });
}

/** The first free port from `from` up to 8499, or the 50 from `from` when asked above that (a helper's range). */
async function freePort(from: number): Promise<number> {
  const last = Math.max(8499, from + 49);
  for (let port = from; port <= last; port++) {
    const ok = await new Promise<boolean>((resolve) => {
      const s = net
        .createServer()
        .once('error', () => resolve(false))
        .listen(port, '127.0.0.1', () => s.close(() => resolve(true)));
    });
    if (ok) return port;
  }
  throw new Error(`no free port in ${from}-${last}`);
}

function waitReady(proc: ChildProcess): Promise<{ site: string; avif: boolean; avifMs: number }> {
  return new Promise((resolve, reject) => {
    let out = '';
    const lines: string[] = [];
    proc.stdout!.on('data', (c: Buffer) => {
      out += c.toString();
      for (const line of out.split('\n').slice(0, -1)) {
        lines.push(line);
        if (line.startsWith('{"ready"')) resolve(JSON.parse(line));
      }
      out = out.split('\n').at(-1)!;
    });
    proc.stderr!.on('data', (c: Buffer) => lines.push(c.toString()));
    proc.once('exit', (code) => reject(new Error(`the bench server exited (${code}):\n${lines.join('\n')}`)));
  });
}

async function api<T>(origin: string, p: string): Promise<T> {
  const body = (await (await fetch(origin + p)).json()) as { success: boolean; payload: T; message?: string };
  if (!body.success) throw new Error(`${p}: ${body.message}`);
  return body.payload;
}

interface Detail {
  date: string;
  floor: number;
  survey_node: {
    tiles_id: string;
    tiles_name: string;
    manta_link: string;
    levels: BenchScene['levels'];
    face_size: number;
    link_hotspots: Array<{ yaw: number; pitch: number }>;
    info_hotspots: Array<{ yaw: number; pitch: number }>;
    tile_format?: string;
  };
}

/** The scene named `name`; with `avif`, waits until it announces its AVIF copies (made after an upload). */
async function sceneOf(
  origin: string,
  site: string,
  floor: number,
  date: string,
  name: string,
  avif = false,
): Promise<BenchScene> {
  const deadline = Date.now() + 20 * 60_000;
  for (;;) {
    const list = await api<Detail[]>(origin, `/api/site/${site}/survey/details?floor=${floor}&date=${date}`);
    const d = list.find((x) => x.survey_node.tiles_name === name);
    if (!d) throw new Error(`scene ${name} not found on floor ${floor}, ${date}`);
    const n = d.survey_node;
    if (!avif || n.tile_format === 'avif' || Date.now() > deadline)
      return {
        site,
        tilesId: n.tiles_id,
        floor,
        date,
        manta: n.manta_link,
        levels: n.levels,
        face: n.face_size,
        hotspots: [...n.link_hotspots, ...n.info_hotspots].map(({ yaw, pitch }) => ({ yaw, pitch })),
        tileFormat: n.tile_format ?? 'jpg',
      };
    await new Promise((r) => setTimeout(r, 500));
  }
}

export async function startBenchServer(opts: {
  port: number;
  rebuild: boolean;
  fillers: number;
  /** AVIF_TILES of the server (true unless the run asks for the uploaded JPEG tiles alone). */
  avif?: boolean;
  /** Upload the real farm export and photograph when they are there (true unless a section needs only the
   *  generated site). */
  real?: boolean;
}): Promise<BenchServer> {
  ensureAppBuild(opts.rebuild);
  console.log('building the benchmark pages…');
  await buildPages();
  const exp = await buildExport(opts.fillers);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-throttled-'));
  const port = await freePort(opts.port);
  const proc = spawn(process.execPath, ['--import', 'tsx', 'bench/throttled/server.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      BENCH_ZIP: exp.zip,
      BENCH_CSV: exp.csv,
      BENCH_PAGES: pagesDir,
      DIST_DIR: path.join(repoRoot, 'dist'),
      AVIF_TILES: String(opts.avif ?? true),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const ready = await waitReady(proc);
  const origin = `http://127.0.0.1:${port}`;
  const site = ready.site;
  console.log(
    ready.avif
      ? `tiles: the AVIF copies (made in ${(ready.avifMs / 1000).toFixed(1)} s after the import); Marzipano reads the JPEGs`
      : 'tiles: the uploaded JPEGs only (AVIF_TILES=false)',
  );
  const missing = opts.real === false ? 'not asked for' : realFixturesMissing();
  if (missing) console.log(`no real scenes: ${missing}`);
  const real = missing ? null : await uploadRealScenes(origin);
  return {
    origin,
    site,
    avif: ready.avif,
    farm: real ? await sceneOf(origin, real.farm, FARM.floor, FARM.date, FARM.name, ready.avif) : undefined,
    photo: real ? await sceneOf(origin, real.photo, 0, PHOTO_DATE, PHOTO.name, ready.avif) : undefined,
    main: await sceneOf(origin, site, 0, DATE_1, SCENES.main),
    later: await sceneOf(origin, site, 0, DATE_2, SCENES.later),
    upstairs: await sceneOf(origin, site, 1, DATE_1, SCENES.upstairs),
    async close() {
      const exited = new Promise((r) => proc.once('exit', r));
      proc.kill('SIGTERM');
      await exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
