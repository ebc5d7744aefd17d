// What a person reads when the positions CSV and the export's scenes do not pair up: every scene without a row and
// every row without a scene, named at once so one round of fixes is enough. Scenes are named as the CSV's fileName
// names them: the folder in the export without its number (app-files/tiles/0-hall_a is hall_a).

/** Names listed in one message at most; a CSV that misses more has a bigger problem than a few rows. */
const MAX_NAMED = 100;

const list = (names: readonly string[]) =>
  names.length > MAX_NAMED
    ? `${names.slice(0, MAX_NAMED).join(', ')} and ${names.length - MAX_NAMED} more`
    : names.join(', ');

/** Scenes (by folder name) with no row in the CSV. */
export function missingRowsMessage(folders: readonly string[]): string {
  const one = folders.length === 1;
  return one
    ? `Scene "${folders[0]}" of the export has no row in the positions CSV; add a row with fileName ${folders[0]} and its x, y and date.`
    : `${folders.length} scenes of the export have no row in the positions CSV: ${list(folders)}. Add a row for each (fileName as listed here) with its x, y and date.`;
}

/** CSV rows whose fileName is no scene of the export; `folders`: the export's scenes, to choose from. */
export function orphanRowsMessage(
  rows: readonly { line: number; fileName: string }[],
  folders: readonly string[],
): string {
  const scenes = `(its scenes are: ${list(folders)})`;
  if (rows.length === 1)
    return `CSV line ${rows[0].line}: "${rows[0].fileName}" is not a scene of the export ${scenes}. Fix the fileName or remove the row.`;
  const named = list(rows.map((r) => `line ${r.line} "${r.fileName}"`));
  return `${rows.length} rows of the positions CSV name no scene of the export: ${named} ${scenes}. Fix each fileName or remove those rows.`;
}
