// Editing a node on the floor plan: its position (floor-plan coordinates) and rotation (radians). The node's place
// and north are part of its scene, so each edit names the scene's revision it started from (a stale one is a 409,
// as for the survey manager's edits) and records an audit entry in the same transaction.
import type { DB } from '../db/database.ts';
import type { MinimapNodeEntry } from '../../contract/api.ts';
import type { Principal } from '../auth/principal.ts';
import { MINIMAP_NODE_COLUMNS, minimapNodeEntryOf } from './minimapNodeRows.ts';
import { NotFound } from './errors.ts';
import { inTransaction } from '../db/transactions.ts';
import { bumpRevision } from './audit/revision.ts';
import { recordAudit } from './audit/audit.ts';

const notFound = (id: string) => new NotFound(`There is no node "${id}"; reload the minimap and try again.`);

/** The node `id` as the API hands it out; NotFound when there is none. */
export async function nodeEntry(db: DB, id: string): Promise<MinimapNodeEntry> {
  const row = await db
    .selectFrom('minimap_nodes')
    .innerJoin('survey_nodes', 'survey_nodes.id', 'minimap_nodes.survey_node_id')
    .select(MINIMAP_NODE_COLUMNS)
    .where('minimap_nodes.id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound(id);
  return minimapNodeEntryOf(row);
}

/** Rounded for the trail: a plan's pixels and radians to three decimals say enough. */
const short = (n: number) => Math.round(n * 1000) / 1000;

type NodeEdit = { kind: 'place'; x: number; y: number } | { kind: 'rotation'; rotation: number };

async function edit(
  db: DB,
  id: string,
  revision: number,
  change: NodeEdit,
  actor: Principal | null,
): Promise<MinimapNodeEntry> {
  await inTransaction(db, async (trx) => {
    const before = await nodeEntry(trx, id);
    await bumpRevision(trx, 'survey_nodes', before.minimap_node.survey_node, revision);
    const { site } = before.minimap_node;
    const scene = `scene "${before.minimap_node.title}"`;
    if (change.kind === 'place') {
      // A position given places the node (a scene that came without one leaves the editor's tray).
      await trx
        .updateTable('minimap_nodes')
        .set({ x: change.x, y: change.y, placed: 1 })
        .where('id', '=', id)
        .execute();
      const detail: Record<string, number> = before.placed
        ? { from_x: short(before.x), from_y: short(before.y), to_x: short(change.x), to_y: short(change.y) }
        : { to_x: short(change.x), to_y: short(change.y) };
      await recordAudit(trx, {
        site,
        actor,
        action: before.placed ? 'scene.place' : 'scene.firstPlace',
        target: `${scene} on the floor plan`,
        detail,
      });
    } else {
      await trx.updateTable('minimap_nodes').set({ rotation: change.rotation }).where('id', '=', id).execute();
      await recordAudit(trx, {
        site,
        actor,
        action: 'scene.north',
        target: scene,
        detail: { from: short(before.rotation), north: short(change.rotation) },
      });
    }
  });
  return nodeEntry(db, id);
}

export const updateNodeCoords = (
  db: DB,
  id: string,
  body: { x: number; y: number; revision: number },
  actor: Principal | null,
) => edit(db, id, body.revision, { kind: 'place', x: body.x, y: body.y }, actor);

export const updateNodeRotation = (
  db: DB,
  id: string,
  body: { rotation: number; revision: number },
  actor: Principal | null,
) => edit(db, id, body.revision, { kind: 'rotation', rotation: body.rotation }, actor);

/** The site a node belongs to (for the access rule of node edits); null when there is no such node. */
export async function siteOfNode(db: DB, id: string): Promise<string | null> {
  if (id.length > 200) return null;
  return (await db.selectFrom('minimap_nodes').select('site').where('id', '=', id).executeTakeFirst())?.site ?? null;
}
