// The offline download's progress, as plain data: how many files and bytes are kept of how many. A reload resumes
// it: what Cache Storage already holds counts as done from the start, and only the rest is fetched again.
import type { OfflineFile } from './fileSet';

export interface KeepProgress {
  files: number;
  filesDone: number;
  bytes: number;
  bytesDone: number;
  /** Files that failed every attempt (fetched again by the next pass). */
  failed: number;
}

/** The start of a pass: the files already kept are done. */
export function startProgress(files: readonly OfflineFile[], kept: ReadonlySet<string>): KeepProgress {
  const p: KeepProgress = { files: files.length, filesDone: 0, bytes: 0, bytesDone: 0, failed: 0 };
  for (const f of files) {
    p.bytes += f.bytes;
    if (kept.has(f.url)) {
      p.filesDone++;
      p.bytesDone += f.bytes;
    }
  }
  return p;
}

export const fileKept = (p: KeepProgress, f: OfflineFile): KeepProgress => ({
  ...p,
  filesDone: p.filesDone + 1,
  bytesDone: p.bytesDone + f.bytes,
});

export const fileFailed = (p: KeepProgress): KeepProgress => ({ ...p, failed: p.failed + 1 });

/** 0..1 by bytes (by files when the sizes are unknown); 1 only once every file is kept (some weigh "0": unknown). */
export function fraction(p: KeepProgress): number {
  if (p.filesDone >= p.files) return 1;
  const f = p.bytes > 0 ? p.bytesDone / p.bytes : p.filesDone / p.files;
  return Math.min(0.99, f);
}

export const complete = (p: KeepProgress) => p.filesDone >= p.files;

/** The files still to fetch, in order. */
export const toFetch = (files: readonly OfflineFile[], kept: ReadonlySet<string>) =>
  files.filter((f) => !kept.has(f.url));

/** The kept addresses no longer wanted (a survey removed or replaced): dropped from the cache. */
export const toDrop = (kept: Iterable<string>, files: readonly OfflineFile[]) => {
  const wanted = new Set(files.map((f) => f.url));
  return [...kept].filter((u) => !wanted.has(u));
};

/** Wait before attempt `n` (1-based) of a file: 0.5 s, 1 s, 2 s… up to 8 s. */
export const retryDelayMs = (n: number) => Math.min(8000, 500 * 2 ** (n - 1));

/** "12.3 MB" (decimal units, as disks and connections are sold). */
export function formatBytes(n: number): string {
  if (n < 1e3) return `${Math.round(n)} B`;
  if (n < 1e6) return `${(n / 1e3).toFixed(0)} kB`;
  if (n < 1e9) return `${(n / 1e6).toFixed(1)} MB`;
  return `${(n / 1e9).toFixed(2)} GB`;
}
