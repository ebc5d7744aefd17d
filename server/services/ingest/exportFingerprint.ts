// The identity of a Marzipano Tool export, whatever its file is called: a hash of its data.js and of every tile
// it brings (path within the tour, CRC-32 and size from the zip's directory, so no tile is read for it). The
// same export uploaded again to a survey is recognised by it (duplicates.ts).
import { createHash } from 'node:crypto';

export interface TileStamp {
  path: string;
  crc32: number;
  size: number;
}

export function exportFingerprint(dataJsText: string, tiles: readonly TileStamp[]): string {
  const h = createHash('sha256');
  h.update(dataJsText);
  h.update('\0');
  const sorted = [...tiles].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  for (const t of sorted) h.update(`${t.path}\t${t.crc32}\t${t.size}\n`);
  return h.digest('hex');
}
