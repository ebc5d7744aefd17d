// Which sites are disabled ('Site Disabled' on the map): a site is disabled when it has pins and every one of them
// is hidden (Hide on the pin map). Nothing of a disabled site is shown to anyone who does not administer it: it is
// not listed, and every read about it answers as if it did not exist. A site no pin marks (a single-site install)
// is not on any map, so nothing hides it.
import type { DB } from '../db/database.ts';

/** The ids of every disabled site. */
export async function disabledSites(db: DB): Promise<Set<string>> {
  const rows = await db
    .selectFrom('pins')
    .select('site')
    .groupBy('site')
    .having((eb) => eb.fn.max('enabled'), '=', 0)
    .execute();
  return new Set(rows.map((r) => r.site));
}
