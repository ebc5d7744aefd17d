// Documentation of a site: a tree of folders ("directories") and files, filled from uploaded ZIP archives.
//
// An upload MERGES into the existing tree: a folder of the same path reuses the existing directory, and a file of
// the same name in the same folder replaces the earlier one (same id, new URL); everything else is kept.
// The upload is all-or-nothing: every entry is checked and written to a staging folder first; the blobs are moved
// into place and the rows written in one transaction only when the whole archive was read without a problem.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import type { DB } from '../db/database.ts';
import type { BlobStore, Staging } from '../storage/blobStore.ts';
import type { Config } from '../config.ts';
import type { DocumentDirectory, DocumentFile } from '../../contract/api.ts';
import { Invalid, NotFound, TooLarge } from './errors.ts';
import { requireSite } from './floors.ts';
import { lockSite } from '../db/transactions.ts';
import { ZipArchive, fmtBytes, type ZipEntry, type ZipLimits } from './ingest/zipReader.ts';
import { storableName } from '../../contract/storableName.ts';

const ROOT_NAME = 'root';
export const MESSAGES = {
  noFile: 'Please select a file before submitting.',
  notZip: 'Please select a ZIP file.',
  empty: 'The ZIP file holds no documents.',
} as const;
const MAX_ENTRIES = 10_000;
export const tooLargeMessage = (limit: number) =>
  `The ZIP file is larger than the upload limit of ${fmtBytes(limit)}; split the documents into smaller archives.`;
const MAX_DEPTH = 32;
/** A name quoted in a message, cut short: a message repeats no kilobytes of input. */
const clip = (name: string) => (name.length > 80 ? `${name.slice(0, 40)}...${name.slice(-37)}` : name);
const MAX_NAME = 255;

/** The root directory of a site has a fixed id, so it can be answered before anything was uploaded. */
const rootId = (site: string) => `root-${site}`;

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
// bombs) are the scene ingest's, in ingest/zipReader.ts; this adds a bound on the number of entries and on nesting.

/** Entries left out: folders of macOS resource forks and desktop clutter. */
const isJunk = (segments: string[]) =>
  segments.includes('__MACOSX') || ['.DS_Store', 'Thumbs.db', 'desktop.ini'].includes(segments[segments.length - 1]);

/**
 * A file-system- and URL-safe blob name for a document, keeping its extension so a download keeps its name.
 * What is shown inline and what is an attachment is decided when serving, from an allow-list (http/servedFiles.ts).
 */
function blobName(name: string): string {
  return (
    name
      .normalize('NFKD')
      .replace(/[^A-Za-z0-9._-]+/g, '_')
      .replace(/^[._]+/, '')
      .replace(/\.+$/, '')
      .slice(-120) || 'file'
  );
}

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

interface StagedFile {
  id: string;
  dirPath: string;
  name: string;
  key: string;
}

