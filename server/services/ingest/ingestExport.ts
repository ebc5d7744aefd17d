// The ingest of uploads, step by step: docs/ingest.md.
// Ingest of a Marzipano Tool export plus its positions CSV, all or nothing:
//   1. parse and check the CSV; open the zip and check every entry (paths, links, sizes, bombs);
//   2. read app-files/data.js as data, match its scenes to CSV rows by name, inventory and check the tiles;
//   3. stream the tiles and previews into a private staging area under fresh, immutable keys tiles/{tiles_id}/…;
//   4. record the tile prefixes as pending and move them into place (see Staging.commit), then in ONE
//      transaction: site (when new), floors, empty minimaps, surveys, survey nodes, minimap nodes, hotspot
//      descriptions and settings. A transaction that lost a race with a concurrent writer is run again.
// Any failure before the commit discards the staging area; a failed commit also takes the moved blobs back out,
// and a crash in between leaves pending blobs of a dead process, which the start-up sweep removes.
import { isDatabaseUnavailable } from '../../db/dbErrors.ts';
import { SITE_ID } from '../../../contract/limits.ts';
import { floorOrZero } from '../../../contract/floors.ts';
import { idSlug } from '../../../contract/slugs.ts';
import { sanitizeStoredHtmlOffThread } from '../htmlWorker.ts';
import { randomBytes, randomUUID } from 'node:crypto';
import type { AppContext } from '../../context.ts';
import type { DB } from '../../db/database.ts';
import { Conflict, Internal, Invalid } from '../errors.ts';
import type { Staging } from '../../storage/blobStore.ts';
import { isDiskFull } from '../../storage/diskFull.ts';
import type { SiteSettings } from '../../../contract/api.ts';
import { createSite, uniqueSiteId } from '../sites.ts';
import { saveSiteSettings } from '../settings.ts';
import { inTransaction, lockSite, lockSiteIds } from '../../db/transactions.ts';
import { parseDataJs, type AppData, type AppScene } from './dataJs.ts';
import { parsePositionsCsv, type PositionRow } from './positionsCsv.ts';
import { matchScenes } from './matchScenes.ts';
import { ZipArchive, type ZipEntry } from './zipReader.ts';
import { exportFingerprint } from './exportFingerprint.ts';
import { duplicateExport, priorExports, recordExport, removePriorExport, type SurveyKey } from './duplicates.ts';
import {
  parseTilePath,
  expectedTiles,
  expectedTileCount,
  tileKey,
  tileRelPath,
  isJpegHead,
  type TileRef,
} from './tilePaths.ts';

export type IngestMode = 'addNewSite' | 'addScene';

export interface IngestRequest {
  /** The export, already on disk (the route writes the multipart part to a temp file first). */
  zipPath: string;
  /** Text of the positions CSV. */
  csvText: string;
  /** Site of the URL; in mode addNewSite only the fallback for the new site's name. */
  site: string;
  /** Floor of the upload; -1 (no floors yet) means 0. */
  floor: number;
  mode: IngestMode;
  /** Name of the new site (mode addNewSite). */
  siteName?: string;
  /**
   * A new site must take exactly the URL's id (a projectAdmin may only create the site it is assigned, e.g. one a pin
   * reserved); otherwise a new site's id comes from its name.
   */
  exactSiteId?: boolean;
  /** The export is already in a survey it goes to: replace the scenes it brought there (else refused, 409). */
  replace?: boolean;
  /** Tiles staged so far of all of them (a job reports it to the person waiting). */
  onProgress?: (done: number, total: number) => void;
  /** Runs inside the transaction that writes the rows (a job marks itself done there, so a retry never repeats it). */
  onRowsWritten?: (trx: DB, result: IngestResult) => Promise<void>;
}

/** Where the upload went: the first scene's floor, date and scene (the viewer opens there), how many scenes
 *  a replaced earlier upload of the same export took away. */
export interface IngestResult {
  site: string;
  floor: number;
  date: string;
  node: string;
  scenes: number;
  surveys: string[];
  replaced: number;
}

/** data.js of 2,000 scenes with long hotspot texts stays well under this. */
const DATA_JS_MAX_BYTES = 8 * 1024 * 1024;
const DATA_JS = /(^|\/)app-files\/data\.js$/;
const IGNORED = /(^|\/)(__MACOSX\/|\.DS_Store$|Thumbs\.db$)/;

interface PlannedScene {
  index: number;
  scene: AppScene;
  row: PositionRow;
  tilesId: string;
  surveyName: string;
  /** Zip entry of each expected tile. */
  files: { ref: TileRef; entry: ZipEntry }[];
  /** The scene's info hotspot texts as stored: sanitised (before the transaction, off the event loop). */
  infoHtml: string[];
}

