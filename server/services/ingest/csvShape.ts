// A positions CSV's shape, measured in linear passes before the parser runs: the parser's time grows with lines,
// cells and quotes, and 5 MB of blank lines or of one quoted cell held the event loop for seconds.
import { NAME_MAX } from '../../../contract/limits.ts';

/** One row per scene: as many as one export may hold (data.js allows 2,000 scenes). */
export const CSV_MAX_ROWS = 2000;
/** Lines after the header: the rows, and room for blank ones. */
export const CSV_MAX_RECORDS = CSV_MAX_ROWS + 100;
/** Cells of one line (seven columns are used; room for a spreadsheet's extra ones). */
export const CSV_MAX_CELLS = 64;
/** Characters of one cell (the longest value taken is a 200-character name). */
export const CSV_MAX_CELL_CHARS = 1000;

const COMMA = 44;
const LF = 10;
const CR = 13;

/** Lines after the header, as the parser splits them (CRLF, LF or CR ends a line). */
function recordCount(text: string): number {
  let breaks = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === LF || (c === CR && text.charCodeAt(i + 1) !== LF)) breaks++;
  }
  return breaks;
}

/**
 * Why the text cannot be a positions CSV, as a sentence, or null. Cells are counted between commas and line
 * breaks whatever the quotes say, so a quoted comma or line break only makes the count larger than the parser's.
 */
export function csvShapeProblem(text: string): string | null {
  const records = recordCount(text);
  if (records > CSV_MAX_RECORDS)
    return `The positions CSV has ${records} lines; one upload may hold at most ${CSV_MAX_ROWS} scenes.`;
  let line = 1;
  let cells = 1;
  let cellChars = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === LF || c === CR) {
      if (c === LF || text.charCodeAt(i + 1) !== LF) line++;
      cells = 1;
      cellChars = 0;
    } else if (c === COMMA) {
      if (++cells > CSV_MAX_CELLS)
        return `The positions CSV's line ${line} has more than ${CSV_MAX_CELLS} cells; remove the extra columns.`;
      cellChars = 0;
    } else if (++cellChars > CSV_MAX_CELL_CHARS) {
      return `The positions CSV's line ${line} has a cell of over ${CSV_MAX_CELL_CHARS} characters; no value may be longer than ${NAME_MAX} characters.`;
    }
  }
  return null;
}
