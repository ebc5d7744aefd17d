// The positions CSV of an upload, as both sides read it: `title,fileName,x,y,date,floor[,survey_name]`, one row
// per scene. The browser checks it before sending and the server checks it again; both read it through these rules.
import { storableName } from './storableName';

/** The columns, in the form a header cell is compared in (see normaliseHeader). */
const POSITIONS_COLUMNS = ['title', 'filename', 'x', 'y', 'date', 'floor', 'surveyname'] as const;
export type PositionsColumn = (typeof POSITIONS_COLUMNS)[number];
/** Each column as the header writes it, for messages. */
export const COLUMN_LABEL: Record<PositionsColumn, string> = {
  title: 'title',
  filename: 'fileName',
  x: 'x',
  y: 'y',
  date: 'date',
  floor: 'floor',
  surveyname: 'survey_name',
};

/** The header line as the field writes it (survey_name is optional), for messages that say how to fix a file. */
export const POSITIONS_HEADER = 'title,fileName,x,y,date,floor';

/** A header cell compared without case, spaces or punctuation: "File Name", "fileName" and "survey_name" all match. */
export const normaliseHeader = (h: string) =>
  h
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');

/** The column of each known header (the first one when a header repeats). */
export function columnIndex(header: readonly string[]): Map<PositionsColumn, number> {
  const index = new Map<PositionsColumn, number>();
  header.forEach((h, i) => {
    const name = normaliseHeader(h) as PositionsColumn;
    if ((POSITIONS_COLUMNS as readonly string[]).includes(name) && !index.has(name)) index.set(name, i);
  });
  return index;
}

/** A record's cell of `column`, trimmed and in its storable spelling; '' when the column or the cell is absent. */
export function cellOf(
  record: readonly string[],
  index: Map<PositionsColumn, number>,
  column: PositionsColumn,
): string {
  const at = index.get(column);
  return at === undefined ? '' : storableName((record[at] ?? '').trim());
}

/** CSV bytes to text: UTF-8 (with or without BOM), or Windows-1252 as Excel writes it when the bytes are not UTF-8. */
export function decodeCsvBytes(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

/** The text without its byte-order mark (papaparse would read it as part of the first header). */
export const withoutBom = (text: string) => (text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);

/** A plain decimal number as a coordinate cell holds it: not empty, not "12px", not "Infinity". */
export const isDecimal = (value: string) => /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(value.trim());
