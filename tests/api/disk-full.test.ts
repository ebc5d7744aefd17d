// A full disk: DATA_DIR on a 20 MB tmpfs (mounted here; the test needs root, as CI has, and skips with the reason
// otherwise). Every kind of upload, and a plain row write, is sent with the disk left with 0 bytes up to enough
// free: each answers 200 or 507 with the disk-full sentence, never 400, 500 or a dead process, and leaves nothing
// half-written (no staged file, no .tmp, no blob no row points to). Then the server is stopped, the disk filled, a
// dead process's staging planted, and it starts again: it sweeps first, starts, serves reads and refuses writes.
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DB } from '../../server/db/database.ts';
import { createTempPgDatabase, fetchJson, tempDir } from './helpers/server.ts';
import { startChildServer, type ChildServer } from './helpers/childServer.ts';
import { appData, dataJsText, positionsCsv, type SceneSpec } from './helpers/exportBuilder.ts';
import { writeZip, type ZipWriterEntry } from './helpers/zipWriter.ts';
import { uploadScenes } from './helpers/upload.ts';
import { jsonInit, postFile } from './resources-helpers.ts';
import { followJob } from './helpers/jobs.ts';

const DISK_MB = 20;
const DISK_FULL = /disk is full/;
const mountPoint = tempDir('survey-disk-full-');

