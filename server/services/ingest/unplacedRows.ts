// An export uploaded with unplaced=true: each scene the positions CSV has no row for gets one, at 0,0 on the
// form's date and floor, and comes in unplaced (the node editor's tray) instead of refusing the upload.
import { sceneFolderName } from '../../../contract/slugs.ts';
import type { AppData } from './dataJs.ts';
import type { PositionRow } from './positionsCsv.ts';

export interface UnplacedDefaults {
  /** yyyy-mm-dd. */
  date: string;
  floor: number;
}

/** The rows to add for scenes without one (found by name or folder name, as matchScenes finds them). */
export function unplacedRows(data: AppData, rows: PositionRow[], at: UnplacedDefaults): PositionRow[] {
  const named = new Set(rows.map((r) => r.fileName));
  return data.scenes
    .filter((s) => !named.has(s.name) && !named.has(sceneFolderName(s.id)))
    .map((s) => ({ line: 0, title: s.name, fileName: s.name, x: 0, y: 0, date: at.date, floor: at.floor }));
}
