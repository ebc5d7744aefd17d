// Replacing a survey: a new export or new photos for the SAME survey (its floor, date and name), all or nothing.
// The upload is staged as any other; then, in the transaction that writes its rows, the survey's old scenes go and
// links from other surveys into them follow a new scene of the same name or go with them (named in the answer and
// the trail). The old tiles are removed after the commit (removedTiles.ts), so visitors see the old survey whole
// until then and the new one whole after.
import type { DB } from '../../db/database.ts';
import type { LinkHotspot } from '../../../contract/api.ts';
import { bumpRevision } from '../audit/revision.ts';
import { recordAudit } from '../audit/audit.ts';
import { Conflict, Invalid, NotFound } from '../errors.ts';
import type { SceneToWrite } from '../ingest/sceneToWrite.ts';
import type { SurveyReplacement } from './surveyReplacement.ts';
import { linksInto, removeScenesAndLinks, scenesOfSite } from './sceneLinks.ts';
import { successorsOf } from './replacementLinks.ts';

/** Which survey an upload replaces, from which revision, and who asked (for the trail; a job carries it as JSON). */
export type { SurveyReplacement };

export interface SurveyKeyRow {
  floor: number;
  date: string;
  survey_name: string;
}

const label = (s: SurveyKeyRow) => `survey "${s.survey_name}" (floor ${s.floor}, ${s.date})`;

/** The survey to replace, refused at once when it is gone or was changed since the page read it. */
export async function replaceableSurvey(db: DB, site: string, r: Omit<SurveyReplacement, 'actor'>) {
  const row = await db
    .selectFrom('surveys')
    .select(['id', 'floor', 'date', 'survey_name', 'revision'])
    .where('site', '=', site)
    .where('id', '=', r.id)
    .executeTakeFirst();
  if (!row) throw new NotFound('The survey to replace no longer exists; reload the survey list.');
  if (Number(row.revision) !== r.revision)
    throw new Conflict(
      `Someone else changed this survey since you opened it (now revision ${row.revision}). Reload it to see their change.`,
    );
  return row;
}

/** The tiles of the survey's scenes now (the replace reserves them before its transaction). */
export async function surveyTiles(db: DB, site: string, id: string): Promise<string[]> {
  const rows = await db
    .selectFrom('survey_nodes')
    .select('tiles_id')
    .where('site', '=', site)
    .where('survey_id', '=', id)
    .execute();
  return rows.map((r) => r.tiles_id);
}

/** Every scene of the upload goes to the replaced survey, whatever its CSV said about floor, date and name. */
export function intoSurvey(scenes: SceneToWrite[], key: SurveyKeyRow): SceneToWrite[] {
  if (!scenes.length) throw new Invalid('The upload holds no scene to replace the survey with.');
  return scenes.map((s) => ({ ...s, floor: key.floor, date: key.date, surveyName: key.survey_name }));
}

/** Rewrites links of other surveys' scenes that point at a replaced scene to its successor (same name). */
async function retargetLinks(trx: DB, site: string, surveyId: string, successor: Map<string, string>): Promise<number> {
  let moved = 0;
  const scenes = await trx
    .selectFrom('survey_nodes')
    .select(['id', 'link_hotspots', 'revision'])
    .where('site', '=', site)
    .where('survey_id', '<>', surveyId)
    .execute();
  for (const s of scenes) {
    const links = JSON.parse(s.link_hotspots) as LinkHotspot[];
    if (!links.some((h) => successor.has(h.target))) continue;
    const next = links.map((h) => {
      const to = successor.get(h.target);
      if (to === undefined) return h;
      moved++;
      return { ...h, target: to };
    });
    await trx
      .updateTable('survey_nodes')
      .set({ link_hotspots: JSON.stringify(next), revision: Number(s.revision) + 1 })
      .where('id', '=', s.id)
      .execute();
  }
  return moved;
}

/**
 * Inside the upload's transaction, before its rows are written: checks the revision (409), removes the survey's
 * scenes and export records, moves or removes the links into them, records the entry. Returns the survey's key,
 * the tiles ids gone and the links removed.
 */
export async function clearForReplacement(
  trx: DB,
  site: string,
  r: SurveyReplacement,
  scenes: readonly SceneToWrite[],
): Promise<{ key: SurveyKeyRow; gone: Set<string>; successor: Map<string, string>; linksRemoved: string[] }> {
  const survey = await replaceableSurvey(trx, site, r);
  await bumpRevision(trx, 'surveys', r.id, r.revision);
  const old = await trx
    .selectFrom('survey_nodes')
    .select(['tiles_id', 'tiles_name', 'title'])
    .where('site', '=', site)
    .where('survey_id', '=', r.id)
    .execute();
  const successor = successorsOf(old, scenes);
  const orphaned = new Map(old.filter((o) => !successor.has(o.tiles_id)).map((o) => [o.tiles_id, o.title]));
  const oldIds = new Set(old.map((o) => o.tiles_id));
  const others = (await scenesOfSite(trx, site)).filter((s) => !oldIds.has(s.tiles_id));
  const removed = linksInto(others, orphaned);
  const kept = await retargetLinks(trx, site, r.id, successor);
  await removeScenesAndLinks(trx, site, [...oldIds], removed);
  await trx.deleteFrom('survey_exports').where('survey_id', '=', r.id).execute();
  const linksRemoved = removed.map((l) => `${l.title} (${l.survey_name}, ${l.date}) → ${l.to}`);
  await recordAudit(trx, {
    site,
    actor: r.actor,
    action: 'survey.replace',
    target: label(survey),
    detail: {
      scenes_before: old.length,
      scenes_after: scenes.length,
      scenes_gone: [...orphaned.values()],
      links_kept: kept,
      links_removed: linksRemoved,
    },
  });
  return { key: survey, gone: oldIds, successor, linksRemoved };
}
