// What a documentation archive adds, worked out from its entry names alone (no I/O): the folders it implies and the
// files it holds, each checked against the bounds of one upload. The bounds keep the work of an upload (and of the
// site's later listings) proportional to a size we chose: 10,000 entries, 10,000 folders, 32 levels.
import { randomUUID } from 'node:crypto';
import { Invalid } from './errors.ts';
import { storableName } from '../../contract/storableName.ts';
import { baseLetters } from '../../contract/baseLetters.ts';

export const DOC_LIMITS = { entries: 10_000, folders: 10_000, depth: 32, nameChars: 255 } as const;

export interface PlannedFile {
  id: string;
  /** Folder path inside the archive ('' for the top level), segments joined by '/'. */
  dirPath: string;
  name: string;
  /** Blob key of the stored file. */
  key: string;
}

export interface DocumentPlan {
  /** Every folder path the archive names or implies, parents before children. */
  dirs: string[];
  files: PlannedFile[];
  /** Which entry (by index) becomes which planned file: a later entry of the same path replaces an earlier one. */
  extract: { index: number; file: PlannedFile }[];
}

/** A name quoted in a message, cut short: a message repeats no kilobytes of input. */
const clip = (name: string) => (name.length > 80 ? `${name.slice(0, 40)}...${name.slice(-37)}` : name);

/** Entries left out: folders of macOS resource forks and desktop clutter. */
const isJunk = (segments: string[]) =>
  segments.includes('__MACOSX') || ['.DS_Store', 'Thumbs.db', 'desktop.ini'].includes(segments[segments.length - 1]);

/**
 * A file-system- and URL-safe blob name for a document, keeping its extension so a download keeps its name.
 * What is shown inline and what is an attachment is decided when serving, from an allow-list (http/servedFiles.ts).
 */
function blobName(name: string): string {
  return (
    baseLetters(name)
      .replace(/[^A-Za-z0-9._-]+/g, '_')
      .replace(/^[._]+/, '')
      .replace(/\.+$/, '')
      .slice(-120) || 'file'
  );
}

export const refuseArchive = (why: string) => new Invalid(`This ZIP file cannot be used: ${why}. Nothing was changed.`);

/** Plans the upload of `entries` (names and kinds, in archive order) to `site`; refuses it at the first problem. */
export function planDocuments(entries: readonly { name: string; isDirectory: boolean }[], site: string): DocumentPlan {
  const L = DOC_LIMITS;
  if (entries.length > L.entries)
    throw refuseArchive(`it holds ${entries.length} entries, more than the ${L.entries} allowed`);
  const dirs = new Set<string>();
  const files = new Map<string, PlannedFile>();
  const extract: DocumentPlan['extract'] = [];
  entries.forEach((entry, index) => {
    // Stored names in one spelling without bidi controls ("\u202Etxt.exe" would show as "exe.txt"); '..' only once
    // normalised (the zip's own names were checked): a name, never a way up, left out like '.'.
    const segments = entry.name
      .split('/')
      .map(storableName)
      .filter((s) => s !== '' && s !== '.' && s !== '..');
    if (!segments.length || isJunk(segments)) return;
    if (segments.length > L.depth)
      throw refuseArchive(`"${clip(entry.name)}" is nested more than ${L.depth} folders deep`);
    if (segments.some((s) => s.length > L.nameChars))
      throw refuseArchive(`"${clip(entry.name)}" has a name longer than ${L.nameChars} characters`);
    const folderSegs = entry.isDirectory ? segments : segments.slice(0, -1);
    for (let i = 1; i <= folderSegs.length; i++) dirs.add(folderSegs.slice(0, i).join('/'));
    // Counted as they come, so an archive of deep chains is refused before its folders are all listed.
    if (dirs.size > L.folders)
      throw refuseArchive(
        `its files are in more than ${L.folders.toLocaleString('en')} folders; put them in fewer folders, or split the archive`,
      );
    if (entry.isDirectory) return;
    const name = segments[segments.length - 1];
    const dirPath = folderSegs.join('/');
    const id = randomUUID();
    const file = { id, dirPath, name, key: `docs/${site}/${id}/${blobName(name)}` };
    files.set(`${dirPath}/${name}`, file);
    extract.push({ index, file });
  });
  const kept = new Set(files.values());
  const depth = (p: string) => p.split('/').length;
  return {
    dirs: [...dirs].sort((a, b) => depth(a) - depth(b) || (a < b ? -1 : a > b ? 1 : 0)),
    files: [...kept],
    extract: extract.filter((x) => kept.has(x.file)),
  };
}
