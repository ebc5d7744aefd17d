// A tiny built-in 5x7 bitmap font drawn as SVG paths. Generated images must carry readable labels on machines
// with no fonts installed (CI, fresh servers), so nothing here may use SVG <text>: every glyph is a set of
// filled squares merged into horizontal runs and emitted as ONE <path> per text, which librsvg draws quickly.

export const GLYPH_W = 5;
export const GLYPH_H = 7;
/** Blank columns between glyphs and blank rows between lines, in font cells. */
const LETTER_GAP = 1;
const LINE_GAP = 3;

// Each glyph: 7 rows of 5 columns, '#' = ink. Lower-case input is drawn in upper case.
const GLYPHS: Record<string, string> = {
  A: '.###. #...# #...# ##### #...# #...# #...#',
  B: '####. #...# #...# ####. #...# #...# ####.',
  C: '.###. #...# #.... #.... #.... #...# .###.',
  D: '####. #...# #...# #...# #...# #...# ####.',
  E: '##### #.... #.... ####. #.... #.... #####',
  F: '##### #.... #.... ####. #.... #.... #....',
  G: '.###. #...# #.... #.### #...# #...# .####',
  H: '#...# #...# #...# ##### #...# #...# #...#',
  I: '.###. ..#.. ..#.. ..#.. ..#.. ..#.. .###.',
  J: '..### ...#. ...#. ...#. ...#. #..#. .##..',
  K: '#...# #..#. #.#.. ##... #.#.. #..#. #...#',
  L: '#.... #.... #.... #.... #.... #.... #####',
  M: '#...# ##.## #.#.# #.#.# #...# #...# #...#',
  N: '#...# #...# ##..# #.#.# #..## #...# #...#',
  O: '.###. #...# #...# #...# #...# #...# .###.',
  P: '####. #...# #...# ####. #.... #.... #....',
  Q: '.###. #...# #...# #...# #.#.# #..#. .##.#',
  R: '####. #...# #...# ####. #.#.. #..#. #...#',
  S: '.#### #.... #.... .###. ....# ....# ####.',
  T: '##### ..#.. ..#.. ..#.. ..#.. ..#.. ..#..',
  U: '#...# #...# #...# #...# #...# #...# .###.',
  V: '#...# #...# #...# #...# #...# .#.#. ..#..',
  W: '#...# #...# #...# #.#.# #.#.# #.#.# .#.#.',
  X: '#...# #...# .#.#. ..#.. .#.#. #...# #...#',
  Y: '#...# #...# .#.#. ..#.. ..#.. ..#.. ..#..',
  Z: '##### ....# ...#. ..#.. .#... #.... #####',
  '0': '.###. #...# #..## #.#.# ##..# #...# .###.',
  '1': '..#.. .##.. ..#.. ..#.. ..#.. ..#.. .###.',
  '2': '.###. #...# ....# ...#. ..#.. .#... #####',
  '3': '####. ....# ....# .###. ....# ....# ####.',
  '4': '...#. ..##. .#.#. #..#. ##### ...#. ...#.',
  '5': '##### #.... ####. ....# ....# #...# .###.',
  '6': '..##. .#... #.... ####. #...# #...# .###.',
  '7': '##### ....# ...#. ..#.. .#... .#... .#...',
  '8': '.###. #...# #...# .###. #...# #...# .###.',
  '9': '.###. #...# #...# .#### ....# ...#. .##..',
  ' ': '..... ..... ..... ..... ..... ..... .....',
  '-': '..... ..... ..... .###. ..... ..... .....',
  _: '..... ..... ..... ..... ..... ..... #####',
  '.': '..... ..... ..... ..... ..... .##.. .##..',
  ',': '..... ..... ..... ..... .##.. ..#.. .#...',
  ':': '..... .##.. .##.. ..... .##.. .##.. .....',
  '!': '..#.. ..#.. ..#.. ..#.. ..#.. ..... ..#..',
  '?': '.###. #...# ....# ...#. ..#.. ..... ..#..',
  '/': '....# ...#. ...#. ..#.. .#... .#... #....',
  "'": '..#.. ..#.. ..... ..... ..... ..... .....',
  '(': '...#. ..#.. .#... .#... .#... ..#.. ...#.',
  ')': '.#... ..#.. ...#. ...#. ...#. ..#.. .#...',
  '#': '.#.#. .#.#. ##### .#.#. ##### .#.#. .#.#.',
  '&': '.##.. #..#. #.#.. .#... #.#.# #..#. .##.#',
  '+': '..... ..#.. ..#.. ##### ..#.. ..#.. .....',
  '=': '..... ..... ##### ..... ##### ..... .....',
  '%': '##..# ##..# ...#. ..#.. .#... #..## #..##',
  '^': '..#.. .#.#. #...# ..... ..... ..... .....',
  '<': '...#. ..#.. .#... #.... .#... ..#.. ...#.',
  '>': '.#... ..#.. ...#. ....# ...#. ..#.. .#...',
};

