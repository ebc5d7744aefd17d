// What a test compares before and after a refused write: every table's row count and every stored file.
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import type { AppContext } from '../../../server/context.ts';
import { ownTables } from '../../../server/db/ownTables.ts';

/** Row count of every table of the database (found by introspection, so new tables are included). */
export async function tableCounts(ctx: AppContext): Promise<Record<string, number>> {
  const tables = await ownTables(ctx.db);
  const out: Record<string, number> = {};
  for (const t of tables.map((t) => t.name).sort()) {
    const { rows } = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(t)}`.execute(ctx.db);
    out[t] = Number(rows[0].n);
  }
  return out;
}

/** Every file below `dir`, relative, sorted ('/' separators). */
export function listFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    if (!fs.existsSync(d)) return;
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else out.push(path.relative(dir, p).split(path.sep).join('/'));
    }
  };
  walk(dir);
  return out.sort();
}

/** Every key of the blob store (the media folder or the bucket), sorted. */
export async function storedKeys(ctx: Pick<AppContext, 'blobs'>): Promise<string[]> {
  const keys: string[] = [];
  for await (const b of ctx.blobs.list()) keys.push(b.key);
  return keys.sort();
}

/** Blobs of the store (what browsers read) and files of the staging folder (what an upload left behind). */
export async function blobFiles(ctx: AppContext): Promise<{ media: string[]; staging: string[] }> {
  return { media: await storedKeys(ctx), staging: listFiles(ctx.blobs.stagingDir) };
}

export interface StateSnapshot {
  tables: Record<string, number>;
  media: string[];
  staging: string[];
}

/** Row counts of every table plus the media and staging file lists: compare before and after with toEqual. */
export async function snapshotState(ctx: AppContext): Promise<StateSnapshot> {
  return { tables: await tableCounts(ctx), ...(await blobFiles(ctx)) };
}
