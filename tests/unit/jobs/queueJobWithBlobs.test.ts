// An upload whose job the queue refuses keeps nothing: neither its blobs nor a row that would say "queued" forever.
import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import type { AppContext } from '../../../server/context';
import { queueJobWithBlobs } from '../../../server/jobs/jobAttempt';
import { PgBossQueue } from '../../../server/jobs/pgBossQueue';
import { FolderBlobStore } from '../../../server/storage/folderBlobStore';
import { tempDatabasePerTest } from './tempDatabase';

const database = tempDatabasePerTest();

it('forgets the job and its blobs when the queue refuses it', async () => {
  const dir = fs.mkdtempSync(path.join(process.env.TMPDIR ?? '/tmp', 'survey-enqueue-'));
  const blobs = new FolderBlobStore(dir);
  // A real pg-boss queue never started (its database unreachable): sending to it fails.
  const jobs = new PgBossQueue('postgres://127.0.0.1:1/none', { expireSeconds: 60, retryLimit: 2 }, () => {});
  const ctx = { db: database(), blobs, jobs } as unknown as AppContext & { jobs: PgBossQueue };
  const file = path.join(dir, 'upload.zip');
  fs.writeFileSync(file, 'zip');
  try {
    await expect(
      queueJobWithBlobs(ctx, 'ingest', 'site', [{ file, key: 'incoming/u1/upload.zip' }], (urls) => ({ urls })),
    ).rejects.toThrow();
    expect(await database().selectFrom('jobs').selectAll().execute()).toEqual([]);
    expect(fs.existsSync(blobs.pathOf('incoming/u1/upload.zip'))).toBe(false);
  } finally {
    blobs.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
