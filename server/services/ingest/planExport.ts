// A Marzipano Tool export and its positions CSV, planned: data.js read as data, its scenes matched to CSV rows,
// every tile found in the zip and checked, the scenes' rows made ready (SceneToWrite), all before anything is written.
import { randomBytes } from 'node:crypto';
import { idSlug } from '../../../contract/slugs.ts';
import { Invalid } from '../errors.ts';
import { sanitizeStoredHtmlOffThread } from '../htmlWorker.ts';
import { parseDataJsOffLoop, type AppData, type AppScene } from './dataJs.ts';
import { exportFingerprint } from './exportFingerprint.ts';
import { matchScenes } from './matchScenes.ts';
import type { PositionRow } from './positionsCsv.ts';
import type { SceneToWrite, ScenesToWrite } from './sceneToWrite.ts';
import { expectedTileCount, expectedTiles, parseTilePath, tileRelPath, type TileRef } from './tilePaths.ts';
import { unplacedRows, type UnplacedDefaults } from './unplacedRows.ts';
import type { ZipArchive, ZipEntry } from './zipReader.ts';

/** data.js of 2,000 scenes with long hotspot texts stays well under this. */
const DATA_JS_MAX_BYTES = 8 * 1024 * 1024;
const DATA_JS = /(^|\/)app-files\/data\.js$/;
const IGNORED = /(^|\/)(__MACOSX\/|\.DS_Store$|Thumbs\.db$)/;

export interface TileSource {
  ref: TileRef;
  entry: ZipEntry;
}

export interface PlannedExport extends ScenesToWrite {
  fingerprint: string;
  /** The zip entry of each tile of each scene (same order as `scenes`). */
  files: TileSource[][];
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
function inventoryTiles(archive: ZipArchive, root: string, scenes: { scene: AppScene }[]): Map<string, TileSource[]> {
  const prefix = `${root}app-files/tiles/`;
  const byId = new Map(scenes.map(({ scene }) => [scene.id, scene]));
  const found = new Map<string, Map<string, TileSource>>();
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
  const out = new Map<string, TileSource[]>();
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

/** The scene's rows as the export describes them; link targets still data.js ids (see resolveLinks). */
function sceneToWrite(
  data: AppData,
  scene: AppScene,
  row: PositionRow,
  placed: boolean,
  infoHtml: string[],
): SceneToWrite {
  return {
    tilesId: `${idSlug(scene.name, 'scene')}-${randomBytes(6).toString('hex')}`,
    name: scene.name,
    title: row.title,
    floor: row.floor,
    date: row.date,
    surveyName: row.surveyName || data.name?.trim() || row.title,
    x: row.x,
    y: row.y,
    placed,
    rotation: 0,
    levels: scene.levels,
    faceSize: scene.faceSize,
    initialView: {
      yaw: scene.initialViewParameters.yaw,
      pitch: scene.initialViewParameters.pitch,
      fov: scene.initialViewParameters.fov,
    },
    linkHotspots: scene.linkHotspots.map((h) => ({
      yaw: h.yaw,
      pitch: h.pitch,
      rotation: h.rotation,
      target: h.target,
    })),
    infoHotspots: scene.infoHotspots.map((h, k) => ({
      title: h.title,
      yaw: h.yaw,
      pitch: h.pitch,
      html: infoHtml[k],
      fields: h.fields,
    })),
  };
}

/** Link hotspots point at data.js scene ids; stored, they point at the tiles ids of this upload. */
function resolveLinks(data: AppData, scenes: SceneToWrite[]): void {
  const tilesIdOf = new Map(data.scenes.map((s, i) => [s.id, scenes[i].tilesId]));
  for (const s of scenes) for (const h of s.linkHotspots) h.target = tilesIdOf.get(h.target)!;
}

/**
 * Plans the import of the export in `archive` with the CSV's `rows`. `unplaced`: scenes without a row come in
 * unplaced on that date and floor (else they are refused).
 */
export async function planExport(
  archive: ZipArchive,
  rows: PositionRow[],
  unplaced?: UnplacedDefaults,
): Promise<PlannedExport> {
  const { entry, root } = locateDataJs(archive);
  const text = (await archive.readBuffer(entry, DATA_JS_MAX_BYTES)).toString('utf8');
  const data = await parseDataJsOffLoop(text);
  const added = unplaced ? unplacedRows(data, rows, unplaced) : [];
  const pairs = matchScenesOrTellUnplaced(data, [...rows, ...added]);
  const files = inventoryTiles(archive, root, pairs);
  const infoHtml = await sanitizeStoredHtmlOffThread(pairs.flatMap((p) => p.scene.infoHotspots.map((h) => h.text)));
  let nextHtml = 0;
  const scenes = pairs.map(({ scene, row }) =>
    sceneToWrite(
      data,
      scene,
      row,
      !added.includes(row),
      scene.infoHotspots.map(() => infoHtml[nextHtml++]),
    ),
  );
  resolveLinks(data, scenes);
  const tileFiles = pairs.map((p) => files.get(p.scene.id)!);
  const fingerprint = exportFingerprint(
    text,
    pairs.flatMap((p, i) =>
      tileFiles[i].map((f) => ({
        path: `${p.scene.id}/${tileRelPath(f.ref)}`,
        crc32: f.entry.raw.crc32,
        size: f.entry.size,
      })),
    ),
  );
  const mouse = data.settings?.mouseViewMode;
  return {
    scenes,
    files: tileFiles,
    fingerprint,
    mouseViewMode: mouse === 'drag' || mouse === 'qtvr' ? mouse : undefined,
  };
}

/** matchScenes, whose refusal of a scene without a row also says how such scenes may come in unplaced. */
function matchScenesOrTellUnplaced(data: AppData, rows: PositionRow[]): ReturnType<typeof matchScenes> {
  try {
    return matchScenes(data, rows);
  } catch (e) {
    if (e instanceof Invalid && unplacedRows(data, rows, { date: '', floor: 0 }).length) {
      throw new Invalid(`${e.message} (From a script: send unplaced=true and a date, yyyy-mm-dd.)`);
    }
    throw e;
  }
}
