// Editing a node on the floor plan: its position (floor-plan coordinates) and rotation (radians).
import type { DB } from '../db/database.ts';
import type { MinimapNodeEntry } from '../../contract/api.ts';
import { NotFound } from './errors.ts';

/** One minimap node entry by its id (the `_id` of minimapSingleSite entries). */
async function getMinimapNodeEntry(db: DB, id: string): Promise<MinimapNodeEntry | null> {
  const r = await db
    .selectFrom('minimap_nodes')
    .innerJoin('survey_nodes', 'survey_nodes.id', 'minimap_nodes.survey_node_id')
    .select([
      'minimap_nodes.id',
      'minimap_nodes.site',
      'minimap_nodes.x',
      'minimap_nodes.y',
      'minimap_nodes.x_scale',
      'minimap_nodes.y_scale',
      'minimap_nodes.rotation',
      'minimap_nodes.tiles_id',
      'minimap_nodes.floor',
      'minimap_nodes.node_number',
      'minimap_nodes.survey_node_id',
      'survey_nodes.tiles_name',
      'survey_nodes.title',
    ])
    .where('minimap_nodes.id', '=', id)
    .executeTakeFirst();
  if (!r) return null;
  return {
    _id: r.id,
    x: r.x,
    y: r.y,
    x_scale: r.x_scale,
    y_scale: r.y_scale,
    rotation: r.rotation,
    minimap_node: {
      tiles_id: r.tiles_id,
      floor: r.floor,
      node_number: r.node_number,
      survey_node: r.survey_node_id,
      site: r.site,
      tiles_name: r.tiles_name,
      title: r.title,
    },
  };
}

async function update(
  db: DB,
  id: string,
  values: { x?: number; y?: number; rotation?: number },
): Promise<MinimapNodeEntry> {
  const res = await db.updateTable('minimap_nodes').set(values).where('id', '=', id).executeTakeFirst();
  if (Number(res.numUpdatedRows) === 0)
    throw new NotFound(`There is no node "${id}"; reload the minimap and try again.`);
  return (await getMinimapNodeEntry(db, id))!;
}

export const updateNodeCoords = (db: DB, id: string, coords: { x: number; y: number }) =>
  update(db, id, { x: coords.x, y: coords.y });
export const updateNodeRotation = (db: DB, id: string, rotation: number) => update(db, id, { rotation });

/** The site a node belongs to (for the access rule of node edits); null when there is no such node. */
export async function siteOfNode(db: DB, id: string): Promise<string | null> {
  if (id.length > 200) return null;
  return (await db.selectFrom('minimap_nodes').select('site').where('id', '=', id).executeTakeFirst())?.site ?? null;
}
