// Documentation of a site: a tree of folders ("directories") and files, filled from uploaded ZIP archives.
//
// An upload MERGES into the existing tree: a folder of the same path reuses the existing directory, and a file of
// the same name in the same folder replaces the earlier one (same id, new URL); everything else is kept.
// The upload is all-or-nothing: every entry is checked and written to a staging folder first; the blobs are moved
// into place and the rows written in one transaction only when the whole archive was read without a problem.
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { DB } from '../db/database.ts';
import type { BlobStore, Staging } from '../storage/blobStore.ts';
import type { Config } from '../config.ts';
import type { DocumentDirectory, DocumentFile } from '../../contract/api.ts';
import { Invalid, NotFound, TooLarge } from './errors.ts';
import { requireSite } from './floors.ts';
import { lockSite } from '../db/transactions.ts';
import { ZipArchive, fmtBytes, type ZipLimits } from './ingest/zipReader.ts';
import { DOC_LIMITS, planDocuments, type DocumentPlan } from './documentPlan.ts';
import { mergeDocumentRows, type MergedRows } from './documentRows.ts';
import { streamToFile } from '../storage/streamToFile.ts';
import { recordBy, type AuditBy } from './audit/audit.ts';

export const ROOT_NAME = 'root';
export const MESSAGES = {
  noFile: 'Please select a file before submitting.',
  notZip: 'Please select a ZIP file.',
  empty: 'The ZIP file holds no documents.',
} as const;
export const tooLargeMessage = (limit: number) =>
  `The ZIP file is larger than the upload limit of ${fmtBytes(limit)}; split the documents into smaller archives.`;

/** The root directory of a site has a fixed id, so it can be answered before anything was uploaded. */
export const rootId = (site: string) => `root-${site}`;

// ---------- reading ----------

async function describeDirectory(
  db: DB,
  row: { id: string; name: string; parent: string | null },
): Promise<DocumentDirectory> {
  const [subs, files] = await Promise.all([
    db.selectFrom('directories').select('id').where('parent', '=', row.id).orderBy('name').orderBy('id').execute(),
    db.selectFrom('files').select('id').where('directory_id', '=', row.id).orderBy('name').orderBy('id').execute(),
  ]);
  return {
    _id: row.id,
    name: row.name,
    parent: row.parent,
    subdirectories: subs.map((s) => s.id),
    files: files.map((f) => f.id),
  };
}

const emptyRoot = (site: string): DocumentDirectory => ({
  _id: rootId(site),
  name: ROOT_NAME,
  parent: null,
  subdirectories: [],
  files: [],
});

export async function rootDirectory(db: DB, site: string): Promise<DocumentDirectory> {
  await requireSite(db, site);
  const row = await db
    .selectFrom('directories')
    .select(['id', 'name', 'parent'])
    .where('id', '=', rootId(site))
    .executeTakeFirst();
  return row ? describeDirectory(db, row) : emptyRoot(site);
}

/** A directory of the site by name; when several folders share the name, the one nearest the root (then by id). */
export async function directoryByName(db: DB, site: string, name: string): Promise<DocumentDirectory> {
  await requireSite(db, site);
  if (name === ROOT_NAME) return rootDirectory(db, site);
  const rows = await db
    .selectFrom('directories')
    .select(['id', 'name', 'parent'])
    .where('site', '=', site)
    .where('name', '=', name)
    .orderBy('id')
    .execute();
  if (!rows.length) throw new NotFound(`There is no folder named "${name}" in the documentation of this site.`);
  if (rows.length === 1) return describeDirectory(db, rows[0]);
  const all = await db.selectFrom('directories').select(['id', 'parent']).where('site', '=', site).execute();
  const parentOf = new Map(all.map((d) => [d.id, d.parent]));
  const depth = (id: string) => {
    let n = 0;
    for (let p = parentOf.get(id); p && n < 1000; p = parentOf.get(p)) n++;
    return n;
  };
  rows.sort((a, b) => depth(a.id) - depth(b.id));
  return describeDirectory(db, rows[0]);
}

/** The site of a folder (the root's id names its site); null when there is none. */
export async function siteOfDirectory(db: DB, id: string): Promise<string | null> {
  const row = await db.selectFrom('directories').select('site').where('id', '=', id).executeTakeFirst();
  return row?.site ?? (id.startsWith('root-') ? id.slice('root-'.length) : null);
}

/** The site of a file; null when there is none. */
export async function siteOfFile(db: DB, id: string): Promise<string | null> {
  return (await db.selectFrom('files').select('site').where('id', '=', id).executeTakeFirst())?.site ?? null;
}

