// Editing a node on the floor plan: its position (floor-plan coordinates) and rotation (radians).
import type { DB } from '../db/database.ts';
import type { MinimapNodeEntry } from '../../contract/api.ts';
import { MINIMAP_NODE_COLUMNS, minimapNodeEntryOf } from './minimapNodeRows.ts';
import { NotFound } from './errors.ts';

/** One minimap node entry by its id (the `_id` of minimapSingleSite entries). */
async function getMinimapNodeEntry(db: DB, id: string): Promise<MinimapNodeEntry | null> {
  const r = await db
    .selectFrom('minimap_nodes')
    .innerJoin('survey_nodes', 'survey_nodes.id', 'minimap_nodes.survey_node_id')
    .select(MINIMAP_NODE_COLUMNS)
    .where('minimap_nodes.id', '=', id)
    .executeTakeFirst();
  if (!r) return null;
  return minimapNodeEntryOf(r);
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
