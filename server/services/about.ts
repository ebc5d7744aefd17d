// The about page of a site: one HTML text per site (sanitised by the client with DOMPurify before rendering).
import type { DB } from '../db/database.ts';
import { requireSite } from './floors.ts';

export async function getAbout(db: DB, site: string): Promise<{ info: string }> {
  await requireSite(db, site);
  const row = await db.selectFrom('abouts').select('info').where('site', '=', site).executeTakeFirst();
  return { info: row?.info ?? '' };
}

export async function saveAbout(db: DB, site: string, info: string): Promise<{ info: string }> {
  return db.transaction().execute(async (trx) => {
    await requireSite(trx, site);
    await trx.insertInto('abouts').values({ site, info }).onConflict((oc) => oc.column('site').doUpdateSet({ info })).execute();
    return { info };
  });
}