/** Horizontal ink runs of each glyph as [row, startColumn, length], precomputed once. */
const RUNS = new Map<string, [number, number, number][]>();
for (const [ch, rows] of Object.entries(GLYPHS)) {
  const runs: [number, number, number][] = [];
  rows.split(' ').forEach((row, y) => {
    for (let x = 0; x < row.length; x++) {
      if (row[x] !== '#') continue;
      let end = x;
      while (end + 1 < row.length && row[end + 1] === '#') end++;
      runs.push([y, x, end - x + 1]);
      x = end;
    }
  });
  RUNS.set(ch, runs);
}

/** Characters the font can draw; anything else is drawn as '?'. */
export const SUPPORTED_CHARS = [...RUNS.keys()].join('');

function glyphRuns(ch: string): [number, number, number][] {
  return RUNS.get(ch.toUpperCase()) ?? RUNS.get('?')!;
}

/** Width in font cells of one line of text. */
function lineCells(line: string): number {
  const n = [...line].length;
  return n === 0 ? 0 : n * GLYPH_W + (n - 1) * LETTER_GAP;
}

/** Pixel size of a (possibly multi-line, '\n'-separated) text drawn with square cells `cell` px wide. */
export function measureText(text: string, cell: number): { width: number; height: number } {
  const lines = text.split('\n');
  return {
    width: Math.max(...lines.map(lineCells)) * cell,
    height: (lines.length * GLYPH_H + (lines.length - 1) * LINE_GAP) * cell,
  };
}

/** Largest cell size at which `text` fits in maxWidth x maxHeight pixels. */
export function fitCell(text: string, maxWidth: number, maxHeight = Infinity): number {
  const unit = measureText(text, 1);
  return Math.min(maxWidth / Math.max(unit.width, 1), maxHeight / Math.max(unit.height, 1));
}

export interface TextOptions {
  /** Size of one font cell in pixels; a capital letter is 5 x 7 cells. */
  cell: number;
  fill: string;
  /** x is the left edge, the centre or the right edge of every line. */
  align?: 'left' | 'center' | 'right';
  /** Optional contrasting outline (in pixels) so text reads on any background. */
  outline?: { color: string; width: number };
  opacity?: number;
}

const num = (v: number) => (Math.round(v * 100) / 100).toString();

/** Path data of the text's ink with its top edge at y (one closed rectangle per run). */
export function textPathData(
  text: string,
  x: number,
  y: number,
  cell: number,
  align: TextOptions['align'] = 'left',
): string {
  const parts: string[] = [];
  text.split('\n').forEach((line, li) => {
    const w = lineCells(line) * cell;
    const left = align === 'center' ? x - w / 2 : align === 'right' ? x - w : x;
    const top = y + li * (GLYPH_H + LINE_GAP) * cell;
    [...line].forEach((ch, ci) => {
      const gx = left + ci * (GLYPH_W + LETTER_GAP) * cell;
      for (const [row, col, len] of glyphRuns(ch)) {
        parts.push(
          `M${num(gx + col * cell)} ${num(top + row * cell)}h${num(len * cell)}v${num(cell)}h${num(-len * cell)}z`,
        );
      }
    });
  });
  return parts.join('');
}

/** An SVG fragment drawing `text` with its top edge at y; embed it in any <svg>. */
export function textSvg(text: string, x: number, y: number, opts: TextOptions): string {
  const d = textPathData(text, x, y, opts.cell, opts.align);
  if (!d) return '';
  const op = opts.opacity !== undefined ? ` opacity="${opts.opacity}"` : '';
  const outline = opts.outline
    ? `<path d="${d}" fill="${opts.outline.color}" stroke="${opts.outline.color}" stroke-width="${num(opts.outline.width * 2)}" stroke-linejoin="round"${op}/>`
    : '';
  return `${outline}<path d="${d}" fill="${opts.fill}"${op}/>`;
}