/** Finds app-files/data.js (possibly inside one wrapping folder) and returns the folder holding app-files/. */
function locateDataJs(archive: ZipArchive): { entry: ZipEntry; root: string } {
  const found = archive.entries.filter((e) => !e.isDirectory && DATA_JS.test(e.name) && !IGNORED.test(e.name));
  if (found.length === 0) {
    throw new Invalid(
      'The zip has no app-files/data.js. Upload the zip the Marzipano Tool exports (it holds the app-files folder with data.js and tiles/).',
    );
  }
  if (found.length > 1)
    throw new Invalid(
      `The zip holds ${found.length} tours (${found.map((e) => e.name).join(', ')}); upload one export at a time.`,
    );
  const entry = found[0];
  return { entry, root: entry.name.slice(0, entry.name.length - 'app-files/data.js'.length) };
}

/** Assigns every tile entry of the zip to its scene; checks paths against the levels, and that none is missing. */
function inventoryTiles(
  archive: ZipArchive,
  root: string,
  scenes: { scene: AppScene }[],
): Map<string, { ref: TileRef; entry: ZipEntry }[]> {
  const prefix = `${root}app-files/tiles/`;
  const byId = new Map(scenes.map(({ scene }) => [scene.id, scene]));
  const found = new Map<string, Map<string, { ref: TileRef; entry: ZipEntry }>>();
  for (const entry of archive.entries) {
    if (entry.isDirectory || !entry.name.startsWith(prefix) || IGNORED.test(entry.name)) continue;
    const rest = entry.name.slice(prefix.length);
    const slash = rest.indexOf('/');
    if (slash < 0) continue;
    const scene = byId.get(rest.slice(0, slash));
    if (!scene) continue; // a folder data.js does not mention: not part of the tour
    const parsed = parseTilePath(rest.slice(slash + 1), scene.levels);
    if (parsed === null) continue; // not a tile (e.g. a stray file): ignored
    if (!parsed.ok)
      throw new Invalid(
        `Scene "${scene.name}": the tile "${entry.name}" does not fit the scene's levels: ${parsed.reason}.`,
      );
    let files = found.get(scene.id);
    if (!files) found.set(scene.id, (files = new Map()));
    files.set(tileRelPath(parsed.ref), { ref: parsed.ref, entry });
  }
  // A pyramid larger than the zip can hold is refused by arithmetic, before any list of its tiles is made.
  const tileFiles = archive.entries.length;
  let needed = 0;
  for (const { scene } of scenes) {
    const n = expectedTileCount(scene.levels);
    needed += n;
    if (needed > tileFiles) {
      throw new Invalid(
        `Scene "${scene.name}": data.js describes ${n.toLocaleString('en')} tile files for it, more than the ${tileFiles.toLocaleString('en')} files in the whole zip. Export the tour again.`,
      );
    }
  }
  const out = new Map<string, { ref: TileRef; entry: ZipEntry }[]>();
  for (const { scene } of scenes) {
    const files = found.get(scene.id) ?? new Map();
    const expected = expectedTiles(scene.levels);
    const missing = expected.filter((ref) => !files.has(tileRelPath(ref)));
    if (missing.length) {
      if (missing.length === expected.length) {
        throw new Invalid(
          `Scene "${scene.name}" has no tiles in the zip: the folder ${prefix}${scene.id}/ is missing or empty.`,
        );
      }
      const list = missing
        .slice(0, 3)
        .map((r) => tileRelPath(r))
        .join(', ');
      throw new Invalid(
        `Scene "${scene.name}" is missing ${missing.length} tile file(s) in ${prefix}${scene.id}/ (${list}${missing.length > 3 ? ', ...' : ''}). Export the tour again.`,
      );
    }
    out.set(
      scene.id,
      expected.map((ref) => files.get(tileRelPath(ref))!),
    );
  }
  return out;
}

async function stageTiles(
  archive: ZipArchive,
  staging: Staging,
  plan: PlannedScene[],
  onProgress?: IngestRequest['onProgress'],
): Promise<void> {
  const jobs = plan.flatMap((p) => p.files.map((f) => ({ p, f })));
  let next = 0;
  let done = 0;
  let failed = false;
  const worker = async () => {
    while (!failed && next < jobs.length) {
      const { p, f } = jobs[next++];
      try {
        await archive.extractTo(f.entry, staging.pathFor(tileKey(p.tilesId, f.ref)), (head) =>
          isJpegHead(head)
            ? null
            : new Invalid(`Scene "${p.scene.name}": "${f.entry.name}" is not a JPEG image. Export the tour again.`),
        );
        onProgress?.(++done, jobs.length);
      } catch (e) {
        failed = true;
        throw e;
      }
    }
  };
  // A few at a time; every worker has stopped before a failure is reported, so discarding the staging is final.
  const results = await Promise.allSettled(Array.from({ length: 4 }, worker));
  const failure = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failure) throw failure.reason;
}

