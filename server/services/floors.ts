// Floors of a site: the ordered list, adding an empty floor, and editing a floor's name and tag.
import type { DB } from '../db/database.ts';
import type { Floor } from '../../contract/api.ts';
import { Invalid, NotFound } from './errors.ts';
import { siteExists } from './sites.ts';
import { patchSiteSettings } from './settings.ts';
import { inTransaction, lockSite } from '../db/transactions.ts';
import { recordBy, type AuditBy } from './audit/audit.ts';

/** Highest floor number accepted (a sanity bound, not a product rule). */
export const MAX_FLOOR = 200;

/** Spec 5: an empty tag defaults to the floor number as text, an empty name to 'Floor {floor}'. */
export const defaultFloorTag = (floor: number) => String(floor);
export const defaultFloorName = (floor: number) => `Floor ${floor}`;

export async function requireSite(db: DB, site: string): Promise<void> {
  if (!(await siteExists(db, site))) throw new NotFound(`There is no site "${site}".`);
}

function checkFloor(floor: number): void {
  if (!Number.isInteger(floor) || floor < 0 || floor > MAX_FLOOR)
    throw new Invalid(`The floor must be a whole number from 0 to ${MAX_FLOOR}, not ${floor}.`);
}

export async function listFloors(db: DB, site: string): Promise<Floor[]> {
  await requireSite(db, site);
  return db
    .selectFrom('floors')
    .select(['floor', 'floor_tag', 'floor_name'])
    .where('site', '=', site)
    .orderBy('floor')
    .execute();
}

export async function getFloor(db: DB, site: string, floor: number): Promise<Floor | undefined> {
  return db
    .selectFrom('floors')
    .select(['floor', 'floor_tag', 'floor_name'])
    .where('site', '=', site)
    .where('floor', '=', floor)
    .executeTakeFirst();
}

/** Keeps the settings' num_floors equal to the number of floor rows. */
export async function syncFloorCount(db: DB, site: string): Promise<void> {
  const row = await db
    .selectFrom('floors')
    .select(db.fn.countAll<number>().as('n'))
    .where('site', '=', site)
    .executeTakeFirstOrThrow();
  await patchSiteSettings(db, site, { num_floors: Number(row.n) });
}

/** Adds an empty floor with default name and tag; an existing floor is left as it is. Answers the floor. */
export async function addFloor(db: DB, site: string, floor: number, by?: AuditBy): Promise<Floor> {
  checkFloor(floor);
  return inTransaction(db, async (trx) => {
    await requireSite(trx, site);
    await lockSite(trx, site);
    const row = { site, floor, floor_tag: defaultFloorTag(floor), floor_name: defaultFloorName(floor) };
    // Insert-or-keep: a floor a concurrent request added meanwhile is answered as it is.
    const added = await trx
      .insertInto('floors')
      .values(row)
      .onConflict((oc) => oc.columns(['site', 'floor']).doNothing())
      .executeTakeFirst();
    if (Number(added.numInsertedOrUpdatedRows ?? 0) === 0) return (await getFloor(trx, site, floor))!;
    await syncFloorCount(trx, site);
    await recordBy(trx, by, { site, action: 'floor.add', target: `floor ${floor}`, detail: { name: row.floor_name } });
    return { floor, floor_tag: row.floor_tag, floor_name: row.floor_name };
  });
}

/** Sets a floor's name and tag (creating the floor row when the site has none for it yet). */
export async function saveFloorDetails(
  db: DB,
  site: string,
  input: { floor: number; floor_name: string; floor_tag: string },
  by?: AuditBy,
): Promise<Floor> {
  checkFloor(input.floor);
  const floor_tag = input.floor_tag.trim() || defaultFloorTag(input.floor);
  const floor_name = input.floor_name.trim() || defaultFloorName(input.floor);
  return inTransaction(db, async (trx) => {
    await requireSite(trx, site);
    await lockSite(trx, site);
    const existing = await getFloor(trx, site, input.floor);
    await trx
      .insertInto('floors')
      .values({ site, floor: input.floor, floor_tag, floor_name })
      .onConflict((oc) => oc.columns(['site', 'floor']).doUpdateSet({ floor_tag, floor_name }))
      .execute();
    if (!existing) await syncFloorCount(trx, site);
    await recordBy(trx, by, {
      site,
      action: 'floor.details',
      target: `floor ${input.floor}`,
      detail: {
        from_name: existing?.floor_name ?? null,
        to_name: floor_name,
        from_tag: existing?.floor_tag ?? null,
        to_tag: floor_tag,
      },
    });
    return { floor: input.floor, floor_tag, floor_name };
  });
}
