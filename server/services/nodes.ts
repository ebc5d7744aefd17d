// Editing a node on the floor plan: its position (floor-plan coordinates) and rotation (radians).
import type { DB } from '../db/database.ts';
import type { MinimapNodeEntry } from '../../contract/api.ts';
import { MINIMAP_NODE_COLUMNS, minimapNodeEntryOf, type MinimapNodeRow } from './minimapNodeRows.ts';
import { NotFound } from './errors.ts';
import { coalesceByKey, type Coalesced } from '../db/coalesce.ts';

type NodeValues = { x?: number; y?: number; rotation?: number; placed?: number };

/** minimap_nodes' own columns of an entry; the scene's name and title come from survey_nodes. */
const OWN_COLUMNS = MINIMAP_NODE_COLUMNS.filter((c) => c.startsWith('minimap_nodes.')).map(
  (c) => c.slice('minimap_nodes.'.length) as 'id',
);

async function update(db: DB, id: string, values: NodeValues): Promise<MinimapNodeEntry> {
  // One statement that writes and reads back (the editor's drags send many): the scene's columns by subqueries,
  // which SQLite's RETURNING allows where it refuses an UPDATE ... FROM table.
  const row = await db
    .updateTable('minimap_nodes')
    .set(values)
    .where('id', '=', id)
    .returning((eb) => [
      ...(OWN_COLUMNS as unknown as 'id'[]),
      eb
        .selectFrom('survey_nodes')
        .select('survey_nodes.tiles_name')
        .whereRef('survey_nodes.id', '=', 'minimap_nodes.survey_node_id')
        .as('tiles_name'),
      eb
        .selectFrom('survey_nodes')
        .select('survey_nodes.title')
        .whereRef('survey_nodes.id', '=', 'minimap_nodes.survey_node_id')
        .as('title'),
    ])
    .executeTakeFirst();
  if (!row) throw new NotFound(`There is no node "${id}"; reload the minimap and try again.`);
  return minimapNodeEntryOf(row as unknown as MinimapNodeRow);
}

/** One coalescer per database: concurrent edits of a node go as one statement (db/coalesce.ts). */
const editors = new WeakMap<DB, Coalesced<NodeValues, MinimapNodeEntry>>();
function edit(db: DB, id: string, values: NodeValues): Promise<MinimapNodeEntry> {
  let editor = editors.get(db);
  if (!editor) {
    editor = coalesceByKey(
      (key, merged) => update(db, key, merged),
      (a, b) => ({ ...a, ...b }),
    );
    editors.set(db, editor);
  }
  return editor(id, values);
}

/** A position given places the node (a scene that came without one leaves the editor's tray), in the same write. */
export const updateNodeCoords = (db: DB, id: string, coords: { x: number; y: number }) =>
  edit(db, id, { x: coords.x, y: coords.y, placed: 1 });
export const updateNodeRotation = (db: DB, id: string, rotation: number) => edit(db, id, { rotation });

/** The site a node belongs to (for the access rule of node edits); null when there is no such node. */
export async function siteOfNode(db: DB, id: string): Promise<string | null> {
  if (id.length > 200) return null;
  return (await db.selectFrom('minimap_nodes').select('site').where('id', '=', id).executeTakeFirst())?.site ?? null;
}
