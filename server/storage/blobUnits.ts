// Blob "units": what an upload adds and the sweep removes as a whole ("tiles/<id>", "docs/<site>/<uuid>", …).

/** How many path segments name one unit, per top folder. */
export const UNIT_DEPTH: Record<string, number> = {
  tiles: 2,
  minimaps: 3,
  docs: 3,
  pins: 2,
  sitemaps: 2,
  hotspots: 2,
  incoming: 2,
};

/** The unit a key belongs to ("docs/site/uuid/a.pdf" -> "docs/site/uuid"); null for a folder the sweep does not manage. */
export function unitOf(key: string): string | null {
  const parts = key.split('/').filter(Boolean);
  const depth = UNIT_DEPTH[parts[0] ?? ''];
  if (!depth || parts.length < depth) return null;
  return parts.slice(0, depth).join('/');
}
