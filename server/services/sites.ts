// Sites: creation with default settings, listing, slug ids.
import type { DB } from '../db/database.ts';
import { idSlug } from '../../contract/slugs.ts';
import { defaultSiteSettings, saveSiteSettings } from './settings.ts';
import { storableName } from '../../contract/storableName.ts';

/** A URL-safe id from a name, unique among existing sites. */
export async function uniqueSiteId(db: DB, name: string): Promise<string> {
  const base = idSlug(name, 'site');
  let id = base;
  for (let n = 2; await db.selectFrom('sites').select('id').where('id', '=', id).executeTakeFirst(); n++)
    id = `${base}-${n}`;
  return id;
}

/** Creates the site row and its default settings; run inside the caller's transaction. */
export async function createSite(db: DB, id: string, rawName: string): Promise<void> {
  // Uploads name a site in a multipart field and the import command in an argument: neither passes the HTTP boundary.
  const name = storableName(rawName);
  await db.insertInto('sites').values({ id, name, created_at: new Date().toISOString() }).execute();
  await saveSiteSettings(db, defaultSiteSettings(id, name));
}

export async function listSites(db: DB) {
  return db.selectFrom('sites').select(['id', 'name']).orderBy('created_at').execute();
}

export async function siteExists(db: DB, site: string): Promise<boolean> {
  return !!(await db.selectFrom('sites').select('id').where('id', '=', site).executeTakeFirst());
}
