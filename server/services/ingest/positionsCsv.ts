// The positions CSV of an upload: `title,fileName,x,y,date,floor[,survey_name]`, one row per scene.
// Parsed with papaparse (quotes, BOM, CRLF); every row is checked and a failure names its line and scene.
import Papa from 'papaparse';
import { Invalid } from '../errors.ts';
import { COORD_MAX, FLOOR_MAX, NAME_MAX } from '../../../contract/limits.ts';
import {
  COLUMN_LABEL,
  POSITIONS_HEADER,
  cellOf,
  columnIndex,
  isDecimal,
  withoutBom,
  type PositionsColumn,
} from '../../../contract/positionsCsv.ts';
import { csvShapeProblem } from './csvShape.ts';
import { SURVEY_YEAR_MAX, SURVEY_YEAR_MIN, parseSurveyDate } from '../../../contract/surveyDate.ts';

export interface PositionRow {
  /** 1-based line of the row in the file (the header is line 1). */
  line: number;
  title: string;
  fileName: string;
  x: number;
  y: number;
  /** ISO yyyy-mm-dd. */
  date: string;
  floor: number;
  surveyName?: string;
}

const REQUIRED: PositionsColumn[] = ['filename', 'x', 'y', 'date'];
const HEADER_HINT = `its first line must be ${POSITIONS_HEADER} (survey_name optional)`;

/** A cell quoted in a message, cut short: a message repeats no megabyte of input. */
const clip = (v: string) => (v.length > 40 ? `${v.slice(0, 40)}...` : v);

/** A coordinate: a plain decimal number (not empty, not "12px", not "Infinity"). */
function parseCoordinate(value: string): number | null {
  if (!isDecimal(value)) return null;
  const n = Number(value.trim());
  return Number.isFinite(n) && Math.abs(n) <= COORD_MAX ? n : null;
}

/**
 * Parses and validates the CSV text. `uploadFloor` is used where the floor column or value is missing.
 * Throws Invalid listing the rows at fault (line numbers and scene names).
 */
export function parsePositionsCsv(text: string, uploadFloor: number): PositionRow[] {
  const body = withoutBom(text);
  if (!body.trim()) throw new Invalid(`The positions CSV is empty; ${HEADER_HINT}.`);
  const shape = csvShapeProblem(body);
  if (shape) throw new Invalid(shape);
  const parsed = Papa.parse<string[]>(body, { header: false, skipEmptyLines: false });
  const quoteError = parsed.errors.find((e) => e.type === 'Quotes');
  if (quoteError) {
    throw new Invalid(`The positions CSV is malformed near line ${(quoteError.row ?? 0) + 1}: ${quoteError.message}.`);
  }
  const [header, ...records] = parsed.data;
  const index = columnIndex(header);
  const missing = REQUIRED.filter((c) => !index.has(c));
  if (missing.length) {
    throw new Invalid(
      `The positions CSV has no ${missing.map((c) => `"${COLUMN_LABEL[c]}"`).join(', ')} column${missing.length > 1 ? 's' : ''}; ${HEADER_HINT}.`,
    );
  }

  const rows: PositionRow[] = [];
  const errors: string[] = [];
  const seen = new Map<string, number>();
  records.forEach((rec, i) => {
    const line = i + 2;
    if (rec.every((c) => c.trim() === '')) return; // blank line
    const cell = (c: PositionsColumn) => cellOf(rec, index, c);
    const fileName = cell('filename');
    const who = fileName ? `CSV line ${line} (${clip(fileName)})` : `CSV line ${line}`;
    const problems: string[] = [];
    if (!fileName) problems.push('fileName is empty');
    for (const c of ['title', 'filename', 'surveyname'] as const) {
      if (cell(c).length > NAME_MAX) problems.push(`${COLUMN_LABEL[c]} is longer than ${NAME_MAX} characters`);
    }
    const coord = (c: 'x' | 'y') => {
      const raw = cell(c);
      if (raw === '') {
        problems.push(`${c} is missing`);
        return NaN;
      }
      const n = parseCoordinate(raw);
      if (n === null) {
        problems.push(`${c} "${clip(raw)}" is not a number of floor-plan pixels (at most ${COORD_MAX} either way)`);
        return NaN;
      }
      return n;
    };
    const x = coord('x');
    const y = coord('y');
    const rawDate = cell('date');
    const date = rawDate === '' ? null : parseSurveyDate(rawDate);
    if (rawDate === '') problems.push('the date is missing (write it as dd/mm/yyyy)');
    else if (!date)
      problems.push(
        `the date "${clip(rawDate)}" is not a date from ${SURVEY_YEAR_MIN} to ${SURVEY_YEAR_MAX} (write it as dd/mm/yyyy or yyyy-mm-dd)`,
      );
    const rawFloor = cell('floor');
    let floor = uploadFloor;
    if (rawFloor !== '') {
      if (!/^-?\d{1,6}$/.test(rawFloor) || Number(rawFloor) < -1 || Number(rawFloor) > FLOOR_MAX)
        problems.push(`the floor "${clip(rawFloor)}" is not a floor number (0 to ${FLOOR_MAX})`);
      else if (Number(rawFloor) >= 0) floor = Number(rawFloor);
    }
    if (fileName && seen.has(fileName)) problems.push(`the scene is listed twice (also on line ${seen.get(fileName)})`);
    if (fileName && !seen.has(fileName)) seen.set(fileName, line);
    if (problems.length) {
      errors.push(`${who}: ${problems.join(', ')}`);
      return;
    }
    const surveyName = cell('surveyname');
    rows.push({
      line,
      title: cell('title') || fileName,
      fileName,
      x,
      y,
      date: date!,
      floor,
      ...(surveyName ? { surveyName } : {}),
    });
  });
  if (errors.length) {
    const more = errors.length > 5 ? `; and ${errors.length - 5} more row(s)` : '';
    throw new Invalid(`${errors.slice(0, 5).join('; ')}${more}.`);
  }
  if (!rows.length) throw new Invalid(`The positions CSV has no rows; ${HEADER_HINT}, then one line per scene.`);
  return rows;
}