async function ensureFloor(trx: DB, site: string, floor: number, siteHadFloors: boolean): Promise<void> {
  // Inserts that keep a row a concurrent writer made meanwhile (no select-then-insert race).
  try {
    await trx
      .insertInto('floors')
      .values({ site, floor, floor_name: `Floor ${floor}`, floor_tag: String(floor) })
      .onConflict((oc) => oc.columns(['site', 'floor']).doNothing())
      .execute();
  } catch (e) {
    // A database that is away (503) or a full disk (507) stays that, not a fault of ours.
    if (!siteHadFloors && !isDatabaseUnavailable(e) && !isDiskFull(e))
      throw new Internal('Could not create first floor in database');
    throw e;
  }
  await trx
    .insertInto('minimaps')
    .values({
      site,
      floor,
      image: '',
      image_url: '',
      image_large_url: '',
      x_pixel_offset: 0,
      y_pixel_offset: 0,
      x_scale: 1,
      y_scale: 1,
      img_width: 0,
      img_height: 0,
      xy_flipped: 0,
      version: 0,
    })
    .onConflict((oc) => oc.columns(['site', 'floor']).doNothing())
    .execute();
}

/** The surveys the plan's scenes go to, each with its scenes: one per (floor, date, survey_name). */
function surveyGroups(plan: PlannedScene[]): Map<string, PlannedScene[]> {
  const groups = new Map<string, PlannedScene[]>();
  for (const p of plan) {
    const key = JSON.stringify([p.row.floor, p.row.date, p.surveyName]);
    groups.set(key, [...(groups.get(key) ?? []), p]);
  }
  return groups;
}
const keyOf = (group: PlannedScene[]): SurveyKey => ({
  floor: group[0].row.floor,
  date: group[0].row.date,
  survey_name: group[0].surveyName,
});

