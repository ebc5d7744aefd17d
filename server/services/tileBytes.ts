// What a scene's tiles and preview weigh as stored (survey_nodes.tile_bytes, migration 0020): measured from the
// staged files at ingest, raised by the AVIF job when it announces its copy, and measured once from the blob store for
// scenes stored before the column existed. The survey manager adds a survey's scenes up (managedSurveys.ts), so a
// replace, deletion or move of scenes is right without any bookkeeping of its own.
import fsp from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import type { DB } from '../db/database.ts';
import { inTransaction } from '../db/transactions.ts';
import type { BlobStore } from '../storage/blobStore.ts';
import type { TileCopyBytes } from '../../contract/api.ts';
import { inBatches, sceneBytes } from './offlineSizes.ts';

/** Bytes of every file below a local folder (an upload's staged scene). */
export async function folderBytes(dir: string): Promise<number> {
  let total = 0;
  for (const e of await fsp.readdir(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) total += await folderBytes(p);
    else if (e.isFile()) total += (await fsp.stat(p)).size;
  }
  return total;
}

const copyTotal = (c: TileCopyBytes | undefined) => (c ? c.preview + c.levels.reduce((a, b) => a + b, 0) : 0);

/** A stored bigint as a number (PostgreSQL hands bigint out as text); null stays null. */
export const bytesOf = (v: number | string | null): number | null => (v === null ? null : Number(v));

/** Scenes measured at once: a bucket lists one request per 1,000 keys. */
const PARALLEL = 4;

/**
 * Measures every scene whose size is unknown from the store's listing (no file is opened) and writes them all in one
 * transaction: a start that stops half way wrote nothing and the next one measures again. Only the announced copies
 * count (an AVIF copy half made by a run that died is not the scene's yet). A row whose format changed meanwhile
 * (the AVIF job announced its copy) is left unmeasured for the next start. Returns how many scenes it wrote.
 */
export async function measureUnsizedScenes(db: DB, blobs: BlobStore): Promise<number> {
  const rows = await db
    .selectFrom('survey_nodes')
    .select(['tiles_id', 'tile_format'])
    .where('tile_bytes', 'is', null)
    .execute();
  if (!rows.length) return 0;
  const measured = await inBatches(rows, PARALLEL, async (r) => {
    const copies = await sceneBytes(blobs, r.tiles_id);
    return { ...r, bytes: copyTotal(copies.jpg) + (r.tile_format === 'avif' ? copyTotal(copies.avif) : 0) };
  });
  return inTransaction(db, async (trx) => {
    let written = 0;
    for (const m of measured) {
      const res = await trx
        .updateTable('survey_nodes')
        .set({ tile_bytes: m.bytes })
        .where('tiles_id', '=', m.tiles_id)
        .where('tile_format', '=', m.tile_format)
        .where('tile_bytes', 'is', null)
        .executeTakeFirst();
      written += Number(res.numUpdatedRows);
    }
    return written;
  });
}

/** The SQL that adds `bytes` to a scene's size (null stays null: the start-up measure counts it whole). */
export const plusBytes = (bytes: number) => sql<number>`tile_bytes + ${bytes}`;
