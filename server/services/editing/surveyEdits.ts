// Editing a survey: rename, move to another floor and/or date, delete. Each edit is checked against the survey's
// revision, runs in one transaction with its audit entry, and is refused with a sentence a person can act on.
import type { DB } from '../../db/database.ts';
import type { Principal } from '../../auth/principal.ts';
import type { BlobStore } from '../../storage/blobStore.ts';
import type { ManagedSurvey, Removal } from '../../../contract/surveyEditing.ts';
import { inTransaction, lockSite } from '../../db/transactions.ts';
import { storableName } from '../../../contract/storableName.ts';
import { parseSurveyDate } from '../../../contract/surveyDate.ts';
import { bumpRevision } from '../audit/revision.ts';
import { recordAudit } from '../audit/audit.ts';
import { Conflict, Invalid, NotFound } from '../errors.ts';
import { managedSurvey } from './managedSurveys.ts';
import { linksInto, removeScenesAndLinks, scenesOfSite } from './sceneLinks.ts';
import { deletingScenes } from './removedTiles.ts';
import { surveyTiles } from './surveyReplace.ts';

export interface SurveyEdit {
  revision: number;
  survey_name?: string;
  floor?: number;
  date?: string;
}

const label = (s: { survey_name: string; floor: number; date: string }) =>
  `survey "${s.survey_name}" (floor ${s.floor}, ${s.date})`;

async function surveyRow(db: DB, site: string, id: string) {
  const row = await db
    .selectFrom('surveys')
    .select(['id', 'floor', 'date', 'survey_name', 'revision'])
    .where('site', '=', site)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw new NotFound('That survey no longer exists; reload the survey list.');
  return row;
}

/** Renames and/or moves survey `id`; its scenes' minimap nodes move to the new floor with it. */
export async function editSurvey(
  db: DB,
  site: string,
  id: string,
  edit: SurveyEdit,
  actor: Principal | null,
): Promise<ManagedSurvey> {
  if (edit.date !== undefined && parseSurveyDate(edit.date) !== edit.date)
    throw new Invalid(`date must be a real calendar day (yyyy-mm-dd), not "${edit.date}".`);
  await inTransaction(db, async (trx) => {
    await lockSite(trx, site);
    const before = await surveyRow(trx, site, id);
    const after = {
      survey_name: edit.survey_name === undefined ? before.survey_name : storableName(edit.survey_name.trim()),
      floor: edit.floor ?? before.floor,
      date: edit.date ?? before.date,
    };
    await bumpRevision(trx, 'surveys', id, edit.revision);
    const moved = after.floor !== before.floor || after.date !== before.date;
    if (!moved && after.survey_name === before.survey_name) return;
    if (after.floor !== before.floor) {
      const floor = await trx
        .selectFrom('floors')
        .select('floor')
        .where('site', '=', site)
        .where('floor', '=', after.floor)
        .executeTakeFirst();
      if (!floor) throw new Invalid(`This site has no floor ${after.floor}; add it on the minimap first.`);
    }
    const clash = await trx
      .selectFrom('surveys')
      .select('id')
      .where('site', '=', site)
      .where('floor', '=', after.floor)
      .where('date', '=', after.date)
      .where('survey_name', '=', after.survey_name)
      .where('id', '<>', id)
      .executeTakeFirst();
    if (clash)
      throw new Conflict(
        `There is already a ${label(after)} on this site. Choose another name, date or floor, or delete that survey first.`,
      );
    await trx.updateTable('surveys').set(after).where('id', '=', id).execute();
    if (after.floor !== before.floor) {
      // The positions were on the old floor's plan: the scenes wait in the new plan's tray to be placed.
      await trx
        .updateTable('minimap_nodes')
        .set({ floor: after.floor, placed: 0 })
        .where('survey_node_id', 'in', trx.selectFrom('survey_nodes').select('id').where('survey_id', '=', id))
        .execute();
    }
    await recordAudit(trx, {
      site,
      actor,
      action: moved ? 'survey.move' : 'survey.rename',
      target: label(before),
      detail: {
        ...(after.survey_name !== before.survey_name
          ? { from_name: before.survey_name, to_name: after.survey_name }
          : {}),
        ...(after.floor !== before.floor ? { from_floor: before.floor, to_floor: after.floor } : {}),
        ...(after.date !== before.date ? { from_date: before.date, to_date: after.date } : {}),
      },
    });
  });
  return managedSurvey(db, site, id);
}

/** What deleting survey `id` would remove: its scenes, and links to them from other surveys' scenes. */
export async function surveyRemoval(db: DB, site: string, id: string): Promise<Removal> {
  const survey = await managedSurvey(db, site, id);
  const gone = new Map(survey.scenes.map((s) => [s.tiles_id, s.title]));
  return {
    revision: survey.revision,
    scenes: survey.scenes.map((s) => ({ id: s.id, title: s.title })),
    links: linksInto(await scenesOfSite(db, site), gone),
  };
}

/**
 * Deletes survey `id` started from `revision`: its scenes' rows and the links to them in one transaction, then
 * their tiles (removedTiles.ts). Answers what was removed.
 */
export async function deleteSurvey(
  db: DB,
  blobs: BlobStore,
  site: string,
  id: string,
  revision: number,
  actor: Principal | null,
): Promise<Removal> {
  // The tiles as they are now; a scene an upload adds meanwhile is removed with the rows, its tiles by a sweep.
  return deletingScenes(db, blobs, site, await surveyTiles(db, site, id), async (trx) => {
    const before = await surveyRow(trx, site, id);
    await bumpRevision(trx, 'surveys', id, revision);
    const removed = await surveyRemoval(trx, site, id);
    const scenes = await trx.selectFrom('survey_nodes').select('tiles_id').where('survey_id', '=', id).execute();
    const tilesIds = scenes.map((s) => s.tiles_id);
    await removeScenesAndLinks(trx, site, tilesIds, removed.links);
    await trx.deleteFrom('survey_exports').where('survey_id', '=', id).execute();
    await trx.deleteFrom('surveys').where('id', '=', id).execute();
    await recordAudit(trx, {
      site,
      actor,
      action: 'survey.delete',
      target: label(before),
      detail: {
        scenes: removed.scenes.map((s) => s.title),
        links_removed: removed.links.map((l) => `${l.title} → ${l.to}`),
      },
    });
    return { out: removed, removed: new Set(tilesIds) };
  });
}
