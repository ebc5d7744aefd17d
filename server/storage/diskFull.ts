// A full disk (or an exhausted quota) wherever a write goes: a staged upload, a published blob, SQLite's own file
// (SQLITE_FULL), PostgreSQL's (53100). It is the server's condition, not the caller's fault and not a bug of ours:
// it is answered 507 with a sentence (http/errors.ts), and every stage that wraps errors lets it through as it is.

const DISK_FULL_CODES = new Set(['ENOSPC', 'EDQUOT', 'SQLITE_FULL', '53100']);

export const DISK_FULL_MESSAGE =
  "The server's disk is full, so nothing was saved. Ask its administrator to free some space, then try again.";

/** Whether `err`, or an error it was caused by, says the disk (or the quota) is full. */
export function isDiskFull(err: unknown): boolean {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && DISK_FULL_CODES.has(code)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
