// The surveys an upload's scenes go to, one per (floor, date, survey name), with each scene's rows; an export
// already in one of them is refused or, when asked, replaced.
import { randomUUID } from 'node:crypto';
import type { DB } from '../../db/database.ts';
import { duplicateExport, priorExports, recordExport, removePriorExport, type SurveyKey } from './duplicates.ts';
import type { SceneToWrite } from './sceneToWrite.ts';
import { writeNode } from './writeNodes.ts';

/** The surveys the scenes go to, each with its scenes. */
export function surveyGroups(scenes: SceneToWrite[]): SceneToWrite[][] {
  const groups = new Map<string, SceneToWrite[]>();
  for (const s of scenes) {
    const key = JSON.stringify([s.floor, s.date, s.surveyName]);
    groups.set(key, [...(groups.get(key) ?? []), s]);
  }
  return [...groups.values()];
}

export const surveyKeyOf = (group: SceneToWrite[]): SurveyKey => ({
  floor: group[0].floor,
  date: group[0].date,
  survey_name: group[0].surveyName,
});

/** The survey's id, inserted when new (the key (site, floor, date, survey_name) is unique: insert-or-keep). */
async function surveyId(trx: DB, site: string, key: SurveyKey): Promise<string> {
  await trx
    .insertInto('surveys')
    .values({ id: randomUUID(), site, ...key })
    .onConflict((oc) => oc.columns(['site', 'floor', 'date', 'survey_name']).doNothing())
    .execute();
  const row = await trx
    .selectFrom('surveys')
    .select('id')
    .where('site', '=', site)
    .where('floor', '=', key.floor)
    .where('date', '=', key.date)
    .where('survey_name', '=', key.survey_name)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** New nodes are numbered after the survey's last one ((survey_id, node_number) is unique). */
async function nextNodeNumber(trx: DB, surveyId: string): Promise<number> {
  const last = await trx
    .selectFrom('minimap_nodes')
    .select((eb) => eb.fn.max('node_number').as('n'))
    .where('survey_id', '=', surveyId)
    .executeTakeFirst();
  return last?.n === null || last?.n === undefined ? 0 : Number(last.n) + 1;
}

/**
 * Writes the surveys and their scenes; returns the survey ids and the tiles ids a replaced export took away.
 * Runs inside the caller's transaction, under the site's lock (so two uploads of one export cannot both get in).
 */
export async function writeSurveys(
  trx: DB,
  site: string,
  scenes: SceneToWrite[],
  fingerprint: string | null,
  replace: boolean,
): Promise<{ surveyIds: string[]; gone: Set<string> }> {
  const groups = surveyGroups(scenes);
  const prior = fingerprint === null ? [] : await priorExports(trx, site, groups.map(surveyKeyOf), fingerprint);
  if (prior.length && !replace) throw duplicateExport(prior);
  const gone = new Set(prior.flatMap((p) => p.tiles_ids));
  for (const p of prior) await removePriorExport(trx, site, p);

  const surveyIds: string[] = [];
  for (const group of groups) {
    const id = await surveyId(trx, site, surveyKeyOf(group));
    surveyIds.push(id);
    const before = await nextNodeNumber(trx, id);
    for (const [i, s] of group.entries()) await writeNode(trx, { site, surveyId: id, nodeNumber: before + i }, s);
    if (fingerprint !== null)
      await recordExport(
        trx,
        id,
        fingerprint,
        group.map((s) => s.tilesId),
      );
  }
  return { surveyIds, gone };
}
