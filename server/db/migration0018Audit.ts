// 0018: what editing surveys, scenes and hotspots in the browser needs.
// - audit_log: who changed what on a site, and when, kept for the site's administrators. `actor` is the account's
//   name at the time (accounts can be deleted; the trail must still say who), null on an install without sign-on.
//   `detail` is bounded JSON describing the change (old and new values where short).
// - surveys.revision, survey_nodes.revision: a counter raised by every edit of the row, so that two administrators
//   editing the same survey or scene cannot overwrite each other silently (an edit names the revision it started
//   from; a different current revision is a 409).
import type { Kysely, Migration } from 'kysely';

export const auditTrail: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('audit_log')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('site', 'text', (c) => c.notNull())
      .addColumn('at', 'text', (c) => c.notNull())
      .addColumn('actor', 'text')
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('target', 'text', (c) => c.notNull())
      .addColumn('detail', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('audit_log_site_at').on('audit_log').columns(['site', 'at', 'id']).execute();
    await db.schema
      .alterTable('surveys')
      .addColumn('revision', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .alterTable('survey_nodes')
      .addColumn('revision', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  },
};
