// Removes what dead processes left in DATA_DIR/staging: their staging folders, their markers, stray half-written
// files. It runs first at start, before this process writes anything (a full disk is often full of a dead upload's
// staging), and again in the full sweep (services/sweep.ts). Other live instances may sweep at the same moment: an
// entry that vanishes meanwhile is no error.
import fs from 'node:fs';
import path from 'node:path';
import { MARKER_SUFFIX, ownerAlive } from './stagingOwners.ts';

/** A file without a marker (a half-written marker, a stray file) is kept this long: it may be a marker being written. */
export const STRAY_GRACE_MS = 10 * 60_000;

const gone = (e: unknown) => (e as NodeJS.ErrnoException | null)?.code === 'ENOENT';

/** Removes the staging folders (and markers) of processes that are no longer alive; returns their owners. */
export function sweepDeadStaging(root: string, self?: string, now = Date.now()): string[] {
  const removed: string[] = [];
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(root, { withFileTypes: true });
  } catch (e) {
    if (gone(e)) return removed;
    throw e;
  }
  for (const e of entries) {
    const p = path.join(root, e.name);
    try {
      if (e.isDirectory()) {
        if (e.name === self || ownerAlive(root, e.name, now)) continue;
        fs.rmSync(p, { recursive: true, force: true });
        fs.rmSync(p + MARKER_SUFFIX, { force: true });
        removed.push(e.name);
      } else if (e.name.endsWith(MARKER_SUFFIX)) {
        const owner = e.name.slice(0, -MARKER_SUFFIX.length);
        if (owner !== self && !ownerAlive(root, owner, now)) fs.rmSync(p, { force: true });
      } else if (now - fs.statSync(p).mtimeMs > STRAY_GRACE_MS) {
        fs.rmSync(p, { force: true });
      }
    } catch (err) {
      if (!gone(err)) throw err; // removed by another instance's sweep meanwhile
    }
  }
  return removed;
}
