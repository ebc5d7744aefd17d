// jobs: long work (the ingest of a big upload) that a queue runs, as the person waiting follows it: its state,
// progress, outcome, and the data a restart needs to run it again (the in-process queue on SQLite).
import type { Kysely, Migration } from 'kysely';

export const jobsTable: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('jobs')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('site', 'text', (c) => c.notNull())
      .addColumn('state', 'text', (c) => c.notNull())
      .addColumn('data', 'text', (c) => c.notNull())
      .addColumn('progress_done', 'integer', (c) => c.notNull())
      .addColumn('progress_total', 'integer', (c) => c.notNull())
      .addColumn('result', 'text')
      .addColumn('error_status', 'integer')
      .addColumn('error_message', 'text')
      .addColumn('attempts', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('jobs_state').on('jobs').columns(['state', 'created_at']).execute();
  },
};
