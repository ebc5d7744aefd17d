// A hostile 5 MB positions CSV is refused by its shape before the parser spends seconds on it.
import { expect, it } from 'vitest';
import { parsePositionsCsv } from '../../../server/services/ingest/positionsCsv.ts';

const header = 'title,fileName,x,y,date,floor\n';
const FIVE_MB = 5 * 1024 * 1024 - header.length;

it.each([
  ['blank lines', header + '\n'.repeat(FIVE_MB), /has 5242851 lines; one upload may hold at most 2000 scenes/],
  ['CR line ends', header + '\r'.repeat(FIVE_MB), /has 5242851 lines/],
  [
    'one quoted cell',
    header + '"a""'.repeat(FIVE_MB / 4),
    /line 2 has a cell of over 1000 characters; no value may be longer than 200 characters/,
  ],
  ['commas', header + ','.repeat(FIVE_MB), /line 2 has more than 64 cells/],
])('refuses 5 MB of %s at once', (_, text, message) => {
  const start = performance.now();
  expect(() => parsePositionsCsv(text, 0)).toThrow(message);
  expect(performance.now() - start).toBeLessThan(300);
});

it('still reads a real file with CRLF lines, quoted commas and blank lines', () => {
  const text = `${header}"Hall, east",hall.jpg,1,2,2024-05-06,0\r\n\r\nRoof,roof.jpg,3,4,2024-05-06,0\r\n`;
  expect(parsePositionsCsv(text, 0).map((r) => [r.line, r.title, r.fileName])).toEqual([
    [2, 'Hall, east', 'hall.jpg'],
    [4, 'Roof', 'roof.jpg'],
  ]);
});
