// 0007: survey_exports, the exports each survey received (fingerprint and the scenes they brought), so that an
// export uploaded again to the same survey is recognised instead of adding a second copy of every scene.
import type { Kysely, Migration } from 'kysely';

export const surveyExports: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('survey_exports')
      .addColumn('survey_id', 'text', (c) => c.notNull().references('surveys.id').onDelete('cascade'))
      .addColumn('fingerprint', 'text', (c) => c.notNull())
      .addColumn('tiles_ids', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('survey_exports_pk', ['survey_id', 'fingerprint'])
      .execute();
  },
};
