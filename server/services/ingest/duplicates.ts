// An export already uploaded to a survey: found by its fingerprint (exportFingerprint.ts) in survey_exports, one
// row per survey the export's scenes went to. A second upload of it is refused (409) unless the administrator
// asked to replace it; then the scenes it brought last time go, in the same transaction as the new ones come.
import type { DB } from '../../db/database.ts';
import { Conflict } from '../errors.ts';
import { linksInto, removeScenesAndLinks, scenesOfSite } from '../editing/sceneLinks.ts';

/** A survey an upload writes to. */
export interface SurveyKey {
  floor: number;
  date: string;
  survey_name: string;
}

export interface PriorExport {
  survey_id: string;
  fingerprint: string;
  floor: number;
  date: string;
  survey_name: string;
  tiles_ids: string[];
}

/** The surveys of `site` among `keys` that already hold the export `fingerprint`. */
export async function priorExports(
  db: DB,
  site: string,
  keys: readonly SurveyKey[],
  fingerprint: string,
): Promise<PriorExport[]> {
  if (keys.length === 0) return [];
  const rows = await db
    .selectFrom('survey_exports as e')
    .innerJoin('surveys as s', 's.id', 'e.survey_id')
    .select(['e.survey_id', 'e.fingerprint', 's.floor', 's.date', 's.survey_name', 'e.tiles_ids'])
    .where('s.site', '=', site)
    .where('e.fingerprint', '=', fingerprint)
    .execute();
  return rows
    .filter((r) => keys.some((k) => k.floor === r.floor && k.date === r.date && k.survey_name === r.survey_name))
    .map((r) => ({
      survey_id: r.survey_id,
      fingerprint: r.fingerprint,
      floor: r.floor,
      date: r.date,
      survey_name: r.survey_name,
      tiles_ids: JSON.parse(r.tiles_ids) as string[],
    }));
}

/** The refusal of a duplicate: says where the export already is and what the administrator can do. */
export function duplicateExport(
  prior: readonly PriorExport[],
  what: { subject: string; object: string } = { subject: 'This export is', object: 'it' },
): Conflict {
  const where = prior.map((p) => `"${p.survey_name}" (floor ${p.floor}, ${p.date})`).join(', ');
  return new Conflict(
    `${what.subject} already in the survey ${where}. Upload ${what.object} again with replace to swap those scenes for the new ones, or keep the survey as it is.`,
  );
}

/** Removes the scenes a prior upload of the export brought (rows only: the start-up sweep removes blobs no row
 *  points to). Runs inside the caller's transaction. */
export async function removePriorExport(trx: DB, site: string, prior: PriorExport): Promise<void> {
  // Links from scenes that stay into the replaced ones would point at nothing: they go with them.
  const gone = new Map(prior.tiles_ids.map((id) => [id, id]));
  await removeScenesAndLinks(trx, site, prior.tiles_ids, linksInto(await scenesOfSite(trx, site), gone));
  await trx
    .deleteFrom('survey_exports')
    .where('survey_id', '=', prior.survey_id)
    .where('fingerprint', '=', prior.fingerprint)
    .execute();
}

/** Records that the export's scenes `tilesIds` went to the survey. */
export async function recordExport(
  trx: DB,
  surveyId: string,
  fingerprint: string,
  tilesIds: readonly string[],
): Promise<void> {
  await trx
    .insertInto('survey_exports')
    .values({
      survey_id: surveyId,
      fingerprint,
      tiles_ids: JSON.stringify(tilesIds),
      created_at: new Date().toISOString(),
    })
    .execute();
}
