// The APP_DATA object of a data.js as data, never evaluated. The Marzipano Tool writes JSON, but people edit data.js
// by hand in JavaScript syntax (unquoted keys, single quotes, trailing commas, comments, `window.APP_DATA = ...`
// without `var` or the final ';'), so anything JSON5 reads is accepted.
import JSON5 from 'json5';

/** A declared or window. assignment first; a bare one only where a statement starts, so "APP_DATA =" in a comment
 *  before it is not taken for it. */
const ASSIGNMENTS = [/\b(?:var|let|const)\s+APP_DATA\s*=|\bwindow\s*\.\s*APP_DATA\s*=/, /(?:^|;|\*\/)\s*APP_DATA\s*=/m];
/** What may follow the object: semicolons, blanks and comments. */
const TAIL = /^(?:\s|;|\/\/[^\n]*|\/\*[\s\S]*?\*\/)*$/;

/** Why the text could not be read, and where in data.js (1-based). */
export class AppDataSyntaxError extends Error {
  constructor(
    readonly reason: string,
    readonly line: number,
    readonly column: number,
  ) {
    super(`${reason} at line ${line}, column ${column}`);
  }
}

interface Json5Error extends SyntaxError {
  lineNumber: number;
  columnNumber: number;
}

function offsetOf(text: string, line: number, column: number): number {
  let at = 0;
  for (let l = 1; l < line; l++) at = text.indexOf('\n', at) + 1;
  return at + column - 1;
}

function syntaxError(e: unknown): AppDataSyntaxError {
  const err = e as Json5Error;
  const reason = err.message.replace(/^JSON5: /, '').replace(/ at \d+:\d+$/, '');
  return new AppDataSyntaxError(reason, err.lineNumber, err.columnNumber);
}

/** A data.js longer than this that is not plain JSON is refused rather than read as JSON5 (8 MB took 16 s). */
export const MAX_HAND_EDITED_CHARS = 512 * 1024;

/** Nesting of [ and { beyond any export's (about 6), counted whatever strings hold: both parsers slow down on it. */
export const MAX_NESTING = 200;

/** An AppDataSyntaxError at character `at` of data.js. */
function errorAt(dataJs: string, at: number, reason: string): AppDataSyntaxError {
  const before = dataJs.slice(0, at);
  return new AppDataSyntaxError(reason, before.split('\n').length, at - before.lastIndexOf('\n'));
}

/** The refusal of a big data.js that JSON.parse could not read, at the place JSON.parse names. */
function tooBigToReadByHand(dataJs: string, start: number, e: unknown): AppDataSyntaxError {
  const at = start + Number(/position (\d+)/.exec((e as Error).message)?.[1] ?? 0);
  const reason = `it is not plain JSON, and a data.js over ${MAX_HAND_EDITED_CHARS / 1024} KB is only read as the Marzipano Tool writes it`;
  return errorAt(dataJs, at, reason);
}

/** Where [ and { first nest deeper than MAX_NESTING, or -1; one pass, before either parser. */
function tooDeepAt(text: string, from: number): number {
  let depth = 0;
  for (let i = from; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 91 || c === 123) {
      if (++depth > MAX_NESTING) return i;
    } else if (c === 93 || c === 125) depth--;
  }
  return -1;
}

/** What the fast path found: the value (null without an assignment), or that only JSON5 can read it. */
export type FastRead = { value: unknown } | { json5: true };

/**
 * The value assigned to APP_DATA when data.js is plain JSON as the Tool writes it (a few milliseconds a megabyte),
 * or `{json5: true}` when it must be read as hand-edited text. Throws AppDataSyntaxError for what neither may read
 * (nesting too deep, or a big file that is not JSON).
 */
export function readAppDataFast(dataJs: string): FastRead {
  const m = ASSIGNMENTS.map((re) => re.exec(dataJs)).find((x) => x !== null);
  if (!m) return { value: null };
  const start = m.index + m[0].length;
  // An export as the Tool wrote it is plain JSON up to the last ';'.
  const end = dataJs.lastIndexOf(';');
  const deep = tooDeepAt(dataJs, start);
  if (deep >= 0) throw errorAt(dataJs, deep, `it nests [ and { more than ${MAX_NESTING} deep`);
  const json = end > start ? dataJs.slice(start, end) : dataJs.slice(start);
  try {
    return { value: JSON.parse(json) };
  } catch (e) {
    // JSON5 reads about a megabyte a second: a big file is read only as the Tool writes it.
    if (dataJs.length > MAX_HAND_EDITED_CHARS) throw tooBigToReadByHand(dataJs, start, e);
    return { json5: true };
  }
}

/**
 * Reads data.js as JSON5 (comments, single quotes, unquoted keys ...); slow, so the server runs it off the event
 * loop (htmlWorker.ts). Returns null without an assignment; throws AppDataSyntaxError at data.js's line and column.
 */
export function readAppDataJson5(dataJs: string): unknown {
  const m = ASSIGNMENTS.map((re) => re.exec(dataJs)).find((x) => x !== null);
  if (!m) return null;
  const start = m.index + m[0].length;
  // Blanked rather than cut, so JSON5's line and column are those of data.js.
  const text = dataJs.slice(0, start).replace(/[^\n]/g, ' ') + dataJs.slice(start);
  try {
    return JSON5.parse(text);
  } catch (e) {
    const first = syntaxError(e);
    const at = offsetOf(text, first.line, first.column);
    // JSON5 reads one value: a ';' (or comment) after it ends the statement, and so ends the data.
    if (at > start && TAIL.test(text.slice(at))) {
      try {
        return JSON5.parse(text.slice(0, at));
      } catch {
        // The fault is in the object itself: report where it was first met.
      }
    }
    throw first;
  }
}

/**
 * Reads the value assigned to APP_DATA, on the calling thread. Returns null when data.js has no such assignment;
 * throws AppDataSyntaxError with the line and column within data.js when the value cannot be read.
 */
export function readAppDataLiteral(dataJs: string): unknown {
  const fast = readAppDataFast(dataJs);
  return 'value' in fast ? fast.value : readAppDataJson5(dataJs);
}
