// 0014: survey_nodes.tile_format, the format viewers may fetch a scene's tiles in. 'jpg' (as uploaded) until the
// AVIF copy of every tile is stored (jobs/avifTilesJob.ts), then 'avif'; the JPEG files stay for other viewers.
import type { Kysely, Migration } from 'kysely';

export const tileFormats: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .alterTable('survey_nodes')
      .addColumn('tile_format', 'text', (c) => c.notNull().defaultTo('jpg'))
      .execute();
  },
};
