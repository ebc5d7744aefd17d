// SIGKILL at 20 points (12 on PostgreSQL, whose pass repeats this file) of an HTTP upload and of `npm run import`
// (node --import tsx server/cli/import.ts), and during
// deletions of scenes and surveys, on the suite's database (SQLite, or PostgreSQL when DATABASE_URL is set). After each restart of the server (its start-up
// sweep runs): no partial site, no survey without nodes, no node without its tiles, no blob no row points to, no
// staging or pending record of a dead process. The figures are printed.
import fs from 'node:fs';
import path from 'node:path';
import { spawn } from 'node:child_process';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DB } from '../../server/db/database.ts';
import { createTempPgDatabase, tempDir } from './helpers/server.ts';
import { appData, dataJsText, positionsCsv, type SceneSpec } from './helpers/exportBuilder.ts';
import { writeZip, type ZipWriterEntry } from './helpers/zipWriter.ts';
import { uploadScenes } from './helpers/upload.ts';
import { startChildServer, type ChildServer } from './helpers/childServer.ts';
import { repoRoot } from './helpers/fixtures.ts';

const onPostgres = /^postgres/.test(process.env.DATABASE_URL ?? '');
// Each point restarts a server or a CLI (seconds each; several times that on a loaded machine, hence the tests'
// 8-minute limits): the PostgreSQL pass, which runs after the SQLite one in CI, takes fewer so the whole CI run stays
// within its time; the points still crowd the commit (see killPoints and followCommit).
const POINTS = onPostgres ? 12 : 20;
const SCENES = 16;
const FILES_PER_SCENE = 7; // preview + one tile per face

let dataDir: string;
let databaseUrl = '';
let dropDb: (() => Promise<void>) | undefined;
let db: DB;
let zip: Buffer;
let zipPath: string;
let csvPath: string;
const csv = () => fs.readFileSync(csvPath, 'utf8');
const backend = () => (databaseUrl ? 'PostgreSQL' : 'SQLite');

/** A realistically heavy export: SCENES scenes, each with a preview and 6 tiles of noisy JPEG (about 60 KB each). */
async function heavyExport(): Promise<{ zip: Buffer; scenes: SceneSpec[] }> {
  const noise = Buffer.alloc(256 * 256 * 3);
  for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
  const jpg = await sharp(noise, { raw: { width: 256, height: 256, channels: 3 } })
    .jpeg({ quality: 95 })
    .toBuffer();
  const scenes: SceneSpec[] = Array.from({ length: SCENES }, (_, i) => ({ id: `${i}-room_${i}`, name: `room_${i}` }));
  const entries: ZipWriterEntry[] = [{ name: 'app-files/data.js', data: dataJsText(appData(scenes, 'kill_tour')) }];
  for (const s of scenes) {
    entries.push({ name: `app-files/tiles/${s.id}/preview.jpg`, data: jpg, method: 'store' });
    for (const f of ['b', 'd', 'f', 'l', 'r', 'u'])
      entries.push({ name: `app-files/tiles/${s.id}/1/${f}/0/0.jpg`, data: jpg, method: 'store' });
  }
  return { zip: await writeZip(entries), scenes };
}

interface Damage {
  partialSites: string[];
  surveysWithoutNodes: number;
  nodesWithoutTiles: string[];
  orphanBlobs: string[];
  deadStaging: string[];
  pendingRecords: number;
}

