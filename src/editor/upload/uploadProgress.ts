// What the upload's progress says: the bytes sent, then the server's import (tiles stored of all, once it tells).
export interface ImportProgress {
  done: number;
  total: number;
}

/** The text beside the bar (every percent). */
export function progressText(percent: number, imported: ImportProgress | null): string {
  if (percent < 100) return `Uploading… ${percent}%`;
  return imported?.total
    ? `Processing the scenes on the server… ${imported.done} of ${imported.total} tiles`
    : 'Processing the scenes on the server…';
}

/** What screen readers hear: the phase once, not every percent. */
export const progressPhase = (percent: number): string =>
  percent < 100 ? 'Uploading the export…' : 'Processing the scenes on the server…';
