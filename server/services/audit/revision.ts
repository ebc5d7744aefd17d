// Optimistic concurrency for editors: an edit names the revision of the survey or scene it started from; the
// write raises the revision only if it is still that one, so of two administrators saving the same row, the second
// gets a 409 with the current state instead of silently overwriting the first.
import type { DB } from '../../db/database.ts';
import { Conflict, NotFound } from '../errors.ts';

type Revised = 'surveys' | 'survey_nodes' | 'tours';
const NOUN: Record<Revised, string> = { surveys: 'survey', survey_nodes: 'scene', tours: 'tour' };

/**
 * Raises the revision of row `id` of `table` from `expected` to `expected + 1`, inside `trx` (the edit's
 * transaction). Throws NotFound when the row is gone, Conflict when another edit came first.
 */
export async function bumpRevision(trx: DB, table: Revised, id: string, expected: number): Promise<number> {
  const res = await trx
    .updateTable(table)
    .set({ revision: expected + 1 })
    .where('id', '=', id)
    .where('revision', '=', expected)
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) === 1) return expected + 1;
  const row = await trx.selectFrom(table).select('revision').where('id', '=', id).executeTakeFirst();
  if (!row) throw new NotFound(`That ${NOUN[table]} no longer exists.`);
  throw new Conflict(
    `Someone else changed this ${NOUN[table]} since you opened it (now revision ${row.revision}). Reload it to see their change.`,
  );
}
