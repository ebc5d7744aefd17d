// 0019: guided tours. One row per tour of a site: its name, whether visitors see it, a revision raised by every
// edit (two administrators editing one tour cannot overwrite each other silently), and its stops as a bounded JSON
// list (contract/tours.ts: at most 50 stops of a scene's tiles id, a view, seconds to stay, a sanitised caption).
// A stop names its scene by tiles id, never reused: a deleted scene leaves the stop pointing at nothing, which the
// reads report instead of failing. The tours go with their site.
import type { Kysely, Migration } from 'kysely';

export const toursTable: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('tours')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('site', 'text', (c) => c.notNull().references('sites.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('published', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('revision', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('stops', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('tours_site').on('tours').columns(['site', 'created_at', 'id']).execute();
  },
};
