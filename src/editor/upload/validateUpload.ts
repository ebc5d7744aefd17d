// Browser-side check of an upload before it is sent (spec section 5): the tile folders of the zip listing
// against the rows of the positions CSV. Pure: no File, no DOM; the page feeds it names and text.
import Papa from 'papaparse';

/** Messages of the upload page (the spec's label keys). */
export const CSV_FILE_ERROR = 'Invalid or missing properties. Please reupload your CSV file.';
export const ORPHANS_IN_CSV = 'Some rows of the CSV have no scene folder in the zip (marked with a warning). They are left out of the upload.';

const TILE_FOLDER = /(?:^|\/)app-files\/tiles\/([^/]+)\//;
const IGNORED = /(^|\/)__MACOSX\//;

/** A tile folder of the export: its id ("0-hall_a") and the scene name with the numeric prefix stripped ("hall_a"). */
export interface TileFolder { id: string; name: string; index: number }

/** The tile folders under app-files/tiles/{N-name}/ (in any wrapping folder), in the export's scene order. */
export function tileFoldersOf(entryNames: readonly string[]): TileFolder[] {
  const ids = new Set<string>();
  for (const name of entryNames) {
    if (IGNORED.test(name)) continue;
    const m = TILE_FOLDER.exec(name);
    if (m) ids.add(m[1]);
  }
  return [...ids].map((id) => {
    const m = /^(\d+)-(.*)$/.exec(id);
    return m ? { id, name: m[2], index: Number(m[1]) } : { id, name: id, index: Number.MAX_SAFE_INTEGER };
  }).sort((a, b) => a.index - b.index || a.id.localeCompare(b.id));
}

/** One CSV row, as written (strings), with its 1-based line and the flags of spec section 3. */
export interface CsvRow {
  line: number;
  title: string;
  fileName: string;
  x: string;
  y: string;
  date: string;
  floor: string;
  /** The survey_name column (optional): the survey the scene joins; empty: the export's tour name. */
  surveyName: string;
  coordinatesOk: boolean;
  dateOk: boolean;
}

export interface ParsedCsv { header: string[]; records: string[][]; rows: CsvRow[]; problem: string | null }

const normaliseHeader = (h: string) => h.trim().toLowerCase().replace(/[^a-z0-9]/g, '');
const NUMBER = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;

