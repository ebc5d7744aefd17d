// Which media prefixes rows point to. Tiles are named by survey_nodes.tiles_id; every other blob by a /media/ URL in
// some text column (image columns, document URLs, settings and HTML that embed pictures). The text columns are found
// by introspection, so a column added later is covered without a change here.
import { sql } from 'kysely';
import type { DB } from '../db/database.ts';
import { MEDIA_PREFIX } from '../storage/blobStore.ts';

/** How many path segments name one blob "unit" (what an upload adds and the sweep removes as a whole), per top folder. */
export const UNIT_DEPTH: Record<string, number> = { tiles: 2, minimaps: 3, docs: 3, pins: 2, sitemaps: 2, hotspots: 2 };

/** The unit a key belongs to ("docs/site/uuid/a.pdf" -> "docs/site/uuid"); null for a folder the sweep does not manage. */
export function unitOf(key: string): string | null {
  const parts = key.split('/').filter(Boolean);
  const depth = UNIT_DEPTH[parts[0] ?? ''];
  if (!depth || parts.length < depth) return null;
  return parts.slice(0, depth).join('/');
}

/** Tables whose text never names a blob (and may be large or secret). */
const SKIPPED_TABLES = new Set(['pending_blobs', 'sessions', 'users', 'user_sites']);
const MEDIA_URL = /\/media\/([A-Za-z0-9._~%/-]+)/g;

/** Keys named by /media/ URLs anywhere in `text`. */
function mediaKeysIn(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(MEDIA_URL)) {
    try {
      out.push(decodeURIComponent(m[1]));
    } catch {
      out.push(m[1]);
    }
  }
  return out;
}

/** Every unit some row points to. */
export async function referencedUnits(db: DB): Promise<Set<string>> {
  const units = new Set<string>();
  for (const r of await db.selectFrom('survey_nodes').select('tiles_id').execute()) units.add(`tiles/${r.tiles_id}`);
  const tables = await db.introspection.getTables();
  for (const t of tables) {
    if (SKIPPED_TABLES.has(t.name) || t.name.startsWith('kysely_')) continue;
    for (const c of t.columns.filter((col) => /text|char/i.test(col.dataType))) {
      const { rows } = await sql<{
        v: string;
      }>`select distinct ${sql.ref(c.name)} as v from ${sql.table(t.name)} where ${sql.ref(c.name)} like ${'%' + MEDIA_PREFIX + '%'}`.execute(
        db,
      );
      for (const { v } of rows)
        for (const key of mediaKeysIn(v)) {
          const u = unitOf(key);
          if (u) units.add(u);
        }
    }
  }
  return units;
}
