import { sceneFolderName } from '../../../contract/slugs.ts';
import { Invalid } from '../errors.ts';
import type { AppData, AppScene } from './dataJs.ts';
import type { PositionRow } from './positionsCsv.ts';

/** Matches data.js scenes and CSV rows both ways; throws naming the first unmatched scene or row. */
export function matchScenes(
  data: AppData,
  rows: PositionRow[],
): { scene: AppScene; row: PositionRow; index: number }[] {
  const byName = new Map(rows.map((r) => [r.fileName, r]));
  const used = new Set<PositionRow>();
  const pairs = data.scenes.map((scene, index) => {
    const row = byName.get(scene.name) ?? byName.get(sceneFolderName(scene.id));
    if (!row || used.has(row)) {
      throw new Invalid(
        `Scene "${scene.name}" of the export has no row in the positions CSV; add a row with fileName ${scene.name} and its x, y and date.`,
      );
    }
    used.add(row);
    return { scene, row, index };
  });
  const orphan = rows.find((r) => !used.has(r));
  if (orphan) {
    const names = data.scenes.map((s) => s.name).join(', ');
    throw new Invalid(
      `CSV line ${orphan.line}: "${orphan.fileName}" is not a scene of the export (its scenes are: ${names}). Fix the fileName or remove the row.`,
    );
  }
  return pairs;
}