/** What a crash may have left behind, counted from the rows and the folders (not from the sweep's own reasoning). */
async function damage(livePid: number): Promise<Damage> {
  const sites = await db
    .selectFrom('sites')
    .leftJoin('surveys', 'surveys.site', 'sites.id')
    .select(['sites.id', 'surveys.id as survey'])
    .execute();
  const partialSites = [...new Set(sites.filter((r) => !r.survey).map((r) => r.id))];
  const surveys = await db
    .selectFrom('surveys')
    .leftJoin('survey_nodes', 'survey_nodes.survey_id', 'surveys.id')
    .select(['surveys.id', 'survey_nodes.id as node'])
    .execute();
  const surveysWithoutNodes = surveys.filter((r) => !r.node).length;
  const tilesIds = new Set((await db.selectFrom('survey_nodes').select('tiles_id').execute()).map((r) => r.tiles_id));
  const tilesDir = path.join(dataDir, 'media', 'tiles');
  const onDisk = fs.existsSync(tilesDir) ? fs.readdirSync(tilesDir) : [];
  const countFiles = (d: string): number =>
    fs
      .readdirSync(d, { withFileTypes: true })
      .reduce((n, e) => n + (e.isDirectory() ? countFiles(path.join(d, e.name)) : 1), 0);
  const nodesWithoutTiles = [...tilesIds].filter(
    (id) => !onDisk.includes(id) || countFiles(path.join(tilesDir, id)) !== FILES_PER_SCENE,
  );
  const otherMedia = fs.readdirSync(path.join(dataDir, 'media')).filter((e) => e !== 'tiles');
  const orphanBlobs = [...onDisk.filter((id) => !tilesIds.has(id)).map((id) => `tiles/${id}`), ...otherMedia];
  const stagingRoot = path.join(dataDir, 'staging');
  const deadStaging = fs.readdirSync(stagingRoot).filter((e) => {
    const owner = e.replace(/\.owner\.json$/, '');
    const marker = path.join(stagingRoot, `${owner}.owner.json`);
    return !fs.existsSync(marker) || JSON.parse(fs.readFileSync(marker, 'utf8')).pid !== livePid;
  });
  const pendingRecords = (await db.selectFrom('pending_blobs').select('prefix').execute()).length;
  return { partialSites, surveysWithoutNodes, nodesWithoutTiles, orphanBlobs, deadStaging, pendingRecords };
}

const NO_DAMAGE: Damage = {
  partialSites: [],
  surveysWithoutNodes: 0,
  nodesWithoutTiles: [],
  orphanBlobs: [],
  deadStaging: [],
  pendingRecords: 0,
};

/** The start-up sweep's report in the server's log (the log pipe may deliver it after /api/health answers). */
async function sweepReport(
  server: ChildServer,
): Promise<{ blobsRemoved: number; stagingRemoved: number; pendingCleared: number }> {
  for (const deadline = Date.now() + 10_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 50))) {
    for (const line of server.lines) {
      try {
        const j = JSON.parse(line);
        if (j.msg === 'start-up sweep done') return j;
      } catch {
        /* not JSON */
      }
    }
  }
  throw new Error(`no sweep report in the server's log:\n${server.lines.join('\n')}`);
}

/** Servers started and not yet ended: a failed test's is ended after it, so the next one finds no live owner of a
 *  staging folder that it did not start itself. */
const running = new Set<ChildServer>();
async function start(): Promise<ChildServer> {
  const server = await startChildServer({ dataDir, databaseUrl, env: { LOG_LEVEL: 'info' } });
  running.add(server);
  void server.exited.then(() => running.delete(server));
  return server;
}
afterEach(async () => {
  await Promise.all([...running].map((s) => s.kill('SIGTERM')));
});
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** POINTS kill delays over a run of `total` ms: most spread over it, a quarter packed around its end (the commit; a restarted server runs a little slower). */
function killPoints(total: number, from = 0.05): number[] {
  const late = Math.round(POINTS / 4);
  return [
    ...Array.from({ length: POINTS - late }, () => total * (from + Math.random() * (0.9 - from))),
    ...Array.from({ length: late }, () => total * (0.85 + Math.random() * 0.5)),
  ]
    .map(Math.round)
    .sort((a, b) => a - b);
}

/**
 * Kill delays that follow the commit: a process just started, on a loaded machine, runs slower than the measured
 * run, so when kills keep landing before the commit the later ones move later (earlier when they land after it),
 * and the points keep straddling the commit instead of all falling on one side of it.
 */
function followCommit(points: number[]) {
  let scale = 1;
  const used: number[] = [];
  return {
    used,
    delay(i: number): number {
      used.push(Math.round(points[i]! * scale));
      return used[i]!;
    },
    landed(committed: boolean): void {
      scale = Math.min(3, Math.max(0.5, committed ? scale / 1.1 : scale * 1.1));
    },
  };
}

