// What every route and service gets: config, database and blob store. Built once at start-up.
import type { Config } from './config.ts';
import type { DB } from './db/database.ts';
import type { BlobStore } from './storage/blobStore.ts';

export interface AppContext {
  config: Config;
  db: DB;
  blobs: BlobStore;
}
