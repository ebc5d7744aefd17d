// Link hotspots that point at scenes a deletion removes: found among the scenes that stay (pure), and taken out of
// those scenes in the deletion's own transaction so no scene is left with a link to nothing.
import type { DB } from '../../db/database.ts';
import type { LinkHotspot } from '../../../contract/api.ts';
import type { IncomingLink } from '../../../contract/surveyEditing.ts';

export interface LinkingScene {
  id: string;
  title: string;
  link_hotspots: string;
  survey_name: string;
  date: string;
  floor: number;
}

/** The links of `scenes` to any of `gone` (tiles id → title); scenes that are themselves going are left out. */
export function linksInto(scenes: readonly (LinkingScene & { tiles_id: string })[], gone: Map<string, string>) {
  const links: IncomingLink[] = [];
  for (const s of scenes) {
    if (gone.has(s.tiles_id)) continue;
    for (const h of JSON.parse(s.link_hotspots) as LinkHotspot[]) {
      const to = gone.get(h.target);
      if (to !== undefined)
        links.push({ scene: s.id, title: s.title, survey_name: s.survey_name, date: s.date, floor: s.floor, to });
    }
  }
  return links;
}

/** Every scene of `site` with its survey, for finding links into what a deletion removes. */
export const scenesOfSite = (db: DB, site: string) =>
  db
    .selectFrom('survey_nodes')
    .innerJoin('surveys', 'surveys.id', 'survey_nodes.survey_id')
    .select([
      'survey_nodes.id',
      'survey_nodes.tiles_id',
      'survey_nodes.title',
      'survey_nodes.link_hotspots',
      'surveys.survey_name',
      'surveys.date',
      'surveys.floor',
    ])
    .where('survey_nodes.site', '=', site)
    .execute();

/** Takes the links to `gone` out of the scenes of `links`; each such scene's revision goes up (its hotspots changed). */
async function dropLinks(trx: DB, links: readonly IncomingLink[], gone: ReadonlySet<string>): Promise<void> {
  for (const id of new Set(links.map((l) => l.scene))) {
    const row = await trx
      .selectFrom('survey_nodes')
      .select(['link_hotspots', 'revision'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const kept = (JSON.parse(row.link_hotspots) as LinkHotspot[]).filter((h) => !gone.has(h.target));
    await trx
      .updateTable('survey_nodes')
      .set({ link_hotspots: JSON.stringify(kept), revision: row.revision + 1 })
      .where('id', '=', id)
      .execute();
  }
}

/** Removes the scenes `tilesIds` of `site` and the `links` to them, inside the deletion's transaction. */
export async function removeScenesAndLinks(
  trx: DB,
  site: string,
  tilesIds: readonly string[],
  links: readonly IncomingLink[],
): Promise<void> {
  await dropLinks(trx, links, new Set(tilesIds));
  await removeSceneRows(trx, site, tilesIds);
}

/** Removes the rows of the scenes `ids` (tiles ids) of `site`: node, position, info texts. Blobs stay for the sweep
 *  or the caller. Runs inside the caller's transaction. */
export async function removeSceneRows(trx: DB, site: string, ids: readonly string[]): Promise<void> {
  if (!ids.length) return;
  const nodes = trx.selectFrom('survey_nodes').select('id').where('site', '=', site).where('tiles_id', 'in', ids);
  await trx.deleteFrom('minimap_nodes').where('survey_node_id', 'in', nodes).execute();
  await trx.deleteFrom('hotspot_descriptions').where('site', '=', site).where('tiles_id', 'in', ids).execute();
  await trx.deleteFrom('survey_nodes').where('site', '=', site).where('tiles_id', 'in', ids).execute();
}
