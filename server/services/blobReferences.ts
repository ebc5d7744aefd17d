// Which media prefixes rows point to. Tiles are named by survey_nodes.tiles_id; every other blob by a URL of the blob
// store (/media/… or the bucket's public address) in some text column (image columns, document URLs, settings and
// HTML that embed pictures). The text columns are found by introspection, so a column added later is covered.
import { sql } from 'kysely';
import type { DB } from '../db/database.ts';
import { MEDIA_PREFIX } from '../storage/blobStore.ts';
import { unitOf } from '../storage/blobUnits.ts';
import { ownTables } from '../db/ownTables.ts';

/** Tables whose text never names a blob (and may be large or secret). */
const SKIPPED_TABLES = new Set(['pending_blobs', 'sessions', 'users', 'user_sites']);
const KEY_CHARS = '([A-Za-z0-9._~%/-]+)';
const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Keys named by URLs of the store (each starting with one of `prefixes`, "/media/" by default) anywhere in `text`. */
function mediaKeysIn(text: string, prefixes: string[] = [MEDIA_PREFIX]): string[] {
  const out: string[] = [];
  const urls = new RegExp(`(?:${prefixes.map(escapeRegExp).join('|')})${KEY_CHARS}`, 'g');
  for (const m of text.matchAll(urls)) {
    try {
      out.push(decodeURIComponent(m[1]));
    } catch {
      out.push(m[1]);
    }
  }
  return out;
}

/** Every unit some row points to. */
export async function referencedUnits(db: DB, prefixes: string[] = [MEDIA_PREFIX]): Promise<Set<string>> {
  const units = new Set<string>();
  for (const r of await db.selectFrom('survey_nodes').select('tiles_id').execute()) units.add(`tiles/${r.tiles_id}`);
  const tables = await ownTables(db);
  for (const t of tables) {
    if (SKIPPED_TABLES.has(t.name) || t.name.startsWith('kysely_')) continue;
    for (const c of t.columns.filter((col) => /text|char/i.test(col.dataType))) {
      for (const prefix of prefixes) {
        const { rows } = await sql<{
          v: string;
        }>`select distinct ${sql.ref(c.name)} as v from ${sql.table(t.name)} where ${sql.ref(c.name)} like ${'%' + prefix + '%'}`.execute(
          db,
        );
        for (const { v } of rows)
          for (const key of mediaKeysIn(v, prefixes)) {
            const u = unitOf(key);
            if (u) units.add(u);
          }
      }
    }
  }
  return units;
}
