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

/** Prefixes bound to the GPano namespace (`GPano` when the packet declares none, as some writers do). */
function gpanoPrefixes(xmp: string): string[] {
  const found = [...xmp.matchAll(/xmlns:([\w.-]+)\s*=\s*["']([^"']*)["']/g)]
    .filter((m) => m[2] === GPANO_NS)
    .map((m) => m[1]);
  return found.length ? found : ['GPano'];
}

function decodeEntities(s: string): string {
  return s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
}

/** Every GPano field the XMP packet carries; fields it lacks are absent. */
export function parseGPano(xmp: string): GPano {
  const out: GPano = {};
  for (const prefix of gpanoPrefixes(xmp)) {
    const p = escapeRe(prefix);
    for (const field of GPANO_FIELDS) {
      if (out[field] !== undefined) continue;
      const attr = new RegExp(`\\b${p}:${field}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`).exec(xmp);
      const elem = new RegExp(`<${p}:${field}(?:\\s[^>]*)?>([^<]*)</${p}:${field}\\s*>`).exec(xmp);
      const raw = attr ? (attr[1] ?? attr[2]) : elem?.[1];
      if (raw !== undefined) out[field] = decodeEntities(raw).trim();
    }
  }
  return out;
}

/** A GPano number: plain decimal text only ("8192", "-12.5"); anything else is NaN (unreadable). */
export function gpanoNumber(text: string): number {
  return /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/.test(text) ? Number(text) : NaN;
}
