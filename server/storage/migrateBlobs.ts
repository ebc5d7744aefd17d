// From the local folder to a bucket: copy every blob of DATA_DIR/media under the same key (objects already there with
// the same size are skipped, so a run that was interrupted resumes where it stopped), then rewrite the /media/ links in
// every text column of the app's tables to the bucket's public address. Copy first, links after: no row ever points
// to an object that is not there yet. The folder is left as it was (remove it once the bucket serves everything).
import { sql } from 'kysely';
import type { DB } from '../db/database.ts';
import { ownTables } from '../db/ownTables.ts';
import { MEDIA_PREFIX } from './blobStore.ts';
import type { FolderBlobStore } from './folderBlobStore.ts';
import type { S3BlobStore } from './s3BlobStore.ts';

export interface MigrateProgress {
  copied: number;
  skipped: number;
  total: number;
}
export interface MigrateResult extends MigrateProgress {
  rowsRewritten: number;
}

const PARALLEL = 8;
/** "/media/" as a link of ours: not inside another site's address (https://host/media/…). */
const OWN_LINK = /(?<![\w.~%:/-])\/media\//g;

/** The links of `text` moved to the bucket's public address (`publicUrl`, no trailing slash). */
export function rewriteLinks(text: string, publicUrl: string): string {
  return text.replace(OWN_LINK, `${publicUrl}/`);
}

export async function migrateBlobs(
  db: DB,
  from: FolderBlobStore,
  to: S3BlobStore,
  onProgress?: (p: MigrateProgress) => void,
): Promise<MigrateResult> {
  const inBucket = new Map<string, number>();
  for await (const o of to.list()) inBucket.set(o.key, o.size);
  const todo: { key: string; size: number }[] = [];
  for await (const b of from.list()) todo.push({ key: b.key, size: b.size });
  const progress: MigrateProgress = { copied: 0, skipped: 0, total: todo.length };
  let next = 0;
  let failed = false;
  const worker = async () => {
    try {
      while (!failed && next < todo.length) {
        const { key, size } = todo[next++];
        if (inBucket.get(key) === size) progress.skipped++;
        else {
          await to.uploadFile(from.pathOf(key), key);
          progress.copied++;
        }
        onProgress?.(progress);
      }
    } catch (e) {
      failed = true; // the others stop at their next object; a new run resumes
      throw e;
    }
  };
  const results = await Promise.allSettled(Array.from({ length: PARALLEL }, worker));
  const failure = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failure) throw failure.reason;
  return { ...progress, rowsRewritten: await rewriteRows(db, to.settings.publicUrl) };
}

/** Rewrites every text value holding a /media/ link, value by value (no primary key needed); returns the rows changed. */
async function rewriteRows(db: DB, publicUrl: string): Promise<number> {
  let changed = 0;
  for (const t of await ownTables(db)) {
    if (t.name.startsWith('kysely_')) continue;
    for (const c of t.columns.filter((col) => /text|char/i.test(col.dataType))) {
      const { rows } = await sql<{
        v: string;
      }>`select distinct ${sql.ref(c.name)} as v from ${sql.table(t.name)} where ${sql.ref(c.name)} like ${'%' + MEDIA_PREFIX + '%'}`.execute(
        db,
      );
      for (const { v } of rows) {
        const next = rewriteLinks(v, publicUrl);
        if (next === v) continue;
        const r =
          await sql`update ${sql.table(t.name)} set ${sql.ref(c.name)} = ${next} where ${sql.ref(c.name)} = ${v}`.execute(
            db,
          );
        changed += Number(r.numAffectedRows ?? 0);
      }
    }
  }
  return changed;
}
