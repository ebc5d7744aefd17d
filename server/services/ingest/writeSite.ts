// The site an upload goes to: created when new (mode addNewSite, or a URL naming no site yet), then locked.
import { SITE_ID } from '../../../contract/limits.ts';
import type { DB } from '../../db/database.ts';
import { lockSite, lockSiteIds } from '../../db/transactions.ts';
import { Conflict, Invalid } from '../errors.ts';
import { createSite, uniqueSiteId } from '../sites.ts';
import type { IngestTarget } from './sceneToWrite.ts';

/** Returns the site's id and whether this upload created it. Runs inside the caller's transaction. */
export async function writeSite(trx: DB, req: IngestTarget): Promise<{ site: string; newSite: boolean }> {
  let site = req.site;
  let newSite = false;
  if (req.mode === 'addNewSite') {
    // New site ids are chosen one writer at a time (concurrent uploads with one name get name, name-2, ...).
    await lockSiteIds(trx);
    const name = (req.siteName ?? '').trim() || req.site;
    // A pin of the multi-site map may already point at the URL's site id: the new site takes that id.
    const reservedByPin =
      SITE_ID.test(req.site) &&
      !!(await trx.selectFrom('pins').select('id').where('site', '=', req.site).limit(1).executeTakeFirst()) &&
      !(await trx.selectFrom('sites').select('id').where('id', '=', req.site).executeTakeFirst());
    if (req.exactSiteId && !SITE_ID.test(req.site))
      throw new Invalid(`"${req.site}" cannot be a site id: use letters, digits, '-' and '_' only.`);
    if (
      req.exactSiteId &&
      !reservedByPin &&
      (await trx.selectFrom('sites').select('id').where('id', '=', req.site).executeTakeFirst())
    ) {
      throw new Conflict(`The site "${req.site}" already exists; add the scenes to it instead of creating it again.`);
    }
    site = reservedByPin || req.exactSiteId ? req.site : await uniqueSiteId(trx, name);
    await createSite(trx, site, name);
    newSite = true;
  } else if (!(await trx.selectFrom('sites').select('id').where('id', '=', req.site).executeTakeFirst())) {
    if (req.exactSiteId && !SITE_ID.test(req.site))
      throw new Invalid(`"${req.site}" cannot be a site id: use letters, digits, '-' and '_' only.`);
    site = SITE_ID.test(req.site) ? req.site : await uniqueSiteId(trx, req.site);
    await createSite(trx, site, (req.siteName ?? '').trim() || req.site);
    newSite = true;
  }
  // Writers of one site take turns from here: node numbers and the settings document are read, then written.
  await lockSite(trx, site);
  return { site, newSite };
}