beforeAll(async () => {
  dataDir = tempDir('survey-kill-');
  if (onPostgres) {
    const pg = await createTempPgDatabase(process.env.DATABASE_URL!);
    databaseUrl = pg.url;
    dropDb = pg.drop;
  }
  db = await openDatabase({ dataDir, databaseUrl: databaseUrl || undefined });
  const built = await heavyExport();
  zip = built.zip;
  zipPath = path.join(dataDir, '..', `${path.basename(dataDir)}-export.zip`);
  csvPath = path.join(dataDir, '..', `${path.basename(dataDir)}-positions.csv`);
  fs.writeFileSync(zipPath, zip);
  fs.writeFileSync(csvPath, positionsCsv(built.scenes));
});
afterAll(async () => {
  await db?.destroy();
  await dropDb?.();
  for (const p of [dataDir, zipPath, csvPath]) if (p) fs.rmSync(p, { recursive: true, force: true });
});

describe('SIGKILL during uploads and imports', () => {
  it(`HTTP upload killed at ${POINTS} points: nothing partial or orphaned after restart`, async () => {
    let server = await start();
    const t0 = Date.now();
    const warm = await uploadScenes(server.baseUrl, 'x', 0, { zip, csv: csv(), mode: 'addNewSite', siteName: 'Warm' });
    const uploadMs = Date.now() - t0;
    expect(warm.status).toBe(200);
    const points = killPoints(uploadMs);
    const landed = { before: 0, during: 0, after: 0, answeredBeforeKill: 0 };
    const kills = followCommit(points);
    for (let i = 0; i < points.length; i++) {
      const delay = kills.delay(i);
      const upload = uploadScenes(server.baseUrl, 'x', 0, {
        zip,
        csv: csv(),
        mode: 'addNewSite',
        siteName: `Kill ${i}`,
      }).catch(() => null);
      await sleep(delay);
      await server.kill('SIGKILL');
      if ((await upload)?.status === 200) landed.answeredBeforeKill++;
      server = await start();
      const swept = await sweepReport(server);
      const committed = await db.selectFrom('sites').select('id').where('name', '=', `Kill ${i}`).executeTakeFirst();
      if (committed) landed.after++;
      else if (swept.blobsRemoved > 0) landed.during++;
      else landed.before++;
      kills.landed(Boolean(committed));
      expect(await damage(server.proc.pid!), `kill ${i} at ${delay} ms`).toEqual(NO_DAMAGE);
    }
    await server.kill('SIGTERM');
    console.log(
      `kill test, HTTP upload on ${backend()}: upload of ${SCENES} scenes (${(zip.length / 1e6).toFixed(1)} MB) takes ${uploadMs} ms; ` +
        `${kills.used.length} kills at ${kills.used.join(', ')} ms; landed before commit ${landed.before}, during (blobs moved, rows not committed) ${landed.during}, ` +
        `after commit ${landed.after} (answered before the kill: ${landed.answeredBeforeKill}); partial sites, orphan blobs, orphan rows found: 0`,
    );
  }, 480_000);

  it(`npm run import killed at ${POINTS} points, beside a live server: nothing partial or orphaned after restart`, async () => {
    let server = await start();
    const cli = (site: string) =>
      spawn(process.execPath, ['--import', 'tsx', 'server/cli/import.ts', zipPath, csvPath, '--site', site], {
        cwd: repoRoot,
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: databaseUrl },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
    const exit = (p: ReturnType<typeof cli>) => new Promise<number | null>((r) => p.once('exit', (code) => r(code)));
    const t0 = Date.now();
    const full = cli('Cli Warm');
    expect(await exit(full)).toBe(0);
    const importMs = Date.now() - t0;
    // Start-up of node and tsx takes most of the first part of a run: the kills spread over the part that writes.
    const points = killPoints(importMs, 0.35);
    const landed = { before: 0, during: 0, after: 0 };
    const kills = followCommit(points);
    for (let i = 0; i < points.length; i++) {
      const delay = kills.delay(i);
      const p = cli(`Cli ${i}`);
      const exited = exit(p);
      await sleep(delay);
      p.kill('SIGKILL');
      await exited;
      const committed = await db.selectFrom('sites').select('id').where('name', '=', `Cli ${i}`).executeTakeFirst();
      const pending = await db
        .selectFrom('pending_blobs')
        .select('prefix')
        .where('owner', 'like', `%.${p.pid}.%`)
        .execute();
      if (committed) landed.after++;
      else if (pending.length) landed.during++;
      else landed.before++;
      kills.landed(Boolean(committed));
    }
    // The live server did not sweep anything meanwhile; its restart does.
    await server.kill('SIGTERM');
    server = await start();
    expect(await damage(server.proc.pid!)).toEqual(NO_DAMAGE);
    await server.kill('SIGTERM');
    console.log(
      `kill test, import command on ${backend()}: a full import takes ${importMs} ms (with node start-up); ` +
        `${kills.used.length} kills at ${kills.used.join(', ')} ms; landed before commit ${landed.before}, during (pending blobs recorded, rows not committed) ${landed.during}, ` +
        `after commit ${landed.after}; partial sites, orphan blobs, orphan rows found after restart: 0`,
    );
  }, 480_000);
});

/** Scenes whose link hotspots point at a scene that is no longer there. */
async function danglingLinks(): Promise<string[]> {
  const nodes = await db.selectFrom('survey_nodes').select(['title', 'tiles_id', 'link_hotspots']).execute();
  const ids = new Set(nodes.map((n) => n.tiles_id));
  return nodes.flatMap((n) =>
    (JSON.parse(n.link_hotspots) as { target: string }[])
      .filter((h) => !ids.has(h.target))
      .map((h) => `${n.title} → ${h.target}`),
  );
}

describe('SIGKILL during deletions', () => {
  const KILLS = 5;
  /** A site of SCENES scenes; `surveys` > 1 spreads them over that many survey dates. */
  async function uploadSite(server: ChildServer, name: string, surveys: number): Promise<string> {
    const scenes = Array.from({ length: SCENES }, (_, i) => ({ id: `${i}-room_${i}`, name: `room_${i}` }));
    const rows = scenes.map((c, i) => `${c.name} title,${c.name},${10 + i},${20 + i},0${1 + (i % surveys)}/03/2024,0`);
    const text = ['title,fileName,x,y,date,floor', ...rows].join('\r\n') + '\r\n';
    const res = await uploadScenes(server.baseUrl, 'x', 0, { zip, csv: text, mode: 'addNewSite', siteName: name });
    expect(res.status).toBe(200);
    return res.body.payload.site as string;
  }
  const managed = async (server: ChildServer, site: string) =>
    (await (await fetch(`${server.baseUrl}/api/site/${site}/manage/surveys`)).json()).payload as {
      id: string;
      revision: number;
      scenes: { id: string; revision: number; tiles_id: string }[];
    }[];
  const remove = (server: ChildServer, site: string, kind: string, id: string, revision: number) =>
    fetch(`${server.baseUrl}/api/site/${site}/manage/${kind}/${id}`, {
      method: 'DELETE',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ revision }),
    }).catch(() => null);

  it(`scene and survey deletions killed at ${KILLS} points each: rows and tiles all there or all gone`, async () => {
    let server = await start();
    const scenesSite = await uploadSite(server, 'Delete scenes', 1);
    // One survey more than the kills: were every deletion to commit before its kill, a survey still stays (a site
    // with none left would read as an upload killed half-way).
    const surveysSite = await uploadSite(server, 'Delete surveys', KILLS + 1);
    const outcome = { scene: { kept: 0, gone: 0 }, survey: { kept: 0, gone: 0 } };
    let deleteMs = 0;
    for (let i = 0; i < KILLS; i++) {
      for (const kind of ['scene', 'survey'] as const) {
        const site = kind === 'scene' ? scenesSite : surveysSite;
        const surveys = await managed(server, site);
        const target = kind === 'scene' ? surveys[0].scenes[0] : surveys[0];
        if (i === 0 && kind === 'scene') {
          // The first one runs to its end: how long a deletion takes sets where the kills land.
          const t0 = Date.now();
          expect((await remove(server, site, kind, target.id, target.revision))?.status).toBe(200);
          deleteMs = Date.now() - t0;
          continue;
        }
        const answer = remove(server, site, kind, target.id, target.revision);
        // The commit comes early in a deletion (tile removal and the answer follow it), so the kill points crowd
        // the start of the measured time: 0, 1/16, 1/4 and 9/16 of it (and all of it for surveys). Random points
        // over it landed after the commit nearly every time, and so tested no kill inside the transaction.
        await sleep(Math.round(deleteMs * ((i - (kind === 'scene' ? 1 : 0)) / 4) ** 2));
        await server.kill('SIGKILL');
        await answer;
        server = await start();
        await sweepReport(server);
        const table = kind === 'scene' ? 'survey_nodes' : 'surveys';
        const kept = await db.selectFrom(table).select('id').where('id', '=', target.id).executeTakeFirst();
        outcome[kind][kept ? 'kept' : 'gone']++;
        // A row kept has all its tiles; tiles without a row are gone; no scene links to a deleted one.
        expect(await damage(server.proc.pid!), `${kind} kill ${i}`).toEqual(NO_DAMAGE);
        expect(await danglingLinks(), `${kind} kill ${i}: links to nothing`).toEqual([]);
      }
    }
    await server.kill('SIGTERM');
    console.log(
      `kill test, deletions on ${backend()}: a scene deletion takes ${deleteMs} ms; ${KILLS - 1} scene and ${KILLS} survey deletions killed; ` +
        `scenes kept ${outcome.scene.kept}, gone ${outcome.scene.gone}; surveys kept ${outcome.survey.kept}, gone ${outcome.survey.gone}; damage found: 0`,
    );
  }, 480_000);
});

