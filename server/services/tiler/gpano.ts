// Google's Photo Sphere XMP (GPano) read from a photo's XMP packet: the full sphere's size, where the stored picture
// sits in it, and the compass heading. Pure text parsing; a value may be written as an attribute
// (`GPano:FullPanoWidthPixels="8192"`) or as an element (`<GPano:FullPanoWidthPixels>8192</...>`), under any prefix
// the packet binds to the GPano namespace.

const GPANO_NS = 'http://ns.google.com/photos/1.0/panorama/';

export const GPANO_FIELDS = [
  'ProjectionType',
  'FullPanoWidthPixels',
  'FullPanoHeightPixels',
  'CroppedAreaImageWidthPixels',
  'CroppedAreaImageHeightPixels',
  'CroppedAreaLeftPixels',
  'CroppedAreaTopPixels',
  'PoseHeadingDegrees',
] as const;
export type GPanoField = (typeof GPANO_FIELDS)[number];

/** The GPano values present in the packet, as written (trimmed text). */
export type GPano = Partial<Record<GPanoField, string>>;

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * XMP longer than this is not read at all. A JPEG's XMP segment cannot exceed it, and the scan must stay cheap on
 * an attacker's PNG or WebP carrying megabytes of it. Ignoring rather than refusing: a 2:1 photo then tiles as a
 * whole sphere (losing only a heading), and a cropped one is refused anyway for not being 2:1.
 */
export const MAX_XMP_CHARS = 64 * 1024;
/** Prefixes honoured per packet: a real writer binds one; many would multiply the scan. */
const MAX_PREFIXES = 4;
/** Longest value or element attribute list looked at: GPano values are short numbers and words. */
const MAX_VALUE = 256;

/** Prefixes bound to the GPano namespace (`GPano` when the packet declares none, as some writers do). */
function gpanoPrefixes(xmp: string): string[] {
  const found = [...xmp.matchAll(/xmlns:([\w.-]{1,64})\s{0,16}=\s{0,16}["']([^"']{0,256})["']/g)]
    .filter((m) => m[2] === GPANO_NS)
    .map((m) => m[1]);
  return found.length ? [...new Set(found)].slice(0, MAX_PREFIXES) : ['GPano'];
}

function decodeEntities(s: string): string {
  return s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
}

/**
 * One pass over the packet finding both forms. Every quantifier is bounded, so each starting position costs a
 * constant and the scan is linear in the packet's length whatever it holds.
 */
function gpanoPattern(prefixes: string[]): RegExp {
  const p = prefixes.map(escapeRe).join('|');
  const f = GPANO_FIELDS.join('|');
  const v = `{0,${MAX_VALUE}}`;
  const element = `<(${p}):(${f})(?:\\s[^>]${v})?>([^<]${v})</\\1:\\2\\s{0,16}>`;
  const attribute = `\\b(${p}):(${f})\\s{0,16}=\\s{0,16}(?:"([^"]${v})"|'([^']${v})')`;
  return new RegExp(`${element}|${attribute}`, 'g');
}

/** Every GPano field the XMP packet carries (the first of each wins); fields it lacks are absent. */
export function parseGPano(xmp: string): GPano {
  const out: GPano = {};
  if (xmp.length > MAX_XMP_CHARS) return out;
  for (const m of xmp.matchAll(gpanoPattern(gpanoPrefixes(xmp)))) {
    const field = (m[2] ?? m[5]) as GPanoField;
    const raw = m[3] ?? m[6] ?? m[7];
    if (out[field] === undefined) out[field] = decodeEntities(raw).trim();
  }
  return out;
}

/** A GPano number: plain decimal text only ("8192", "-12.5"); anything else is NaN (unreadable). */
export function gpanoNumber(text: string): number {
  return /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/.test(text) ? Number(text) : NaN;
}