/** Checks every entry, then writes the files into staging; refuses the whole archive at the first problem. */
async function unpackToStaging(
  zipPath: string,
  staging: Staging,
  site: string,
  limits: ZipLimits,
): Promise<{ dirs: Set<string>; files: StagedFile[] }> {
  if (!(await hasZipSignature(zipPath))) throw new Invalid(MESSAGES.notZip);
  const zip = await ZipArchive.open(zipPath, { ...limits, maxEntries: MAX_ENTRIES });
  const refuse = (why: string) => new Invalid(`This ZIP file cannot be used: ${why}. Nothing was changed.`);
  const dirs = new Set<string>();
  const files = new Map<string, StagedFile>();
  try {
    if (zip.entries.length > MAX_ENTRIES)
      throw refuse(`it holds ${zip.entries.length} entries, more than the ${MAX_ENTRIES} allowed`);
    const plan: { entry: ZipEntry; file: StagedFile }[] = [];
    for (const entry of zip.entries) {
      // Stored names in one spelling without bidi controls ("\u202Etxt.exe" would show as "exe.txt").
      const segments = entry.name
        .split('/')
        .map(storableName)
        // '..' only once normalised (the zip's own names were checked): a name, never a way up; left out like '.'.
        .filter((s) => s !== '' && s !== '.' && s !== '..');
      if (!segments.length || isJunk(segments)) continue;
      if (segments.length > MAX_DEPTH)
        throw refuse(`"${clip(entry.name)}" is nested more than ${MAX_DEPTH} folders deep`);
      if (segments.some((s) => s.length > MAX_NAME))
        throw refuse(`"${clip(entry.name)}" has a name longer than ${MAX_NAME} characters`);
      const folderSegs = entry.isDirectory ? segments : segments.slice(0, -1);
      for (let i = 1; i <= folderSegs.length; i++) dirs.add(folderSegs.slice(0, i).join('/'));
      if (entry.isDirectory) continue;
      const name = segments[segments.length - 1];
      const dirPath = folderSegs.join('/');
      const id = randomUUID();
      const file = { id, dirPath, name, key: `docs/${site}/${id}/${blobName(name)}` };
      // A later entry of the same path replaces an earlier one.
      files.set(`${dirPath}/${name}`, file);
      plan.push({ entry, file });
    }
    const kept = new Set(files.values());
    for (const { entry, file } of plan) if (kept.has(file)) await zip.extractTo(entry, staging.pathFor(file.key));
  } finally {
    zip.close();
  }
  return { dirs, files: [...files.values()] };
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
  let replacedUrls: string[] = [];
  const counts = { directories: 0, files: 0 };
  try {
    const zipPath = staging.pathFor('upload.zip');
    let tooLarge = false;
    try {
      await pipeline(upload.stream, fs.createWriteStream(zipPath));
    } catch (e) {
      if ((e as { code?: unknown } | null)?.code !== 'FST_REQ_FILE_TOO_LARGE') throw e;
      tooLarge = true;
    }
    if (tooLarge || upload.truncated()) throw new TooLarge(tooLargeMessage(config.maxUploadBytes));
    const { dirs, files } = await unpackToStaging(zipPath, staging, site, {
      maxUncompressedBytes: config.maxUncompressedBytes,
      maxCompressionRatio: config.maxCompressionRatio,
    });
    if (!files.length && !dirs.size) throw new Invalid(MESSAGES.empty);
    await staging.commit(files.map((f) => path.posix.dirname(f.key)));
    await db.transaction().execute(async (trx) => {
      // Uploads to one site take turns: each reads the tree, then adds what it lacks (no duplicate folders).
      await lockSite(trx, site);
      await trx
        .insertInto('directories')
        .values({ id: rootId(site), site, name: ROOT_NAME, parent: null })
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
      const existing = await trx
        .selectFrom('directories')
        .select(['id', 'name', 'parent'])
        .where('site', '=', site)
        .execute();
      const byId = new Map(existing.map((d) => [d.id, d]));
      const pathOf = (id: string): string => {
        const parts: string[] = [];
        for (let d = byId.get(id); d && d.parent !== null && parts.length < 1000; d = byId.get(d.parent))
          parts.unshift(d.name);
        return parts.join('/');
      };
      const idByPath = new Map<string, string>([['', rootId(site)]]);
      for (const d of existing)
        if (d.id !== rootId(site)) {
          const p = pathOf(d.id);
          if (!idByPath.has(p)) idByPath.set(p, d.id);
        }
      for (const p of [...dirs].sort((a, b) => a.split('/').length - b.split('/').length || a.localeCompare(b))) {
        if (idByPath.has(p)) continue;
        const id = randomUUID();
        const parentPath = p.includes('/') ? p.slice(0, p.lastIndexOf('/')) : '';
        await trx
          .insertInto('directories')
          .values({ id, site, name: p.split('/').pop()!, parent: idByPath.get(parentPath)! })
          .execute();
        idByPath.set(p, id);
        counts.directories++;
      }
      for (const f of files) {
        const dirId = idByPath.get(f.dirPath)!;
        const url = blobs.url(f.key);
        const old = await trx
          .selectFrom('files')
          .select(['id', 'url'])
          .where('directory_id', '=', dirId)
          .where('name', '=', f.name)
          .executeTakeFirst();
        if (old) {
          await trx.updateTable('files').set({ url }).where('id', '=', old.id).execute();
          replacedUrls.push(old.url);
        } else {
          await trx.insertInto('files').values({ id: f.id, site, directory_id: dirId, name: f.name, url }).execute();
        }
        counts.files++;
      }
    });
  } catch (err) {
    upload.stream.resume();
    await staging.rollback();
    replacedUrls = [];
    throw err;
  }
  await staging.discard();
  // Replaced documents are removed once the new ones are in place.
  for (const url of replacedUrls) {
    const key = blobs.keyOfUrl(url);
    if (key?.startsWith('docs/')) await blobs.remove(path.posix.dirname(key)).catch(() => undefined);
  }
  return { root: await rootDirectory(db, site), ...counts };
}
