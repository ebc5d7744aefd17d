// Every row of an upload, table concern by table concern, inside the caller's transaction: site, floors,
// surveys (with their nodes and hotspot descriptions), settings.
import type { DB } from '../../db/database.ts';
import type { IngestResult, IngestTarget, ScenesToWrite } from './sceneToWrite.ts';
import { writeFloors } from './writeFloors.ts';
import { writeSettings } from './writeSettings.ts';
import { writeSite } from './writeSite.ts';
import { writeSurveys } from './writeSurveys.ts';
import { clearForReplacement, intoSurvey } from '../editing/surveyReplace.ts';

/** The upload's rows; `removedTiles`: the tiles ids of a replaced survey's scenes, whose tiles go after the commit. */
export async function writeScenes(
  trx: DB,
  target: IngestTarget,
  batch: ScenesToWrite,
): Promise<{ result: IngestResult; removedTiles: ReadonlySet<string> }> {
  const { site, newSite } = await writeSite(trx, target);
  // A survey replaced whole: its old scenes go first, and the new ones take its floor, date and name.
  const replaced = target.replaceSurvey
    ? await clearForReplacement(trx, site, target.replaceSurvey, batch.scenes)
    : undefined;
  const scenes = replaced ? intoSurvey(batch.scenes, replaced.key) : batch.scenes;
  await writeFloors(
    trx,
    site,
    scenes.map((s) => s.floor),
  );
  const written = await writeSurveys(trx, site, scenes, batch.fingerprint, !!target.replace || !!replaced);
  const { surveyIds } = written;
  const gone = new Set([...written.gone, ...(replaced?.gone ?? [])]);
  const first = scenes[0];
  await writeSettings(trx, site, first, gone, newSite ? batch.mouseViewMode : undefined, replaced?.successor);
  const result: IngestResult = {
    site,
    floor: first.floor,
    date: first.date,
    node: first.tilesId,
    scenes: scenes.length,
    surveys: surveyIds,
    replaced: gone.size,
    ...(replaced ? { links_removed: replaced.linksRemoved } : {}),
  };
  return { result, removedTiles: replaced?.gone ?? new Set() };
}