/** dd/mm/yyyy (as the field writes it) or ISO yyyy-mm-dd, and a real calendar date. */
export function isSurveyDate(value: string): boolean {
  const v = value.trim();
  let m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(v);
  let y: number, mo: number, d: number;
  if (m) { d = +m[1]; mo = +m[2]; y = +m[3]; } else {
    m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
    if (!m) return false;
    y = +m[1]; mo = +m[2]; d = +m[3];
  }
  const t = new Date(Date.UTC(y, mo - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === mo - 1 && t.getUTCDate() === d;
}

/** CSV bytes to text the way the server reads them: UTF-8, else Windows-1252 (Excel). */
export function decodeCsv(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

/** Parses the positions CSV with papaparse; `problem` says what makes the whole file unusable. */
export function parsePositions(text: string): ParsedCsv {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const parsed = Papa.parse<string[]>(body, { header: false, skipEmptyLines: 'greedy' });
  const [header = [], ...records] = parsed.data;
  const index = new Map<string, number>();
  header.forEach((h, i) => { const k = normaliseHeader(h); if (!index.has(k)) index.set(k, i); });
  const missing = ['filename', 'x', 'y'].filter((c) => !index.has(c));
  const quote = parsed.errors.find((e) => e.type === 'Quotes');
  let problem: string | null = null;
  if (!body.trim()) problem = 'The CSV is empty.';
  else if (quote) problem = `The CSV is malformed near line ${(quote.row ?? 0) + 2}.`;
  else if (missing.length) problem = 'The CSV needs the columns title,fileName,x,y,date,floor.';
  const cell = (rec: string[], c: string) => { const at = index.get(c); return at === undefined ? '' : (rec[at] ?? '').trim(); };
  const rows = problem ? [] : records.map((rec, i): CsvRow => {
    const x = cell(rec, 'x');
    const y = cell(rec, 'y');
    const date = cell(rec, 'date');
    return {
      line: i + 2, title: cell(rec, 'title'), fileName: cell(rec, 'filename'), x, y, date, floor: cell(rec, 'floor'), surveyName: cell(rec, 'surveyname'),
      coordinatesOk: NUMBER.test(x) && NUMBER.test(y),
      dateOk: date !== '' && isSurveyDate(date),
    };
  });
  return { header, records, rows, problem };
}

export type RowStatus = 'ok' | 'error' | 'orphan';

/** A row of the validation table: Scene, X-Coordinate, Y-Coordinate, Name, Survey Date, Status. */
export interface ValidationRow {
  key: string;
  scene: string;
  x: string;
  y: string;
  name: string;
  date: string;
  /** The floor the scene goes to: the CSV's floor column, else the page's floor (null: not a floor number). */
  floor: number | null;
  /** The survey it joins: the survey_name column, else '' (the export's tour name, read by the server). */
  survey: string;
  status: RowStatus;
  /** Why the row is marked (for the status cell's text alternative). */
  note: string;
  foundInCsv: boolean;
  isOrphan: boolean;
}

export interface UploadValidation {
  rows: ValidationRow[];
  /** Something blocks the upload. */
  error: boolean;
  /** The CSV itself is at fault (the CSVFileError label shows). */
  csvError: boolean;
  /** Lines of CSV rows that match no tile folder (orphans: warning, not blocking). */
  orphanLines: number[];
  /** A problem of the zip or the CSV as a whole (no tile folders, unreadable CSV). */
  problem: string | null;
}

/** Marzipano's folder id of a scene name: lower case, other characters turned to '-'. */
const slug = (name: string) => name.toLowerCase().replace(/[^a-z0-9_-]/g, '-');

/** Does the CSV fileName name this tile folder (numeric prefix stripped)? */
export const matchesFolder = (folder: TileFolder, fileName: string) =>
  fileName !== '' && (folder.name === fileName || folder.name === slug(fileName));

/** The floor a row goes to, as the server decides it: its floor column when given, else the upload's floor. */
export function rowFloor(value: string, uploadFloor: number): number | null {
  const v = value.trim();
  if (v === '') return Math.max(0, uploadFloor);
  if (!/^-?\d{1,6}$/.test(v) || Number(v) < -1) return null;
  return Number(v) < 0 ? Math.max(0, uploadFloor) : Number(v);
}

/** The floors an upload's scenes go to (rows with a scene folder only), lowest first. */
export function uploadFloors(rows: readonly ValidationRow[]): number[] {
  return [...new Set(rows.filter((r) => r.foundInCsv && !r.isOrphan && r.floor !== null).map((r) => r.floor as number))].sort((a, b) => a - b);
}

/** The table and the verdict. `timeline`: the timeline feature is on, so every row needs a date; `uploadFloor`:
 *  the floor of the page, for rows whose floor column is empty. */
export function validateUpload(folders: readonly TileFolder[], csv: ParsedCsv, timeline: boolean, uploadFloor = 0): UploadValidation {
  const used = new Set<CsvRow>();
  const rows: ValidationRow[] = [];
  let csvError = !!csv.problem;
  let notFound = false;
  for (const folder of folders) {
    const row = csv.rows.find((r) => !used.has(r) && matchesFolder(folder, r.fileName));
    if (!row) {
      notFound = true;
      rows.push({ key: `f:${folder.id}`, scene: folder.name, x: '', y: '', name: '', date: '', floor: null, survey: '', status: 'error', note: 'Not found in the CSV', foundInCsv: false, isOrphan: false });
      continue;
    }
    used.add(row);
    const floor = rowFloor(row.floor, uploadFloor);
    const problems = [
      floor === null && 'Floor is not a floor number',
      !row.coordinatesOk && (row.x === '' || row.y === '' ? 'Missing coordinates' : 'Coordinates are not numbers'),
      timeline && !row.dateOk && (row.date === '' ? 'Missing survey date' : 'Survey date is not a date (dd/mm/yyyy)'),
    ].filter((p): p is string => !!p);
    if (problems.length) csvError = true;
    rows.push({
      key: `f:${folder.id}`, scene: folder.name, x: row.x, y: row.y, name: row.title, date: row.date, floor, survey: row.surveyName,
      status: problems.length ? 'error' : 'ok', note: problems.join('; ') || 'OK', foundInCsv: true, isOrphan: false,
    });
  }
  const orphanLines: number[] = [];
  for (const row of csv.rows) {
    if (used.has(row)) continue;
    orphanLines.push(row.line);
    rows.push({
      key: `l:${row.line}`, scene: row.fileName || `(line ${row.line})`, x: row.x, y: row.y, name: row.title, date: row.date,
      floor: rowFloor(row.floor, uploadFloor), survey: row.surveyName, status: 'orphan', note: 'No scene folder in the zip', foundInCsv: true, isOrphan: true,
    });
  }
  const problem = csv.problem ?? (folders.length === 0 ? 'The zip has no scene folders under app-files/tiles/. Choose the zip the Marzipano Tool exports.' : null);
  return { rows, error: notFound || csvError || problem !== null, csvError, orphanLines, problem };
}

/** The CSV to send: the file as chosen, or (when it has orphan rows) the same columns without those rows. */
export function csvWithoutOrphans(csv: ParsedCsv, orphanLines: readonly number[]): string | null {
  if (orphanLines.length === 0) return null;
  const drop = new Set(orphanLines);
  return Papa.unparse([csv.header, ...csv.records.filter((_, i) => !drop.has(i + 2))], { newline: '\r\n' }) + '\r\n';
}
