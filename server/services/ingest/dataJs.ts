// `app-files/data.js` of a Marzipano Tool export, read as data (JSON or hand-edited JavaScript object syntax, see
// appDataLiteral.ts) and checked against bounds far beyond real exports.
import { z } from 'zod';
import { Invalid } from '../errors.ts';
import { HTML_LIMITS, htmlBoundsProblem, startTagCount } from '../sanitizeHtml.ts';
import { storableName } from '../../../contract/storableName.ts';
import { AppDataSyntaxError, readAppDataFast, readAppDataLiteral } from './appDataLiteral.ts';
import { readAppDataJson5OffThread } from '../htmlWorker.ts';
import { checkOwnFields, infoFieldValue, withOwnFields } from './infoHotspotFields.ts';

// Bounds far beyond real Marzipano Tool exports (faces of 1,024-8,192 pixels, 3-6 levels, 256-1,024 pixel tiles)
// and far below anything that could make planning a scene's tiles hurt the server (see MAX_TILES_PER_SCENE).
const DATA_JS_LIMITS = {
  scenes: 2000,
  levels: 12,
  faceSize: 65_536,
  tileSizeMin: 16,
  tileSizeMax: 8192,
  tilesPerSide: 256,
  hotspots: 1000,
  idChars: 200,
  nameChars: 500,
  textChars: 100_000,
  angle: 1000,
} as const;
const L = DATA_JS_LIMITS;
const num = (lo: number, hi: number) =>
  z
    .number({ message: 'expected a number' })
    .finite('expected a finite number')
    .min(lo, `must be from ${lo} to ${hi}`)
    .max(hi, `must be from ${lo} to ${hi}`);
const whole = (lo: number, hi: number) =>
  z
    .number({ message: 'expected a whole number' })
    .int('expected a whole number')
    .min(lo, `must be from ${lo} to ${hi}`)
    .max(hi, `must be from ${lo} to ${hi}`);
const text = (max: number) => z.string({ message: 'expected text' }).max(max, `may have at most ${max} characters`);
/** A name we store (scene, hotspot and tour names) in its storable spelling, so it meets CSV cells and folder names. */
const name = (max: number) => text(max).transform(storableName);
const angle = num(-L.angle, L.angle);
const level = z
  .object({
    tileSize: whole(L.tileSizeMin, L.tileSizeMax),
    size: whole(1, L.faceSize),
    fallbackOnly: z.boolean().optional(),
  })
  .refine((l) => Math.ceil(l.size / l.tileSize) <= L.tilesPerSide, {
    message: `has more than ${L.tilesPerSide} tiles per face side`,
  });
const scene = z.object({
  id: text(L.idChars).min(1, 'must not be empty'),
  name: name(L.nameChars),
  levels: z
    .array(level)
    .min(2, 'needs the preview level and at least one tile level')
    .max(L.levels, `may have at most ${L.levels} levels`),
  faceSize: num(0, L.faceSize).positive(),
  initialViewParameters: z.object({ yaw: angle, pitch: angle, fov: num(0, 10).positive() }),
  linkHotspots: z
    .array(z.object({ yaw: angle, pitch: angle, rotation: angle.default(0), target: text(L.idChars) }))
    .max(L.hotspots, `may have at most ${L.hotspots} link hotspots`)
    .default([]),
  infoHotspots: z
    .array(
      z
        .object({ yaw: angle, pitch: angle, title: name(L.nameChars).default(''), text: text(L.textChars).default('') })
        .catchall(infoFieldValue)
        .superRefine(checkOwnFields(['yaw', 'pitch', 'title', 'text']))
        .transform(withOwnFields),
    )
    .max(L.hotspots, `may have at most ${L.hotspots} info hotspots`)
    .default([]),
});
const appDataSchema = z.object({
  scenes: z.array(scene).min(1, 'the tour has no scenes').max(L.scenes, `may have at most ${L.scenes} scenes`),
  name: name(L.nameChars).optional(),
  settings: z
    .object({ mouseViewMode: text(20).optional() })
    .loose()
    .optional(),
});
export type AppData = z.infer<typeof appDataSchema>;
export type AppScene = AppData['scenes'][number];

const FILE = 'app-files/data.js';
/** A scene id becomes a folder name: one path segment, no dot-dot. */
const SAFE_ID = /^(?!\.{1,2}$)[^/\\\0]+$/;

function issuePath(data: unknown, path: PropertyKey[]): string {
  let out = '';
  // Walks the parsed data.js along the issue's path, whatever shape it has.
  let cur = data as Record<PropertyKey, unknown> | undefined;
  for (const p of path) {
    if (typeof p === 'number') {
      out += `[${p}]`;
      cur = cur?.[p] as Record<PropertyKey, unknown> | undefined;
      // Name the scene, not just its index.
      if (out.startsWith('scenes[') && out.indexOf(']') === out.length - 1 && typeof cur?.name === 'string')
        out += ` ("${cur.name}")`;
    } else {
      out += (out ? '.' : '') + String(p);
      cur = cur?.[p] as Record<PropertyKey, unknown> | undefined;
    }
  }
  return out || 'APP_DATA';
}

