// One page of the documentation of a site: a folder's folders then its files, each by name, or a search from it. A
// page costs a few indexed reads whatever the size of the tree, and the documentation page needs one request per page
// (it asked for every folder on its own before, 18,548 requests for a large tree).
import { sql, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { DB } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import type { DocumentListing } from '../../contract/api.ts';
import { NotFound } from './errors.ts';
import { requireSite } from './floors.ts';
import { ROOT_NAME, rootId } from './documents.ts';
import { decodeCursor, encodeCursor, likePattern, searchWords, type ListingCursor } from './documentCursor.ts';

export const LISTING_PAGE = { default: 200, max: 500 } as const;

export interface ListingRequest {
  /** The folder (its id); the root when absent. */
  folder?: string;
  /** Search words: the folder's subfolders and the site's files whose names hold every word. */
  q?: string;
  /** `next` of the page before. */
  after?: string;
  limit?: number;
}

type Named = 'directories' | 'files';

/** Names holding every word (lower case; SQLite lowers ASCII letters only). */
const holdsWords =
  (words: string[]) =>
  <T extends Named>(eb: ExpressionBuilder<Database, T>) =>
    eb.and(words.map((w) => sql<SqlBool>`lower(${sql.ref('name')}) like ${likePattern(w)} escape '\\'`));

/** Entries after the cursor in (name, id) order. */
const afterCursor =
  (c: ListingCursor | null) =>
  <T extends Named>(eb: ExpressionBuilder<Database, T>) =>
    c
      ? eb.or([
          eb(sql.ref('name'), '>', c.name),
          eb.and([eb(sql.ref('name'), '=', c.name), eb(sql.ref('id'), '>', c.id)]),
        ])
      : eb.and([]);

async function folderOf(db: DB, site: string, id: string | undefined): Promise<DocumentListing['folder']> {
  if (!id || id === rootId(site)) return { _id: rootId(site), name: ROOT_NAME, parent: null };
  const row = await db
    .selectFrom('directories')
    .select(['id', 'name', 'parent'])
    .where('id', '=', id)
    .where('site', '=', site)
    .executeTakeFirst();
  if (!row) throw new NotFound(`There is no folder with id "${id}" in this site; reload the documentation page.`);
  return { _id: row.id, name: row.name, parent: row.parent };
}

/** How many folders and files each of `ids` holds. */
async function itemCounts(db: DB, ids: string[]): Promise<Map<string, number>> {
  const counts = new Map(ids.map((id) => [id, 0]));
  if (!ids.length) return counts;
  const [dirs, files] = await Promise.all([
    db
      .selectFrom('directories')
      .select(['parent as id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('parent', 'in', ids)
      .groupBy('parent')
      .execute(),
    db
      .selectFrom('files')
      .select(['directory_id as id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('directory_id', 'in', ids)
      .groupBy('directory_id')
      .execute(),
  ]);
  for (const r of [...dirs, ...files]) if (r.id) counts.set(r.id, (counts.get(r.id) ?? 0) + Number(r.n));
  return counts;
}

export async function documentListing(db: DB, site: string, req: ListingRequest): Promise<DocumentListing> {
  await requireSite(db, site);
  const folder = await folderOf(db, site, req.folder);
  const limit = Math.min(Math.max(1, req.limit ?? LISTING_PAGE.default), LISTING_PAGE.max);
  const words = searchWords(req.q ?? '');
  const cursor = req.after ? decodeCursor(req.after) : null;

  const folders =
    cursor?.kind === 'file'
      ? []
      : await db
          .selectFrom('directories')
          .select(['id', 'name'])
          .where('parent', '=', folder._id)
          .where(holdsWords(words))
          .where(afterCursor(cursor))
          .orderBy('name')
          .orderBy('id')
          .limit(limit + 1)
          .execute();
  if (folders.length > limit) {
    const page = folders.slice(0, limit);
    const last = page[page.length - 1];
    return { folder, folders: await withCounts(db, page), files: [], next: encodeCursor({ kind: 'folder', ...last }) };
  }
  const room = limit - folders.length;
  let files = await db
    .selectFrom('files')
    .select(['id', 'name', 'url', 'directory_id'])
    // A search finds files anywhere in the site; a listing, the folder's own.
    .$if(words.length > 0, (qb) => qb.where('site', '=', site))
    .$if(words.length === 0, (qb) => qb.where('directory_id', '=', folder._id))
    .where(holdsWords(words))
    .where(afterCursor(cursor?.kind === 'file' ? cursor : null))
    .orderBy('name')
    .orderBy('id')
    .limit(room + 1)
    .execute();
  let next: string | null = null;
  if (files.length > room) {
    files = files.slice(0, room);
    const last = files[files.length - 1];
    // A page full of folders ends at its last folder; the files start on the next.
    next = last
      ? encodeCursor({ kind: 'file', name: last.name, id: last.id })
      : encodeCursor({ kind: 'folder', ...folders[folders.length - 1] });
  }
  return {
    folder,
    folders: await withCounts(db, folders),
    files: files.map((f) => ({ _id: f.id, name: f.name, url: f.url, directory: f.directory_id })),
    next,
  };
}

async function withCounts(db: DB, rows: { id: string; name: string }[]): Promise<DocumentListing['folders']> {
  const counts = await itemCounts(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({ _id: r.id, name: r.name, items: counts.get(r.id) ?? 0 }));
}
