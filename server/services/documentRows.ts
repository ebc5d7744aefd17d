// The rows of a documentation upload, merged into the site's tree inside the caller's transaction. The work is
// proportional to the upload, not to the site: only the folders on the upload's own paths are looked up (level by
// level, in batched statements), and rows are written many to a statement, the event loop getting turns between.
import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { inRounds } from '../db/batches.ts';
import type { DocumentPlan } from './documentPlan.ts';

export interface MergedRows {
  directories: number;
  files: number;
  /** URLs of documents replaced by a file of the same name in the same folder (their blobs go after commit). */
  replacedUrls: string[];
}

const parentPath = (p: string) => (p.includes('/') ? p.slice(0, p.lastIndexOf('/')) : '');
const leaf = (p: string) => p.slice(p.lastIndexOf('/') + 1);
const pairKey = (parent: string, name: string) => `${parent}\u0000${name}`;

/**
 * The id of every folder path of the plan: existing folders are reused (when several share a parent and name, the
 * first by id), the others are made. Returns the ids and the rows of the new folders, parents first.
 */
async function resolveFolders(trx: Transaction<Database>, site: string, rootId: string, dirs: readonly string[]) {
  const idByPath = new Map<string, string>([['', rootId]]);
  const existed = new Set<string>(['']);
  const created: { id: string; site: string; name: string; parent: string }[] = [];
  const byDepth = new Map<number, string[]>();
  for (const p of dirs) {
    const d = p.split('/').length;
    const list = byDepth.get(d) ?? [];
    list.push(p);
    byDepth.set(d, list);
  }
  for (const level of [...byDepth.keys()].sort((a, b) => a - b)) {
    const paths = byDepth.get(level)!;
    // Only a folder whose parent existed before can exist already.
    const lookup = paths.filter((p) => existed.has(parentPath(p)));
    const found = new Map<string, string>();
    await inRounds(lookup, async (slice) => {
      const rows = await trx
        .selectFrom('directories')
        .select(['id', 'name', 'parent'])
        .where('site', '=', site)
        .where('parent', 'in', [...new Set(slice.map((p) => idByPath.get(parentPath(p))!))])
        .where('name', 'in', [...new Set(slice.map(leaf))])
        .orderBy('id')
        .execute();
      for (const r of rows) if (!found.has(pairKey(r.parent!, r.name))) found.set(pairKey(r.parent!, r.name), r.id);
    });
    for (const p of paths) {
      const parent = idByPath.get(parentPath(p))!;
      const id = found.get(pairKey(parent, leaf(p)));
      if (id) {
        idByPath.set(p, id);
        existed.add(p);
      } else {
        const row = { id: randomUUID(), site, name: leaf(p), parent };
        created.push(row);
        idByPath.set(p, row.id);
      }
    }
  }
  return { idByPath, existed, created };
}

/** Merges the plan into the site's tree (the root folder must exist); `urlOf` is the public URL of a blob key. */
export async function mergeDocumentRows(
  trx: Transaction<Database>,
  site: string,
  rootId: string,
  plan: DocumentPlan,
  urlOf: (key: string) => string,
): Promise<MergedRows> {
  const { idByPath, existed, created } = await resolveFolders(trx, site, rootId, plan.dirs);
  await inRounds(created, (rows) => trx.insertInto('directories').values(rows).execute());

  // A file can replace another only in a folder that existed before.
  const old = new Map<string, { id: string; url: string }>();
  const inOldFolders = plan.files.filter((f) => existed.has(f.dirPath));
  await inRounds(inOldFolders, async (slice) => {
    const rows = await trx
      .selectFrom('files')
      .select(['id', 'url', 'directory_id', 'name'])
      .where('directory_id', 'in', [...new Set(slice.map((f) => idByPath.get(f.dirPath)!))])
      .where('name', 'in', [...new Set(slice.map((f) => f.name))])
      .orderBy('id')
      .execute();
    for (const r of rows) if (!old.has(pairKey(r.directory_id, r.name))) old.set(pairKey(r.directory_id, r.name), r);
  });
  const replacedUrls: string[] = [];
  const rows: { id: string; site: string; directory_id: string; name: string; url: string }[] = [];
  const replaced: string[] = [];
  for (const f of plan.files) {
    const directory_id = idByPath.get(f.dirPath)!;
    const before = old.get(pairKey(directory_id, f.name));
    if (before) {
      replaced.push(before.id);
      replacedUrls.push(before.url);
    }
    // A replaced file keeps its id (links to it stay good) and gets the new URL.
    rows.push({ id: before?.id ?? f.id, site, directory_id, name: f.name, url: urlOf(f.key) });
  }
  // Replaced rows go and come back in batches: one statement per 500 rather than one update per file.
  await inRounds(replaced, (ids) => trx.deleteFrom('files').where('id', 'in', ids).execute());
  await inRounds(rows, (slice) => trx.insertInto('files').values(slice).execute());
  return { directories: created.length, files: plan.files.length, replacedUrls };
}
