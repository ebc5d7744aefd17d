// npm run blobs:sweep: the start-up sweep on demand (staging of dead processes, blobs no row points to), against
// the configured database and blob store (DATA_DIR or S3_*). Safe beside running instances (see services/sweep.ts).
import { readConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { openBlobStore } from '../storage/openBlobStore.ts';
import { pendingLedger } from '../storage/pendingBlobs.ts';
import { sweep } from '../services/sweep.ts';

const config = readConfig();
const db = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl, poolSize: 2 });
const blobs = openBlobStore(config, pendingLedger(db));
try {
  const result = await sweep(db, blobs);
  for (const unit of result.blobsRemoved) console.log(`removed ${unit}`);
  console.error(
    `Swept: ${result.blobsRemoved.length} unreferenced blob unit(s) removed, ${result.stagingRemoved.length} dead staging folder(s), ${result.pendingCleared} stale pending record(s).`,
  );
} catch (e) {
  console.error(e);
  process.exitCode = 1;
} finally {
  blobs.close();
  await db.destroy();
}
