// npm run blobs:migrate: moves a folder install's blobs (DATA_DIR/media) to the bucket the S3_* settings name and
// rewrites the links in the database (storage/migrateBlobs.ts). Run it with the instances stopped: a running server
// writes too (uploads, and the AVIF copies of tiles, AVIF_TILES), and what it writes after the listing is left behind
// (a viewer then falls back to the JPEG of a missing copy). Run it again after an interruption: it resumes. Then start
// the instances with the S3_* settings.
import { readConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { FolderBlobStore } from '../storage/folderBlobStore.ts';
import { S3BlobStore } from '../storage/s3BlobStore.ts';
import { migrateBlobs } from '../storage/migrateBlobs.ts';

const config = readConfig();
if (!config.s3) {
  console.error(
    'Set S3_BUCKET, S3_PUBLIC_URL and the other S3_* settings of the target bucket (see deploy/README.md), and DATA_DIR/DATABASE_URL of the install to move.',
  );
  process.exit(2);
}
const db = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl, poolSize: 2 });
const from = new FolderBlobStore(config.dataDir);
const to = new S3BlobStore(config.dataDir, config.s3);
let shown = 0;
try {
  const result = await migrateBlobs(db, from, to, (p) => {
    if (Date.now() - shown < 2000) return;
    shown = Date.now();
    console.error(`${p.copied + p.skipped} of ${p.total} blobs (${p.copied} copied, ${p.skipped} already there)`);
  });
  console.error(
    `Done: ${result.copied} blob(s) copied, ${result.skipped} already in the bucket, ${result.rowsRewritten} row(s) now link to ${config.s3.publicUrl}/.`,
  );
  console.error(
    `The folder ${from.mediaDir} was left as it was: remove it once the instances run with the S3_* settings.`,
  );
} catch (e) {
  console.error(`Stopped: ${(e as Error).message}. Run the command again to resume.`);
  process.exitCode = 1;
} finally {
  from.close();
  to.close();
  await db.destroy();
}