describe('SIGKILL during a survey replace', () => {
  const KILLS = 5;
  const tilesOf = async (survey: string) =>
    new Set(
      (await db.selectFrom('survey_nodes').select('tiles_id').where('survey_id', '=', survey).execute()).map(
        (r) => r.tiles_id,
      ),
    );
  const revisionOf = async (survey: string) =>
    Number(
      (await db.selectFrom('surveys').select('revision').where('id', '=', survey).executeTakeFirstOrThrow()).revision,
    );

  it(`a replace killed at ${KILLS} points: the old survey or the new one, whole, and links kept`, async () => {
    let server = await start();
    // Two surveys whose scenes link across (each scene to the next): the replaced one's scenes come back by name.
    const rows = Array.from(
      { length: SCENES },
      (_, i) => `room_${i} title,room_${i},${i},${i},0${1 + (i % 2)}/03/2024,0`,
    );
    const text = ['title,fileName,x,y,date,floor', ...rows].join('\r\n') + '\r\n';
    const up = await uploadScenes(server.baseUrl, 'x', 0, { zip, csv: text, mode: 'addNewSite', siteName: 'Replace' });
    expect(up.status).toBe(200);
    const site = up.body.payload.site as string;
    const survey = up.body.payload.surveys[0] as string;
    const replace = async () =>
      uploadScenes(server.baseUrl, site, 0, {
        zip,
        csv: csv(),
        fields: { replaceSurvey: survey, revision: String(await revisionOf(survey)) },
      }).catch(() => null);
    expect((await replace())?.status).toBe(200);
    // Timed on a server just started, as every killed replace runs: timed warm, the points all fell before the
    // commit (5 of 5 on both databases), since a fresh process runs its first replace slower.
    await server.kill('SIGTERM');
    server = await start();
    const t0 = Date.now();
    expect((await replace())?.status).toBe(200);
    const replaceMs = Date.now() - t0;
    const outcome = { old: 0, new: 0 };
    // Spread from mid-upload to past its usual end, and following the commit, so that kills land on both sides of it.
    const kills = followCommit(
      Array.from({ length: KILLS }, (_, i) => replaceMs * (0.5 + (0.2 + Math.random() * 0.1) * i)),
    );
    for (let i = 0; i < KILLS; i++) {
      const before = await tilesOf(survey);
      const answer = replace();
      await sleep(kills.delay(i));
      await server.kill('SIGKILL');
      await answer;
      server = await start();
      await sweepReport(server);
      const after = await tilesOf(survey);
      const same = [...after].filter((t) => before.has(t)).length;
      expect([0, before.size], `kill ${i}: old and new scenes mixed`).toContain(same);
      expect(after.size, `kill ${i}`).toBe(same ? before.size : SCENES);
      outcome[same ? 'old' : 'new']++;
      kills.landed(!same);
      expect(await damage(server.proc.pid!), `replace kill ${i}`).toEqual(NO_DAMAGE);
      expect(await danglingLinks(), `replace kill ${i}: links to nothing`).toEqual([]);
    }
    await server.kill('SIGTERM');
    console.log(
      `kill test, survey replace on ${backend()}: a replace of ${SCENES} scenes takes ${replaceMs} ms; ${KILLS} killed; ` +
        `old survey kept ${outcome.old}, new one in ${outcome.new}; damage found: 0`,
    );
  }, 480_000);
});
