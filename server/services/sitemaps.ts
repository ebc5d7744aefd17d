// Site maps: the pictures the multi-site home places pins on, by unique name.
import type { DB } from '../db/database.ts';
import type { Sitemap } from '../../contract/api.ts';
import { Conflict, NotFound } from './errors.ts';
import { checkImageUrl, byText } from './pins.ts';

export const DEFAULT_SITEMAP = 'default';

export async function getSitemap(db: DB, name: string): Promise<Sitemap> {
  const row = await db.selectFrom('sitemaps').select(['name', 'image_url']).where('name', '=', name).executeTakeFirst();
  if (!row)
    throw new NotFound(`There is no site map named "${name}". An administrator can add one with the site-map button.`);
  return row;
}

export async function listSitemaps(db: DB): Promise<Sitemap[]> {
  return (await db.selectFrom('sitemaps').select(['name', 'image_url']).execute()).sort((a, b) =>
    byText(a.name, b.name),
  );
}

/** Creates a map. It does not add the default pin: the client does that next (POST /api/map-pins with sitemap = name). */
export async function createSitemap(db: DB, input: { name: string; image_url: string }): Promise<Sitemap> {
  const name = input.name.trim();
  checkImageUrl(input.image_url, 'The map image');
  // Insert-or-keep on the unique name: of two creations at once one wins, the other is told the name is taken.
  const added = await db
    .insertInto('sitemaps')
    .values({ name, image_url: input.image_url })
    .onConflict((oc) => oc.column('name').doNothing())
    .executeTakeFirst();
  if (Number(added.numInsertedOrUpdatedRows ?? 0) === 0)
    throw new Conflict(`A site map named "${name}" already exists; please choose another name.`);
  return { name, image_url: input.image_url };
}
