// Rows for an export's scenes that its CSV does not list, when the upload asks for them to come in unplaced.
import { describe, expect, it } from 'vitest';
import { unplacedRows } from '../../../../server/services/ingest/unplacedRows.ts';
import type { AppData } from '../../../../server/services/ingest/dataJs.ts';
import type { PositionRow } from '../../../../server/services/ingest/positionsCsv.ts';

const data = {
  scenes: [
    { id: '0-hall_a', name: 'Hall A' },
    { id: '1-hall_b', name: 'Hall B' },
    { id: '2-yard', name: 'Yard' },
  ],
} as AppData;
const row = (fileName: string): PositionRow => ({
  line: 2,
  title: fileName,
  fileName,
  x: 1,
  y: 2,
  date: '2024-01-01',
  floor: 0,
});

describe('unplacedRows', () => {
  it('adds a row at 0,0 on the given date and floor for each scene found neither by name nor by folder', () => {
    expect(unplacedRows(data, [row('Hall A'), row('hall_b')], { date: '2025-06-07', floor: 3 })).toEqual([
      { line: 0, title: 'Yard', fileName: 'Yard', x: 0, y: 0, date: '2025-06-07', floor: 3 },
    ]);
  });

  it('adds none when every scene has its row', () => {
    expect(unplacedRows(data, [row('Hall A'), row('Hall B'), row('yard')], { date: '2025-06-07', floor: 0 })).toEqual(
      [],
    );
  });
});
