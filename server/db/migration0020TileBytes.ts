// 0020: survey_nodes.tile_bytes, what a scene's tiles and preview weigh as stored (every JPEG, and the AVIF copy once
// it is announced), for the survey manager's size column. Written at ingest from the staged files and raised by the
// AVIF job in the same statement that announces its copy. Null: not measured yet (rows older than this migration);
// the start-up step of services/tileBytes.ts measures those from the blob store, which a migration cannot reach.
// bigint: a survey of large pyramids passes 2 GiB.
import type { Kysely, Migration } from 'kysely';

export const tileBytes: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('survey_nodes').addColumn('tile_bytes', 'bigint').execute();
  },
};
