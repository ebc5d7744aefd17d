// PostgreSQL notices of committed changes, on channel `survey_changes`, payload: the changed tables' names, comma
// separated ('' for "cannot tell"). Two sources:
// - this app's processes tell what they committed (changeTracking.ts), right after the commit and batched: a NOTIFY
//   inside every write would serialise the commits of all of them (PostgreSQL holds a global lock while a notifying
//   transaction commits);
// - a statement trigger on every own table tells what anyone else (psql, another tool) changed; our connections set
//   `survey.app_writer` so that it stays silent for them. Installed after each migration run, under the migration
//   lock, on whatever tables exist then, so a table added later is covered without anyone remembering to.
import { sql, type Kysely } from 'kysely';
import type { Pool } from 'pg';
import { ownTables } from './ownTables.ts';

export const CHANGE_CHANNEL = 'survey_changes';
const FUNCTION = 'survey_notify_change';
export const CHANGE_TRIGGER = 'survey_change_notify';
/** Set on every connection of ours (database.ts): the trigger leaves telling to the app. */
export const APP_WRITER_SETTING = 'survey.app_writer';
/** NOTIFY payloads must stay under 8000 bytes; a longer list is sent as "cannot tell". */
const MAX_PAYLOAD = 7000;

/** Creates (or replaces) the notify function and one trigger per own table. */
export async function installChangeTriggers(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `CREATE OR REPLACE FUNCTION ${FUNCTION}() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('${APP_WRITER_SETTING}', true) IS DISTINCT FROM 'on' THEN
    PERFORM pg_notify('${CHANGE_CHANNEL}', TG_TABLE_NAME);
  END IF;
  RETURN NULL;
END $$`,
    )
    .execute(db);
  for (const t of await ownTables(db)) {
    if (t.isView) continue;
    await sql`CREATE OR REPLACE TRIGGER ${sql.id(CHANGE_TRIGGER)} AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ${sql.id(t.schema ?? 'public', t.name)} FOR EACH STATEMENT EXECUTE FUNCTION ${sql.raw(FUNCTION)}()`.execute(
      db,
    );
  }
}

/** How long commits are gathered into one NOTIFY: every NOTIFY takes a global lock in PostgreSQL and wakes every
 *  listener, so under a stream of writes one per commit would cost more than the writes; other processes hear of a
 *  change this much later (this one at once, changeTracking.ts). */
export const NOTICE_BATCH_MS = 5;

/** Batches the tables this process committed into one NOTIFY per NOTICE_BATCH_MS. */
export function commitNotifier(pool: Pool, onError: (err: unknown) => void) {
  let pending = new Set<string>();
  let scheduled: Promise<void> | null = null;
  const send = async () => {
    const tables = [...pending];
    pending = new Set();
    scheduled = null;
    let payload = tables.includes('') ? '' : tables.join(',');
    if (payload.length > MAX_PAYLOAD) payload = '';
    try {
      await pool.query('select pg_notify($1, $2)', [CHANGE_CHANNEL, payload]);
    } catch (err) {
      onError(err);
    }
  };
  return {
    add(tables: readonly string[]) {
      for (const t of tables) pending.add(t);
      scheduled ??= new Promise<void>((resolve) => setTimeout(resolve, NOTICE_BATCH_MS)).then(send);
    },
    /** Sends what is still to be told (before the pool closes). */
    async flush() {
      await scheduled;
    },
  };
}
