// The about page of a site: one HTML text per site, stored sanitised, sanitised again when handed out (texts stored
// before the policy) and by the client before it is shown.
import type { DB } from '../db/database.ts';
import { sanitizeServedHtmlOffThread, sanitizeStoredHtmlOffThread } from './htmlWorker.ts';
import { requireSite } from './floors.ts';

export async function getAbout(
  db: DB,
  site: string,
  opts: { allowExternalImages: boolean },
): Promise<{ info: string }> {
  await requireSite(db, site);
  const row = await db.selectFrom('abouts').select('info').where('site', '=', site).executeTakeFirst();
  const [info] = await sanitizeServedHtmlOffThread([row?.info ?? ''], opts.allowExternalImages);
  return { info };
}

/** Stores the sanitised text and answers it as a reader will get it. */
export async function saveAbout(
  db: DB,
  site: string,
  html: string,
  opts: { allowExternalImages: boolean },
): Promise<{ info: string }> {
  const [info] = await sanitizeStoredHtmlOffThread([html]);
  const [answer] = await sanitizeServedHtmlOffThread([info], opts.allowExternalImages);
  return db.transaction().execute(async (trx) => {
    await requireSite(trx, site);
    await trx
      .insertInto('abouts')
      .values({ site, info })
      .onConflict((oc) => oc.column('site').doUpdateSet({ info }))
      .execute();
    return { info: answer };
  });
}
