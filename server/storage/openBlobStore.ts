// Which blob store this process uses: S3 when S3_BUCKET is set (config.s3), the local media folder otherwise.
import type { BlobStore } from './blobStore.ts';
import { FolderBlobStore } from './folderBlobStore.ts';
import { S3BlobStore } from './s3BlobStore.ts';
import type { PendingLedger } from './pendingBlobs.ts';
import type { S3Settings } from './s3Settings.ts';

export function openBlobStore(config: { dataDir: string; s3?: S3Settings }, ledger?: PendingLedger): BlobStore {
  return config.s3 ? new S3BlobStore(config.dataDir, config.s3, ledger) : new FolderBlobStore(config.dataDir, ledger);
}