/** Writes every row of the plan; returns site id and survey ids. Runs inside the caller's transaction. */
async function writeRows(
  trx: DB,
  req: IngestRequest,
  data: AppData,
  plan: PlannedScene[],
  fingerprint: string,
): Promise<{ site: string; surveys: string[]; replaced: number }> {
  // The site.
  let site = req.site;
  let newSite = false;
  if (req.mode === 'addNewSite') {
    // New site ids are chosen one writer at a time (concurrent uploads with one name get name, name-2, ...).
    await lockSiteIds(trx);
    const name = (req.siteName ?? '').trim() || req.site;
    // A pin of the multi-site map may already point at the URL's site id: the new site takes that id.
    const reservedByPin =
      SITE_ID.test(req.site) &&
      !!(await trx.selectFrom('pins').select('id').where('site', '=', req.site).limit(1).executeTakeFirst()) &&
      !(await trx.selectFrom('sites').select('id').where('id', '=', req.site).executeTakeFirst());
    if (req.exactSiteId && !SITE_ID.test(req.site))
      throw new Invalid(`"${req.site}" cannot be a site id: use letters, digits, '-' and '_' only.`);
    if (
      req.exactSiteId &&
      !reservedByPin &&
      (await trx.selectFrom('sites').select('id').where('id', '=', req.site).executeTakeFirst())
    ) {
      throw new Conflict(`The site "${req.site}" already exists; add the scenes to it instead of creating it again.`);
    }
    site = reservedByPin || req.exactSiteId ? req.site : await uniqueSiteId(trx, name);
    await createSite(trx, site, name);
    newSite = true;
  } else if (!(await trx.selectFrom('sites').select('id').where('id', '=', req.site).executeTakeFirst())) {
    if (req.exactSiteId && !SITE_ID.test(req.site))
      throw new Invalid(`"${req.site}" cannot be a site id: use letters, digits, '-' and '_' only.`);
    site = SITE_ID.test(req.site) ? req.site : await uniqueSiteId(trx, req.site);
    await createSite(trx, site, (req.siteName ?? '').trim() || req.site);
    newSite = true;
  }
  // Writers of one site take turns from here: node numbers and the settings document are read, then written.
  await lockSite(trx, site);

  // Floors and their (empty) minimaps.
  const siteHadFloors = !!(await trx
    .selectFrom('floors')
    .select('floor')
    .where('site', '=', site)
    .limit(1)
    .executeTakeFirst());
  const floors = [...new Set(plan.map((p) => p.row.floor))].sort((a, b) => a - b);
  for (const f of floors) await ensureFloor(trx, site, f, siteHadFloors);

  // The same export already in one of these surveys: refused, or (asked to) its earlier scenes go first.
  // Checked here, under the site's lock, so two uploads of one export at once cannot both get in.
  const groups = surveyGroups(plan);
  const prior = await priorExports(trx, site, [...groups.values()].map(keyOf), fingerprint);
  if (prior.length && !req.replace) throw duplicateExport(prior);
  const gone = new Set(prior.flatMap((p) => p.tiles_ids));
  for (const p of prior) await removePriorExport(trx, site, p);

  // Surveys: one per (floor, date, survey_name); an existing one with the same key receives the new scenes.
  const surveyIds: string[] = [];
  const tilesIdOf = new Map(plan.map((p) => [p.scene.id, p.tilesId]));
  for (const group of groups.values()) {
    const { floor, date } = group[0].row;
    const survey_name = group[0].surveyName;
    // The key (site, floor, date, survey_name) is unique: insert-or-keep, then read the survey's id.
    await trx
      .insertInto('surveys')
      .values({ id: randomUUID(), site, floor, date, survey_name })
      .onConflict((oc) => oc.columns(['site', 'floor', 'date', 'survey_name']).doNothing())
      .execute();
    const surveyId = (
      await trx
        .selectFrom('surveys')
        .select('id')
        .where('site', '=', site)
        .where('floor', '=', floor)
        .where('date', '=', date)
        .where('survey_name', '=', survey_name)
        .executeTakeFirstOrThrow()
    ).id;
    surveyIds.push(surveyId);
    // New nodes are numbered after the survey's last one ((survey_id, node_number) is unique).
    const last = await trx
      .selectFrom('minimap_nodes')
      .select((eb) => eb.fn.max('node_number').as('n'))
      .where('survey_id', '=', surveyId)
      .executeTakeFirst();
    const before = last?.n === null || last?.n === undefined ? 0 : Number(last.n) + 1;
    for (const [i, p] of group.entries()) {
      const s = p.scene;
      const nodeId = randomUUID();
      const infoHotspots = s.infoHotspots.map((h, k) => ({
        info_id: `${p.tilesId}-info-${k}`,
        title: h.title,
        yaw: h.yaw,
        pitch: h.pitch,
      }));
      await trx
        .insertInto('survey_nodes')
        .values({
          id: nodeId,
          survey_id: surveyId,
          site,
          tiles_id: p.tilesId,
          tiles_name: s.name,
          title: p.row.title,
          levels: JSON.stringify(
            s.levels.map((l) => ({
              tileSize: l.tileSize,
              size: l.size,
              ...(l.fallbackOnly !== undefined ? { fallbackOnly: l.fallbackOnly } : {}),
            })),
          ),
          face_size: s.faceSize,
          initial_parameters: JSON.stringify({
            yaw: s.initialViewParameters.yaw,
            pitch: s.initialViewParameters.pitch,
            fov: s.initialViewParameters.fov,
          }),
          link_hotspots: JSON.stringify(
            s.linkHotspots.map((h) => ({
              yaw: h.yaw,
              pitch: h.pitch,
              rotation: h.rotation,
              target: tilesIdOf.get(h.target)!,
            })),
          ),
          info_hotspots: JSON.stringify(infoHotspots),
        })
        .execute();
      await trx
        .insertInto('minimap_nodes')
        .values({
          id: randomUUID(),
          site,
          floor,
          survey_node_id: nodeId,
          survey_id: surveyId,
          node_number: before + i,
          tiles_id: p.tilesId,
          x: p.row.x,
          y: p.row.y,
          x_scale: 1,
          y_scale: 1,
          rotation: 0,
        })
        .execute();
      for (const [k, h] of s.infoHotspots.entries()) {
        await trx
          .insertInto('hotspot_descriptions')
          .values({
            id: randomUUID(),
            site,
            tiles_id: p.tilesId,
            info_id: infoHotspots[k].info_id,
            header: JSON.stringify({ main_img_url: '', label_title: h.title }),
            // The text is HTML written in the Tool: stored sanitised (the client sanitises again before showing it).
            contents: JSON.stringify([{ title: h.title, content: p.infoHtml[k] }]),
          })
          .execute();
      }
    }
    await recordExport(
      trx,
      surveyId,
      fingerprint,
      group.map((p) => p.tilesId),
    );
  }

  // Settings: the first scene becomes the initial view when none is set; num_floors follows the floors.
  const row = await trx.selectFrom('settings').select('json').where('site', '=', site).executeTakeFirstOrThrow();
  const settings = JSON.parse(row.json) as SiteSettings;
  // A replaced scene was the initial view: the new upload's first scene takes its place.
  if (!settings.initial_settings.pano_id || gone.has(settings.initial_settings.pano_id)) {
    const first = plan[0];
    settings.initial_settings = {
      ...settings.initial_settings,
      date: first.row.date,
      pano_id: first.tilesId,
      floor: first.row.floor,
    };
  }
  const floorCount = await trx
    .selectFrom('floors')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('site', '=', site)
    .executeTakeFirstOrThrow();
  settings.num_floors = Number(floorCount.n);
  const mouse = data.settings?.mouseViewMode;
  if (newSite && (mouse === 'drag' || mouse === 'qtvr')) settings.marzipano_mouse_view_mode = mouse;
  await saveSiteSettings(trx, settings);
  return { site, surveys: surveyIds, replaced: gone.size };
}