const bodyOf = (text: string) => (text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);

function unreadable(e: unknown): never {
  if (!(e instanceof AppDataSyntaxError)) throw e;
  throw new Invalid(
    `${FILE} could not be read at line ${e.line}, column ${e.column}: ${e.reason}. Fix it there, or export the tour again with the Marzipano Tool.`,
  );
}

/** Parses the text of data.js into a validated AppData on the calling thread, or throws Invalid naming what is wrong. */
export function parseDataJs(text: string): AppData {
  let raw: unknown;
  try {
    raw = readAppDataLiteral(bodyOf(text));
  } catch (e) {
    unreadable(e);
  }
  return appDataOf(raw);
}

/**
 * parseDataJs for the server: a data.js as the Tool writes it is read at once, a hand-edited one as JSON5 in the
 * parsing thread, so that a slow read never holds the event loop.
 */
export async function parseDataJsOffLoop(text: string): Promise<AppData> {
  const body = bodyOf(text);
  let raw: unknown;
  try {
    const fast = readAppDataFast(body);
    raw = 'value' in fast ? fast.value : await readAppDataJson5OffThread(body);
  } catch (e) {
    unreadable(e);
  }
  return appDataOf(raw);
}

/** The value read from data.js checked as a Marzipano tour. */
function appDataOf(raw: unknown): AppData {
  if (raw === null)
    throw new Invalid(
      `${FILE} does not hold "var APP_DATA = {...};". Upload the zip exactly as the Marzipano Tool exported it.`,
    );
  // Counted before the schema walks them, so a data.js of a million scenes costs nothing more.
  const sceneCount = Array.isArray((raw as { scenes?: unknown })?.scenes)
    ? (raw as { scenes: unknown[] }).scenes.length
    : 0;
  if (sceneCount > L.scenes)
    throw new Invalid(
      `${FILE} describes ${sceneCount} scenes; one upload may hold at most ${L.scenes}. Split the tour into smaller exports.`,
    );
  const parsed = appDataSchema.safeParse(raw);
  if (!parsed.success) {
    const issues = parsed.error.issues.slice(0, 3).map((i) => `${issuePath(raw, i.path)}: ${i.message}`);
    const more = parsed.error.issues.length > 3 ? ` (and ${parsed.error.issues.length - 3} more)` : '';
    throw new Invalid(`${FILE} does not describe a Marzipano tour: ${issues.join('; ')}${more}.`);
  }
  const data = parsed.data;
  const ids = new Map<string, number>();
  const names = new Map<string, number>();
  data.scenes.forEach((s, i) => {
    if (!SAFE_ID.test(s.id))
      throw new Invalid(`${FILE}: scene ${i} has the id "${s.id}", which cannot be a tile folder name.`);
    if (ids.has(s.id))
      throw new Invalid(`${FILE}: two scenes have the id "${s.id}" (scenes ${ids.get(s.id)} and ${i}).`);
    ids.set(s.id, i);
    if (names.has(s.name))
      throw new Invalid(
        `${FILE}: two scenes are named "${s.name}" (scenes ${names.get(s.name)} and ${i}); scene names must be unique to match the CSV.`,
      );
    names.set(s.name, i);
  });
  // Info hotspot texts are HTML, sanitised when stored: bounded here, before any work, one by one and in all.
  let tags = 0;
  for (const s of data.scenes) for (const h of s.infoHotspots) tags += startTagCount(h.text);
  if (tags > HTML_LIMITS.elementsPerUpload) {
    throw new Invalid(
      `${FILE}: the info hotspot texts hold more than ${HTML_LIMITS.elementsPerUpload.toLocaleString('en')} HTML elements in all; simplify them or split the tour into smaller exports.`,
    );
  }
  for (const s of data.scenes) {
    for (const [k, h] of s.infoHotspots.entries()) {
      const problem = htmlBoundsProblem(h.text);
      if (problem)
        throw new Invalid(
          `${FILE}: the text of info hotspot ${k + 1} ("${h.title.slice(0, 80)}") of scene "${s.name}" ${problem}; simplify it.`,
        );
    }
  }
  // Every broken link at once: a hand-edited tour often has several after a scene was renamed or removed.
  const broken = data.scenes.flatMap((s) =>
    s.linkHotspots
      .filter((h) => !ids.has(h.target))
      .map((h) => `scene "${s.name}" has a link hotspot to "${h.target}"`),
  );
  if (broken.length === 1) throw new Invalid(`${FILE}: ${broken[0]}, which is not a scene of this export.`);
  if (broken.length > 1) {
    const shown = broken.slice(0, 10).join('; ');
    const more = broken.length > 10 ? `; and ${broken.length - 10} more` : '';
    throw new Invalid(`${FILE}: ${broken.length} link hotspots point at no scene of this export: ${shown}${more}.`);
  }
  return data;
}
