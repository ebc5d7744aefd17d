// Every row of an upload, table concern by table concern, inside the caller's transaction: site, floors,
// surveys (with their nodes and hotspot descriptions), settings.
import type { DB } from '../../db/database.ts';
import type { IngestResult, IngestTarget, ScenesToWrite } from './sceneToWrite.ts';
import { writeFloors } from './writeFloors.ts';
import { writeSettings } from './writeSettings.ts';
import { writeSite } from './writeSite.ts';
import { writeSurveys } from './writeSurveys.ts';

export async function writeScenes(trx: DB, target: IngestTarget, batch: ScenesToWrite): Promise<IngestResult> {
  const { scenes } = batch;
  const { site, newSite } = await writeSite(trx, target);
  await writeFloors(
    trx,
    site,
    scenes.map((s) => s.floor),
  );
  const { surveyIds, gone } = await writeSurveys(trx, site, scenes, batch.fingerprint, !!target.replace);
  const first = scenes[0];
  await writeSettings(trx, site, first, gone, newSite ? batch.mouseViewMode : undefined);
  return {
    site,
    floor: first.floor,
    date: first.date,
    node: first.tilesId,
    scenes: scenes.length,
    surveys: surveyIds,
    replaced: gone.size,
  };
}
