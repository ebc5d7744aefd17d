// Editing a scene: its title, start view and north (the minimap node's rotation), moving it to another survey of
// the site, deleting it. Each edit is checked against the scene's revision and runs in one transaction with its
// audit entry. Moving or deleting also forgets the scene in the export records of its survey, so a later "replace"
// of that export does not reach a scene that now lives elsewhere.
import type { DB } from '../../db/database.ts';
import type { Principal } from '../../auth/principal.ts';
import type { BlobStore } from '../../storage/blobStore.ts';
import type { ManagedScene, Removal } from '../../../contract/surveyEditing.ts';
import type { ViewParameters } from '../../../contract/api.ts';
import type { AuditAction } from '../audit/auditEntry.ts';
import { inTransaction, lockSite } from '../../db/transactions.ts';
import { storableName } from '../../../contract/storableName.ts';
import { bumpRevision } from '../audit/revision.ts';
import { recordAudit } from '../audit/audit.ts';
import { NotFound } from '../errors.ts';
import { managedScene } from './managedSurveys.ts';
import { linksInto, removeScenesAndLinks, scenesOfSite } from './sceneLinks.ts';
import { deletingScenes } from './removedTiles.ts';

export interface SceneEdit {
  revision: number;
  title?: string;
  initial_parameters?: ViewParameters;
  north?: number;
}

async function sceneRow(db: DB, site: string, id: string) {
  const row = await db
    .selectFrom('survey_nodes')
    .innerJoin('surveys', 'surveys.id', 'survey_nodes.survey_id')
    .select(['survey_nodes.title', 'survey_nodes.tiles_id', 'survey_nodes.survey_id', 'surveys.floor'])
    .where('survey_nodes.site', '=', site)
    .where('survey_nodes.id', '=', id)
    .executeTakeFirst();
  if (!row) throw new NotFound('That scene no longer exists; reload the survey list.');
  return row;
}

/** Takes `tilesId` out of the export records of survey `surveyId`. */
async function forgetExported(trx: DB, surveyId: string, tilesId: string): Promise<void> {
  const rows = await trx.selectFrom('survey_exports').selectAll().where('survey_id', '=', surveyId).execute();
  for (const r of rows) {
    const ids = JSON.parse(r.tiles_ids) as string[];
    if (!ids.includes(tilesId)) continue;
    await trx
      .updateTable('survey_exports')
      .set({ tiles_ids: JSON.stringify(ids.filter((t) => t !== tilesId)) })
      .where('survey_id', '=', surveyId)
      .where('fingerprint', '=', r.fingerprint)
      .execute();
  }
}

export async function editScene(
  db: DB,
  site: string,
  id: string,
  edit: SceneEdit,
  actor: Principal | null,
): Promise<ManagedScene> {
  await inTransaction(db, async (trx) => {
    const before = await sceneRow(trx, site, id);
    await bumpRevision(trx, 'survey_nodes', id, edit.revision);
    const target = `scene "${before.title}"`;
    const audit = (action: AuditAction, detail: Record<string, string | number>) =>
      recordAudit(trx, { site, actor, action, target, detail });
    if (edit.title !== undefined) {
      const title = storableName(edit.title.trim());
      await trx.updateTable('survey_nodes').set({ title }).where('id', '=', id).execute();
      await audit('scene.rename', { from: before.title, to: title });
    }
    if (edit.initial_parameters) {
      const { yaw, pitch, fov } = edit.initial_parameters;
      await trx
        .updateTable('survey_nodes')
        .set({ initial_parameters: JSON.stringify({ yaw, pitch, fov }) })
        .where('id', '=', id)
        .execute();
      await audit('scene.startView', { yaw, pitch, fov });
    }
    if (edit.north !== undefined) {
      await trx.updateTable('minimap_nodes').set({ rotation: edit.north }).where('survey_node_id', '=', id).execute();
      await audit('scene.north', { north: edit.north });
    }
  });
  return managedScene(db, site, id);
}

/**
 * Moves scene `id` to survey `surveyId` of the same site, as its last scene. On the same floor it keeps its place
 * on the plan; on another floor it waits in that plan's tray to be placed.
 */
export async function moveScene(
  db: DB,
  site: string,
  id: string,
  surveyId: string,
  revision: number,
  actor: Principal | null,
): Promise<ManagedScene> {
  await inTransaction(db, async (trx) => {
    await lockSite(trx, site);
    const before = await sceneRow(trx, site, id);
    const to = await trx
      .selectFrom('surveys')
      .select(['id', 'floor', 'date', 'survey_name'])
      .where('site', '=', site)
      .where('id', '=', surveyId)
      .executeTakeFirst();
    if (!to) throw new NotFound('The survey to move the scene to no longer exists; reload the survey list.');
    await bumpRevision(trx, 'survey_nodes', id, revision);
    if (to.id === before.survey_id) return;
    const last = await trx
      .selectFrom('minimap_nodes')
      .select((eb) => eb.fn.max('node_number').as('n'))
      .where('survey_id', '=', to.id)
      .executeTakeFirst();
    await trx.updateTable('survey_nodes').set({ survey_id: to.id }).where('id', '=', id).execute();
    await trx
      .updateTable('minimap_nodes')
      .set({
        survey_id: to.id,
        floor: to.floor,
        node_number: Number(last?.n ?? -1) + 1,
        ...(to.floor !== before.floor ? { placed: 0 } : {}),
      })
      .where('survey_node_id', '=', id)
      .execute();
    await forgetExported(trx, before.survey_id, before.tiles_id);
    await recordAudit(trx, {
      site,
      actor,
      action: 'scene.move',
      target: `scene "${before.title}"`,
      detail: { to_survey: to.survey_name, to_date: to.date, to_floor: to.floor },
    });
  });
  return managedScene(db, site, id);
}

/** What deleting scene `id` would remove: the scene, and the links to it from other scenes. */
export async function sceneRemoval(db: DB, site: string, id: string): Promise<Removal> {
  const scene = await managedScene(db, site, id);
  return {
    revision: scene.revision,
    scenes: [{ id: scene.id, title: scene.title }],
    links: linksInto(await scenesOfSite(db, site), new Map([[scene.tiles_id, scene.title]])),
  };
}

/** Deletes scene `id` and the links to it in one transaction, then its tiles. Answers what was removed. */
export async function deleteScene(
  db: DB,
  blobs: BlobStore,
  site: string,
  id: string,
  revision: number,
  actor: Principal | null,
): Promise<Removal> {
  const tiles = await db
    .selectFrom('survey_nodes')
    .select('tiles_id')
    .where('site', '=', site)
    .where('id', '=', id)
    .execute();
  const tilesIds = tiles.map((t) => t.tiles_id);
  return deletingScenes(db, blobs, site, tilesIds, async (trx) => {
    const before = await sceneRow(trx, site, id);
    await bumpRevision(trx, 'survey_nodes', id, revision);
    const removed = await sceneRemoval(trx, site, id);
    await removeScenesAndLinks(trx, site, [before.tiles_id], removed.links);
    await forgetExported(trx, before.survey_id, before.tiles_id);
    await recordAudit(trx, {
      site,
      actor,
      action: 'scene.delete',
      target: `scene "${before.title}"`,
      detail: { links_removed: removed.links.map((l) => `${l.title} → ${l.to}`) },
    });
    return { out: removed, removed: new Set([before.tiles_id]) };
  });
}