export async function directoryById(db: DB, id: string): Promise<DocumentDirectory> {
  const row = await db
    .selectFrom('directories')
    .select(['id', 'name', 'parent', 'site'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (row) return describeDirectory(db, row);
  if (id.startsWith('root-')) {
    const site = id.slice('root-'.length);
    if (await db.selectFrom('sites').select('id').where('id', '=', site).executeTakeFirst()) return emptyRoot(site);
  }
  throw new NotFound(`There is no folder with id "${id}"; reload the documentation page.`);
}

const toFile = (r: { id: string; name: string; url: string; directory_id: string }): DocumentFile => ({
  _id: r.id,
  name: r.name,
  url: r.url,
  directory: r.directory_id,
});

export async function fileById(db: DB, id: string): Promise<DocumentFile> {
  const row = await db
    .selectFrom('files')
    .select(['id', 'name', 'url', 'directory_id'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw new NotFound(`There is no file with id "${id}"; reload the documentation page.`);
  return toFile(row);
}

export async function siteFiles(db: DB, site: string): Promise<DocumentFile[]> {
  await requireSite(db, site);
  return (
    await db
      .selectFrom('files')
      .select(['id', 'name', 'url', 'directory_id'])
      .where('site', '=', site)
      .orderBy('name')
      .orderBy('id')
      .execute()
  ).map(toFile);
}

// ---------- unpacking ----------
// The safety rules (no absolute paths, no '..', no symbolic links, no encryption, size and ratio limits against zip
// bombs) are the scene ingest's, in ingest/zipReader.ts; documentPlan.ts adds bounds on entries, folders and nesting.

/** Whether the file starts like a zip archive (PK signature). */
async function hasZipSignature(file: string): Promise<boolean> {
  const fh = await fs.promises.open(file, 'r');
  try {
    const head = Buffer.alloc(4);
    const { bytesRead } = await fh.read(head, 0, 4, 0);
    return bytesRead === 4 && head[0] === 0x50 && head[1] === 0x4b && [0x0304, 0x0506].includes(head.readUInt16BE(2));
  } finally {
    await fh.close();
  }
}

/** Checks every entry, then writes the files into staging; refuses the whole archive at the first problem. */
async function unpackToStaging(
  zipPath: string,
  staging: Staging,
  site: string,
  limits: ZipLimits,
): Promise<DocumentPlan> {
  if (!(await hasZipSignature(zipPath))) throw new Invalid(MESSAGES.notZip);
  const zip = await ZipArchive.open(zipPath, { ...limits, maxEntries: DOC_LIMITS.entries });
  try {
    const plan = planDocuments(zip.entries, site);
    for (const { index, file } of plan.extract) await zip.extractTo(zip.entries[index], staging.pathFor(file.key));
    return plan;
  } finally {
    zip.close();
  }
}

// ---------- uploading ----------

export interface UploadedZip {
  filename: string;
  mimetype: string;
  stream: Readable;
  truncated: () => boolean;
}
const ZIP_TYPES = new Set(['application/zip', 'application/x-zip-compressed', 'application/x-zip', 'multipart/x-zip']);
const looksLikeZip = (f: { filename: string; mimetype: string }) =>
  ZIP_TYPES.has(f.mimetype) || /\.zip$/i.test(f.filename);

export interface DocumentUploadResult {
  root: DocumentDirectory;
  directories: number;
  files: number;
}

/** Unpacks a documentation archive into the site's tree (merging, see the top of this file). */
export async function uploadDocumentation(
  db: DB,
  blobs: BlobStore,
  config: Pick<Config, 'maxUncompressedBytes' | 'maxCompressionRatio' | 'maxUploadBytes'>,
  site: string,
  upload: UploadedZip,
  by?: AuditBy,
): Promise<DocumentUploadResult> {
  if (!looksLikeZip(upload)) {
    upload.stream.resume();
    throw new Invalid(MESSAGES.notZip);
  }
  try {
    await requireSite(db, site);
  } catch (e) {
    upload.stream.resume();
    throw e;
  }
  const staging = await blobs.stage();
  let merged: MergedRows = { directories: 0, files: 0, replacedUrls: [] };
  try {
    const zipPath = staging.pathFor('upload.zip');
    let tooLarge = false;
    try {
      await streamToFile(zipPath, upload.stream);
    } catch (e) {
      if ((e as { code?: unknown } | null)?.code !== 'FST_REQ_FILE_TOO_LARGE') throw e;
      tooLarge = true;
    }
    if (tooLarge || upload.truncated()) throw new TooLarge(tooLargeMessage(config.maxUploadBytes));
    const plan = await unpackToStaging(zipPath, staging, site, {
      maxUncompressedBytes: config.maxUncompressedBytes,
      maxCompressionRatio: config.maxCompressionRatio,
    });
    if (!plan.files.length && !plan.dirs.length) throw new Invalid(MESSAGES.empty);
    await staging.commit(plan.files.map((f) => path.posix.dirname(f.key)));
    await db.transaction().execute(async (trx) => {
      // Uploads to one site take turns: each reads the tree, then adds what it lacks (no duplicate folders).
      await lockSite(trx, site);
      await trx
        .insertInto('directories')
        .values({ id: rootId(site), site, name: ROOT_NAME, parent: null })
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
      merged = await mergeDocumentRows(trx, site, rootId(site), plan, (key) => blobs.url(key));
      await recordBy(trx, by, {
        site,
        action: 'documents.upload',
        target: `documentation "${upload.filename}"`,
        detail: { folders: merged.directories, files: merged.files, replaced: merged.replacedUrls.length },
      });
    });
  } catch (err) {
    upload.stream.resume();
    await staging.rollback();
    throw err;
  }
  await staging.discard();
  // Replaced documents are removed once the new ones are in place.
  for (const url of merged.replacedUrls) {
    const key = blobs.keyOfUrl(url);
    if (key?.startsWith('docs/')) await blobs.remove(path.posix.dirname(key)).catch(() => undefined);
  }
  return { root: await rootDirectory(db, site), directories: merged.directories, files: merged.files };
}
