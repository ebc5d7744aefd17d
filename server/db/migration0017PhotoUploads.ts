// 0017: what uploads of 360 photos need.
// - minimap_nodes.placed: 1 when the node has a position on its floor plan, 0 for a scene that came without one (a
//   photo uploaded without a positions CSV): it waits in the node editor's "unplaced" tray and is not drawn on a
//   visitor's minimap until an administrator drags it onto the plan.
// - jobs.detail: JSON of a job's progress item by item (a photo upload's photos, each with its own bar), or null.
import type { Kysely, Migration } from 'kysely';

export const photoUploads: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .alterTable('minimap_nodes')
      .addColumn('placed', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
    await db.schema.alterTable('jobs').addColumn('detail', 'text').execute();
  },
};