/** Imports one export. Throws a domain error (services/errors.ts) naming the problem; on any failure nothing is kept. */
export async function ingestExport(ctx: AppContext, req: IngestRequest): Promise<IngestResult> {
  const uploadFloor = floorOrZero(req.floor);
  const rows = parsePositionsCsv(req.csvText, uploadFloor);
  const archive = await ZipArchive.open(req.zipPath, {
    maxUncompressedBytes: ctx.config.maxUncompressedBytes,
    maxCompressionRatio: ctx.config.maxCompressionRatio,
  });
  let staging: Staging | undefined;
  let committed = false;
  try {
    staging = await ctx.blobs.stage();
    const { entry, root } = locateDataJs(archive);
    const text = (await archive.readBuffer(entry, DATA_JS_MAX_BYTES)).toString('utf8');
    const data = parseDataJs(text);
    const pairs = matchScenes(data, rows);
    const files = inventoryTiles(archive, root, pairs);
    const plan: PlannedScene[] = pairs.map(({ scene, row, index }) => ({
      index,
      scene,
      row,
      tilesId: `${idSlug(scene.name, 'scene')}-${randomBytes(6).toString('hex')}`,
      surveyName: row.surveyName || data.name?.trim() || row.title,
      files: files.get(scene.id)!,
      infoHtml: [],
    }));
    const infoHtml = await sanitizeStoredHtmlOffThread(plan.flatMap((p) => p.scene.infoHotspots.map((h) => h.text)));
    let nextHtml = 0;
    for (const p of plan) p.infoHtml = p.scene.infoHotspots.map(() => infoHtml[nextHtml++]);
    const fingerprint = exportFingerprint(
      text,
      plan.flatMap((p) =>
        p.files.map((f) => ({
          path: `${p.scene.id}/${tileRelPath(f.ref)}`,
          crc32: f.entry.raw.crc32,
          size: f.entry.size,
        })),
      ),
    );
    // A duplicate is told at once, before its tiles are unpacked (and again, for certain, in the transaction).
    if (!req.replace && req.mode === 'addScene') {
      const prior = await priorExports(ctx.db, req.site, [...surveyGroups(plan).values()].map(keyOf), fingerprint);
      if (prior.length) throw duplicateExport(prior);
    }
    await stageTiles(archive, staging, plan, req.onProgress);
    archive.close();

    // Blobs move into place first (recorded as pending: a kill from here on leaves nothing the sweep keeps), then the
    // rows; if the database refuses, the catch below takes the blobs back out. A lost race reruns only the rows.
    await staging.commit(plan.map((p) => `tiles/${p.tilesId}`));
    const first = plan[0];
    const outcome = await inTransaction(ctx.db, async (trx) => {
      const rows = await writeRows(trx, req, data, plan, fingerprint);
      const result: IngestResult = {
        site: rows.site,
        floor: first.row.floor,
        date: first.row.date,
        node: first.tilesId,
        scenes: plan.length,
        surveys: rows.surveys,
        replaced: rows.replaced,
      };
      await req.onRowsWritten?.(trx, result);
      return result;
    });
    committed = true;
    // The new scenes' AVIF copies are made by a job (jobs/avifTilesJob.ts), in the server only.
    ctx.avifTiles?.wake();
    return outcome;
  } catch (e) {
    await staging?.rollback();
    throw e;
  } finally {
    archive.close();
    if (committed) await staging?.discard();
  }
}
