// What every route and service gets: config, database, blob store and job queue. Built once at start-up.
import type { Config } from './config.ts';
import type { DB } from './db/database.ts';
import type { BlobStore } from './storage/blobStore.ts';
import type { JobQueue } from './jobs/jobQueue.ts';
import type { ChangeFeed } from './db/changeFeed.ts';
import type { DatabaseOutage } from './db/outage.ts';
import type { ChangeStreams } from './services/changeStream.ts';

/** `jobs` is there in the server (not in one-shot commands such as the import). */
export interface AppContext {
  config: Config;
  db: DB;
  blobs: BlobStore;
  /** What other processes commit (caches are bypassed when it cannot tell: SQLite, a lost listener). */
  changes?: ChangeFeed;
  jobs?: JobQueue;
  /** Counts and logs the database's absences (the server; absent in one-shot commands). */
  outage?: DatabaseOutage;
  /** Queues the AVIF copy of scenes that have none yet (jobs/avifTilesJob.ts); absent when AVIF_TILES=false. */
  avifTiles?: { wake(): void };
  /** The open pages following changes (GET /api/changes); absent in one-shot commands. */
  changeStreams?: ChangeStreams;
}
