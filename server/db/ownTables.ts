// The app's own tables, found by introspection: without the job queue's (pg-boss keeps its tables in their own
// schema, which unqualified names would not reach and whose rows are the queue's business).
import type { Kysely, TableMetadata } from 'kysely';

export const JOB_QUEUE_SCHEMA = 'pgboss';

export async function ownTables(db: Pick<Kysely<unknown>, 'introspection'>): Promise<TableMetadata[]> {
  return (await db.introspection.getTables()).filter((t) => t.schema !== JOB_QUEUE_SCHEMA);
}