/** Mounts the small disk, or says why it cannot be (the tests are then skipped with that reason). */
function mountSmallDisk(): string | null {
  if (process.platform !== 'linux') return `a tmpfs DATA_DIR needs Linux (this is ${process.platform})`;
  if (process.getuid?.() !== 0) return 'mounting a 20 MB tmpfs as DATA_DIR needs root (CI runs as root)';
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${DISK_MB}m`, 'tmpfs', mountPoint], { stdio: 'pipe' });
    return null;
  } catch (e) {
    return `mount -t tmpfs failed (${String((e as { stderr?: Buffer }).stderr ?? e).trim()}): no small disk to fill`;
  }
}
const skipReason = mountSmallDisk();
if (skipReason) console.warn(`disk-full tests skipped: ${skipReason}`);

const dataDir = path.join(mountPoint, 'data');
const filler = path.join(mountPoint, 'filler');
let databaseUrl = '';
let dropDb: (() => Promise<void>) | undefined;
let server: ChildServer;
let db: DB;

/** Fills the disk, then gives back `bytes` (rounded to pages by tmpfs). */
function leaveFree(bytes: number): void {
  fs.rmSync(filler, { force: true });
  const fd = fs.openSync(filler, 'w');
  const chunk = Buffer.alloc(64 * 1024, 1);
  try {
    for (;;) fs.writeSync(fd, chunk);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOSPC') throw e;
  } finally {
    fs.closeSync(fd);
  }
  fs.truncateSync(filler, Math.max(0, fs.statSync(filler).size - bytes));
}

/** An export of `n` scenes of noisy JPEG tiles (about 60 KB each), so unpacking it takes real space. */
async function exportOf(n: number, name: string): Promise<{ zip: Buffer; csv: string }> {
  const noise = Buffer.alloc(256 * 256 * 3);
  for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
  const jpg = await sharp(noise, { raw: { width: 256, height: 256, channels: 3 } })
    .jpeg({ quality: 95 })
    .toBuffer();
  const scenes: SceneSpec[] = Array.from({ length: n }, (_, i) => ({ id: `${i}-${name}_${i}`, name: `${name}_${i}` }));
  const entries: ZipWriterEntry[] = [{ name: 'app-files/data.js', data: dataJsText(appData(scenes, name)) }];
  for (const s of scenes) {
    entries.push({ name: `app-files/tiles/${s.id}/preview.jpg`, data: jpg, method: 'store' });
    for (const f of ['b', 'd', 'f', 'l', 'r', 'u'])
      entries.push({ name: `app-files/tiles/${s.id}/1/${f}/0/0.jpg`, data: jpg, method: 'store' });
  }
  return { zip: await writeZip(entries), csv: positionsCsv(scenes) };
}

function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return (fs.readdirSync(dir, { recursive: true, withFileTypes: true }) as fs.Dirent[])
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)));
}

/** What a failed write may have left behind: staged files, half-written blobs, blobs no row points to. */
async function leftovers(): Promise<string[]> {
  const staged = filesUnder(path.join(dataDir, 'staging')).filter((f) => !f.endsWith('.owner.json'));
  const tmp = filesUnder(path.join(dataDir, 'media')).filter((f) => f.endsWith('.tmp'));
  const tiles = new Set((await db.selectFrom('survey_nodes').select('tiles_id').execute()).map((r) => r.tiles_id));
  const tileDir = path.join(dataDir, 'media', 'tiles');
  const orphanTiles = fs.existsSync(tileDir) ? fs.readdirSync(tileDir).filter((t) => !tiles.has(t)) : [];
  const docUrls = (await db.selectFrom('files').select('url').execute()).map((r) => r.url).join('\n');
  const docDir = path.join(dataDir, 'media', 'docs');
  const orphanDocs = filesUnder(docDir).filter((f) => !docUrls.includes(`/media/docs/${f}`));
  return [
    ...staged.map((f) => `staged ${f}`),
    ...tmp.map((f) => `half-written ${f}`),
    ...orphanTiles.map((t) => `orphan tiles/${t}`),
    ...orphanDocs.map((f) => `orphan docs/${f}`),
  ];
}

/** Every answer is a success or the disk-full refusal, and the process is the one that started. */
function expectStoredOrDiskFull(what: string, r: { status: number; body: any }, ok = [200]) {
  if (r.status === 507) expect(r.body.message, what).toMatch(DISK_FULL);
  else
    expect(
      [r.status, r.body?.message],
      `${what}\n${server.lines.filter((l) => r.body?.requestId && l.includes(r.body.requestId)).join('\n')}`,
    ).toEqual([ok.includes(r.status) ? r.status : ok[0], r.body?.message]);
  expect(server.proc.exitCode, `${what}: the server exited\n${server.lines.slice(-20).join('\n')}`).toBeNull();
}

const start = (env: Record<string, string> = {}) =>
  startChildServer({ dataDir, databaseUrl, env: { MAX_COMPRESSION_RATIO: '100', ...env } });

beforeAll(async () => {
  if (skipReason) return;
  if (process.env.DATABASE_URL) {
    const pg = await createTempPgDatabase(process.env.DATABASE_URL);
    databaseUrl = pg.url;
    dropDb = pg.drop;
  }
  server = await start();
  db = await openDatabase({ dataDir, databaseUrl });
  const first = await exportOf(2, 'base');
  const up = await uploadScenes(server.baseUrl, 'new-site', -1, { ...first, mode: 'addNewSite', siteName: 'Full' });
  expect(up.status, up.body.message).toBe(200);
}, 120_000);

afterAll(async () => {
  await server?.kill();
  await db?.destroy();
  await dropDb?.();
  if (!skipReason) execFileSync('umount', ['-l', mountPoint]);
  fs.rmSync(mountPoint, { recursive: true, force: true });
});

describe.skipIf(!!skipReason)(
  `a full disk (${DISK_MB} MB tmpfs DATA_DIR, ${process.env.DATABASE_URL ? 'PostgreSQL' : 'SQLite'})`,
  () => {
    it('an export upload answers 507 at every stage the disk fills, and leaves nothing behind', async () => {
      const { zip, csv } = await exportOf(4, 'tour');
      // From nothing free to enough: the disk fills while the upload is received, unpacked, published, committed.
      const steps = [0, 4, 64, 256, 0.3, 0.6, 0.9, 1.2, 1.5, 1.8, 2.2, 3].map((f) =>
        f < 4 ? Math.round(f * zip.length) : f * 1024,
      );
      const statuses: number[] = [];
      for (const free of steps) {
        leaveFree(free);
        const r = await uploadScenes(server.baseUrl, 'full', 0, { zip, csv, mode: 'addScene' });
        expectStoredOrDiskFull(`export with ${free} bytes free`, r);
        statuses.push(r.status);
        expect(await leftovers(), `after the upload with ${free} bytes free`).toEqual([]);
        if (r.status === 200) break;
      }
      console.log(`export of ${zip.length} bytes on a filling disk: ${statuses.join(' ')}`);
      expect(statuses[0]).toBe(507);
      expect(statuses.at(-1)).toBe(200);
    }, 120_000);

    it('documentation, floor plans, pin covers and row writes answer 507 on a full disk, and nothing is left', async () => {
      const docs = await writeZip(
        Array.from({ length: 30 }, (_, i) => ({ name: `Manuals/part ${i}.bin`, data: randomBytes(40_000) })),
      );
      const plan = await sharp({ create: { width: 900, height: 700, channels: 3, background: '#4a6' } })
        .png()
        .toBuffer();
      const writes: [string, () => Promise<{ status: number; body: any }>, number[]][] = [
        [
          'documentation',
          () => postFile(`${server.baseUrl}/api/documentation/full`, 'zipFile', docs, 'docs.zip', 'application/zip'),
          [200, 201],
        ],
        [
          'floor plan',
          () => postFile(`${server.baseUrl}/api/site/full/minimap?floor=0`, 'file', plan, 'plan.png', 'image/png'),
          [200],
        ],
        [
          'pin cover',
          () => postFile(`${server.baseUrl}/api/map-pins/preview`, 'file', plan, 'cover.png', 'image/png'),
          [200, 201],
        ],
        [
          'about text',
          () =>
            fetchJson(
              `${server.baseUrl}/api/site/full/about`,
              jsonInit('PUT', { info: `<p>${'Words on a full disk. '.repeat(8000)}</p>` }),
            ),
          [200],
        ],
      ];
      for (const [what, send, ok] of writes) {
        const answers: number[] = [];
        for (const free of [0, 16 * 1024, 256 * 1024, 600 * 1024, 4 * 1024 * 1024]) {
          leaveFree(free);
          const r = await send();
          expectStoredOrDiskFull(`${what} with ${free} bytes free`, r, ok);
          answers.push(r.status);
          expect(await leftovers(), `${what} with ${free} bytes free`).toEqual([]);
        }
        console.log(`${what} on a filling disk: ${answers.join(' ')}`);
        if (what !== 'about text' || !databaseUrl) expect(answers[0], what).toBe(507);
        expect(answers.at(-1), what).not.toBe(507);
      }
    }, 120_000);

    it('starts on a full disk: sweeps a dead process first, serves reads, refuses writes with 507', async () => {
      expect((await server.kill('SIGTERM')).code).toBe(0);
      for (const how of ['after a clean stop', 'after a kill'] as const) {
        fs.rmSync(filler, { force: true });
        // A dead process's staging, as a killed upload leaves it: a marker naming a pid that is gone, 2 MB staged.
        const dead = path.join(dataDir, 'staging', 'vm.999999.deadbeef');
        fs.mkdirSync(path.join(dead, 'upload'), { recursive: true });
        fs.writeFileSync(path.join(dead, 'upload', 'tile.jpg'), Buffer.alloc(2 * 1024 * 1024, 7));
        fs.writeFileSync(`${dead}.owner.json`, JSON.stringify({ host: 'vm', pid: 999_999, startedAt: '' }));
        leaveFree(0);
        server = await start();
        expect(fs.existsSync(dead), `${how}: the dead staging is swept`).toBe(false);
        const sites = await fetchJson(`${server.baseUrl}/api/sites`);
        expect(sites.status, how).toBe(200);
        expect(sites.body.payload.map((s: { id: string }) => s.id)).toContain('full');
        const scenes = await fetchJson(`${server.baseUrl}/api/site/full/survey/details/compact`);
        expect(scenes.status, how).toBe(200);
        // The disk is full again: a write is refused, the process stays.
        leaveFree(0);
        const { zip, csv } = await exportOf(1, 'late');
        const r = await uploadScenes(server.baseUrl, 'full', 0, { zip, csv, mode: 'addScene' });
        expect([r.status, r.body.message], how).toEqual([507, expect.stringMatching(DISK_FULL)]);
        expect(server.proc.exitCode).toBeNull();
        expect(await leftovers(), how).toEqual([]);
        if (how === 'after a clean stop') await server.kill('SIGKILL');
      }
    }, 120_000);

    it('an upload imported as a job on a disk that fills ends failed with 507, and leaves nothing', async () => {
      await server.kill('SIGTERM');
      fs.rmSync(filler, { force: true });
      server = await start({ INGEST_JOB_MIN_BYTES: '0', JOB_RETRY_LIMIT: '0' });
      const { zip, csv } = await exportOf(4, 'job');
      // Room for the upload itself, not for its tiles as well.
      leaveFree(Math.round(zip.length * 1.3));
      const up = await uploadScenes(server.baseUrl, 'full', 0, { zip, csv, mode: 'addScene' });
      expect(up.status, up.body.message).toBe(202);
      const { last } = await followJob(server.baseUrl, 'full', up.body.payload.job);
      expect(last.state).toBe('failed');
      expect(last.error).toEqual({ status: 507, message: expect.stringMatching(DISK_FULL) });
      expect(server.proc.exitCode).toBeNull();
      // The uploaded zip goes right after the failure is recorded.
      const incoming = path.join(dataDir, 'media', 'incoming');
      for (const t = Date.now(); filesUnder(incoming).length && Date.now() - t < 5000;)
        await new Promise((r) => setTimeout(r, 50));
      expect(filesUnder(incoming), 'the uploaded zip is removed').toEqual([]);
      expect(await leftovers()).toEqual([]);
    }, 120_000);

    it('starts on a disk without a free byte and nothing to sweep, and serves reads', async () => {
      await server.kill('SIGTERM');
      leaveFree(0);
      server = await start();
      const sites = await fetchJson(`${server.baseUrl}/api/sites`);
      expect(sites.status).toBe(200);
      expect(sites.body.payload.map((s: { id: string }) => s.id)).toContain('full');
      fs.rmSync(filler, { force: true });
    }, 120_000);

    it('an AVIF copy that meets a full disk is made once there is room again, not given up', async () => {
      await server.kill('SIGTERM');
      fs.rmSync(filler, { force: true });
      // The site's scenes back to JPEG without their copies or jobs, as just imported.
      const scenes = await db.selectFrom('survey_nodes').select('tiles_id').where('site', '=', 'full').execute();
      expect(scenes.length).toBeGreaterThan(0);
      for (const { tiles_id } of scenes) {
        await db.updateTable('survey_nodes').set({ tile_format: 'jpg' }).where('tiles_id', '=', tiles_id).execute();
        await db.deleteFrom('jobs').where('id', '=', `avif-tiles-${tiles_id}`).execute();
        for (const f of filesUnder(path.join(dataDir, 'media', 'tiles', tiles_id)).filter((f) => f.endsWith('.avif')))
          fs.rmSync(path.join(dataDir, 'media', 'tiles', tiles_id, f));
      }
      const avifJobs = () => db.selectFrom('jobs').select('state').where('kind', '=', 'avif-tiles').execute();
      const copied = async () =>
        (await db.selectFrom('survey_nodes').select('tile_format').where('site', '=', 'full').execute()).filter(
          (r) => r.tile_format === 'avif',
        ).length;
      // Started with room for the job records, not for the copies: each meets the full disk.
      leaveFree(96 * 1024);
      server = await start({ AVIF_TILES: 'true', JOB_RETRY_LIMIT: '1' });
      const unsettled = async () => (await avifJobs()).filter((j) => j.state === 'queued' || j.state === 'running');
      const met = () => server.lines.some((l) => /disk is full|ENOSPC/.test(l));
      for (const t = Date.now(); !(met() && !(await unsettled()).length) && Date.now() - t < 20_000;)
        await new Promise((r) => setTimeout(r, 100));
      expect(met()).toBe(true);
      expect(await copied()).toBe(0);
      // Not given up for good: no job of theirs ended failed.
      expect((await avifJobs()).filter((j) => j.state === 'failed')).toEqual([]);
      expect(server.proc.exitCode).toBeNull();
      // Room again: the next start makes every copy.
      await server.kill('SIGTERM');
      fs.rmSync(filler, { force: true });
      server = await start({ AVIF_TILES: 'true' });
      for (const t = Date.now(); (await copied()) < scenes.length && Date.now() - t < 30_000;)
        await new Promise((r) => setTimeout(r, 200));
      expect(await copied()).toBe(scenes.length);
    }, 120_000);
  },
);
