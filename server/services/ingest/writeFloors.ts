// The floors an upload's scenes are on, each with its (empty) minimap; rows a concurrent writer made are kept.
import type { DB } from '../../db/database.ts';
import { isDatabaseUnavailable } from '../../db/dbErrors.ts';
import { isDiskFull } from '../../storage/diskFull.ts';
import { Internal } from '../errors.ts';

async function ensureFloor(trx: DB, site: string, floor: number, siteHadFloors: boolean): Promise<void> {
  // Inserts that keep a row a concurrent writer made meanwhile (no select-then-insert race).
  try {
    await trx
      .insertInto('floors')
      .values({ site, floor, floor_name: `Floor ${floor}`, floor_tag: String(floor) })
      .onConflict((oc) => oc.columns(['site', 'floor']).doNothing())
      .execute();
  } catch (e) {
    // A database that is away (503) or a full disk (507) stays that, not a fault of ours.
    if (!siteHadFloors && !isDatabaseUnavailable(e) && !isDiskFull(e))
      throw new Internal('Could not create first floor in database');
    throw e;
  }
  await trx
    .insertInto('minimaps')
    .values({
      site,
      floor,
      image: '',
      image_url: '',
      image_large_url: '',
      x_pixel_offset: 0,
      y_pixel_offset: 0,
      x_scale: 1,
      y_scale: 1,
      img_width: 0,
      img_height: 0,
      xy_flipped: 0,
      version: 0,
    })
    .onConflict((oc) => oc.columns(['site', 'floor']).doNothing())
    .execute();
}

/** Makes sure each of `floors` exists on `site`. Runs inside the caller's transaction. */
export async function writeFloors(trx: DB, site: string, floors: number[]): Promise<void> {
  const siteHadFloors = !!(await trx
    .selectFrom('floors')
    .select('floor')
    .where('site', '=', site)
    .limit(1)
    .executeTakeFirst());
  for (const f of [...new Set(floors)].sort((a, b) => a - b)) await ensureFloor(trx, site, f, siteHadFloors);
}
