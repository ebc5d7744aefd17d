import { describe, expect, it } from 'vitest';
import { missingRowsMessage, orphanRowsMessage } from '../../../server/services/ingest/sceneMatchMessages.ts';

describe('scene and CSV mismatch messages', () => {
  it('names every scene without a row, by folder name', () => {
    expect(missingRowsMessage(['a', 'b', 'c'])).toBe(
      '3 scenes of the export have no row in the positions CSV: a, b, c. Add a row for each (fileName as listed here) with its x, y and date.',
    );
  });

  it('names every row without a scene with its line', () => {
    expect(orphanRowsMessage([{ line: 2, fileName: 'x' }], ['a'])).toBe(
      'CSV line 2: "x" is not a scene of the export (its scenes are: a). Fix the fileName or remove the row.',
    );
    expect(
      orphanRowsMessage(
        [
          { line: 2, fileName: 'x' },
          { line: 9, fileName: 'y' },
        ],
        ['a', 'b'],
      ),
    ).toBe(
      '2 rows of the positions CSV name no scene of the export: line 2 "x", line 9 "y" (its scenes are: a, b). Fix each fileName or remove those rows.',
    );
  });

  it('stays readable when a whole export is missing from the CSV', () => {
    const names = Array.from({ length: 2000 }, (_, i) => `scene_${i}`);
    const text = missingRowsMessage(names);
    expect(text).toMatch(/^2000 scenes .*: scene_0, scene_1, .* scene_99 and 1900 more\. Add a row/);
  });
});
