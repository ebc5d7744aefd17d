// 0015: indexes of the documentation tree. A folder's listing (its subfolders, its files, by name) and an upload's
// merge (is this name already in that folder?) each read a few rows through them; without them every such read
// scanned all folders or files of every site.
import type { Kysely, Migration } from 'kysely';

export const documentIndexes: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createIndex('directories_parent_name')
      .on('directories')
      .columns(['parent', 'name', 'id'])
      .execute();
    await db.schema.createIndex('files_directory_name').on('files').columns(['directory_id', 'name', 'id']).execute();
    await db.schema.createIndex('files_site_name').on('files').columns(['site', 'name', 'id']).execute();
  },
};
