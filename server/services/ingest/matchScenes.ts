import { sceneFolderName } from '../../../contract/slugs.ts';
import { Invalid } from '../errors.ts';
import type { AppData, AppScene } from './dataJs.ts';
import type { PositionRow } from './positionsCsv.ts';
import { missingRowsMessage, orphanRowsMessage } from './sceneMatchMessages.ts';

/** Matches data.js scenes and CSV rows both ways; throws naming every unmatched scene and row. */
export function matchScenes(
  data: AppData,
  rows: PositionRow[],
): { scene: AppScene; row: PositionRow; index: number }[] {
  const byName = new Map(rows.map((r) => [r.fileName, r]));
  const used = new Set<PositionRow>();
  const missing: string[] = [];
  const pairs: { scene: AppScene; row: PositionRow; index: number }[] = [];
  data.scenes.forEach((scene, index) => {
    const row = byName.get(scene.name) ?? byName.get(sceneFolderName(scene.id));
    if (!row || used.has(row)) {
      missing.push(sceneFolderName(scene.id));
      return;
    }
    used.add(row);
    pairs.push({ scene, row, index });
  });
  const orphans = rows.filter((r) => !used.has(r));
  const folders = data.scenes.map((s) => sceneFolderName(s.id));
  const problems = [
    ...(missing.length ? [missingRowsMessage(missing)] : []),
    ...(orphans.length ? [orphanRowsMessage(orphans, folders)] : []),
  ];
  if (problems.length) throw new Invalid(problems.join(' '));
  return pairs;
}
