// Floor plans (minimaps): the details of a floor, and replacing its image with sized variants under new keys.
import { randomUUID } from 'node:crypto';
import type { DB } from '../db/database.ts';
import type { BlobStore } from '../storage/blobStore.ts';
import type { Minimap } from '../../contract/api.ts';
import { emptyMinimap } from '../../contract/emptyMinimap.ts';
import { requireSite, getFloor, defaultFloorName, defaultFloorTag, syncFloorCount, MAX_FLOOR } from './floors.ts';
import { prepareImage } from './uploadedImages.ts';
import { Invalid } from './errors.ts';
import { inTransaction, lockSite } from '../db/transactions.ts';
import { sql } from 'kysely';
import { recordBy, type AuditBy } from './audit/audit.ts';

/** Widths of the two variants: the corner minimap and the enlarged one. */
const SMALL_WIDTH = 400;
const LARGE_WIDTH = 1600;

export async function minimapDetails(db: DB, site: string, floor: number): Promise<Minimap> {
  await requireSite(db, site);
  const [row, f] = await Promise.all([
    db.selectFrom('minimaps').selectAll().where('site', '=', site).where('floor', '=', floor).executeTakeFirst(),
    getFloor(db, site, floor),
  ]);
  const base = emptyMinimap(site, floor);
  // The floor's name and tag are given whenever the floor exists, image or not.
  if (f) {
    base.floor_name = f.floor_name;
    base.floor_tag = f.floor_tag;
  }
  if (!row) return base;
  return {
    ...base,
    image_url: row.image_url,
    image_large_url: row.image_large_url,
    image: row.image,
    x_pixel_offset: row.x_pixel_offset,
    y_pixel_offset: row.y_pixel_offset,
    x_scale: row.x_scale,
    y_scale: row.y_scale,
    img_width: row.img_width,
    img_height: row.img_height,
    xy_flipped: row.xy_flipped === 1,
    __v: row.version,
  };
}

/**
 * Replaces the floor plan of a floor. The picture is checked first (nothing changes when it is not an image);
 * the original and two variants are written under new immutable keys, then the row is updated in one transaction.
 * Offsets, scales and flip of an existing row are kept; the floor row is created when missing. Every upload bumps
 * __v (the first image gives 1, since the empty default is 0).
 * Earlier images are not overwritten (their keys are immutable and may still be cached by viewers); once no row
 * points to them, the next start-up sweep or `npm run blobs:sweep` removes them.
 */
export async function uploadMinimapImage(
  db: DB,
  blobs: BlobStore,
  site: string,
  floor: number,
  data: Buffer,
  by?: AuditBy,
): Promise<Minimap> {
  if (!Number.isInteger(floor) || floor < 0 || floor > MAX_FLOOR)
    throw new Invalid(`The floor must be a whole number from 0 to ${MAX_FLOOR}, not ${floor}.`);
  await requireSite(db, site);
  const {
    info,
    variants: [small, large],
  } = await prepareImage(data, [SMALL_WIDTH, LARGE_WIDTH]);
  const id = randomUUID();
  const prefix = `minimaps/${site}/${id}`;
  const keys = {
    original: `${prefix}/original.${info.ext}`,
    small: `${prefix}/small.${small.ext}`,
    large: `${prefix}/large.${large.ext}`,
  };
  const staging = await blobs.stage();
  try {
    await staging.write(keys.original, data);
    await staging.write(keys.small, small.data);
    await staging.write(keys.large, large.data);
    await staging.commit([prefix]);
    await inTransaction(db, async (trx) => {
      await lockSite(trx, site);
      const images = {
        image: blobs.url(keys.original),
        image_url: blobs.url(keys.small),
        image_large_url: blobs.url(keys.large),
        img_width: info.width,
        img_height: info.height,
      };
      // Upserts: two uploads of the same floor at once both count in __v, neither is refused.
      await trx
        .insertInto('minimaps')
        .values({
          site,
          floor,
          ...images,
          x_pixel_offset: 0,
          y_pixel_offset: 0,
          x_scale: 1,
          y_scale: 1,
          xy_flipped: 0,
          version: 1,
        })
        .onConflict((oc) =>
          oc.columns(['site', 'floor']).doUpdateSet({ ...images, version: sql<number>`minimaps.version + 1` }),
        )
        .execute();
      const added = await trx
        .insertInto('floors')
        .values({ site, floor, floor_name: defaultFloorName(floor), floor_tag: defaultFloorTag(floor) })
        .onConflict((oc) => oc.columns(['site', 'floor']).doNothing())
        .executeTakeFirst();
      if (Number(added.numInsertedOrUpdatedRows ?? 0) > 0) await syncFloorCount(trx, site);
      await recordBy(trx, by, {
        site,
        action: 'floorPlan.upload',
        target: `the floor plan of floor ${floor}`,
        detail: { width: info.width, height: info.height },
      });
    });
  } catch (err) {
    await staging.rollback();
    throw err;
  }
  await staging.discard();
  return minimapDetails(db, site, floor);
}
