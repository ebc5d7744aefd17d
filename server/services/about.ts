// The about page of a site: one HTML text per site, stored sanitised (and sanitised again by the client).
import type { DB } from '../db/database.ts';
import { sanitizeStoredHtml } from './sanitizeHtml.ts';
import { requireSite } from './floors.ts';

export async function getAbout(db: DB, site: string): Promise<{ info: string }> {
  await requireSite(db, site);
  const row = await db.selectFrom('abouts').select('info').where('site', '=', site).executeTakeFirst();
  return { info: row?.info ?? '' };
}

export async function saveAbout(db: DB, site: string, html: string): Promise<{ info: string }> {
  const info = sanitizeStoredHtml(html);
  return db.transaction().execute(async (trx) => {
    await requireSite(trx, site);
    await trx.insertInto('abouts').values({ site, info }).onConflict((oc) => oc.column('site').doUpdateSet({ info })).execute();
    return { info };
  });
}
