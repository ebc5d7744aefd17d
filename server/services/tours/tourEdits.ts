// Editing tours (a site's administrators): create, save the whole stop list, publish or unpublish, delete. Each
// write checks the tour's revision (409 when another edit came first), checks every stop's scene is a scene of the
// site, sanitises the captions, and commits with its audit entry.
import { randomUUID } from 'node:crypto';
import type { DB } from '../../db/database.ts';
import type { Principal } from '../../auth/principal.ts';
import type { Tour } from '../../../contract/tours.ts';
import type { z } from 'zod';
import type { tourSaveBody } from '../../../contract/tours.ts';
import { TOURS_PER_SITE_MAX } from '../../../contract/tourLimits.ts';
import { storableName } from '../../../contract/storableName.ts';
import { inTransaction, lockSite } from '../../db/transactions.ts';
import { sanitizeStoredHtmlOffThread } from '../htmlWorker.ts';
import { htmlBoundsProblem } from '../sanitizeHtml.ts';
import { bumpRevision } from '../audit/revision.ts';
import { recordAudit } from '../audit/audit.ts';
import { requireSite } from '../floors.ts';
import { Invalid, NotFound } from '../errors.ts';
import { readTour, scenesWhere, type StoredStop } from './tourRows.ts';

type TourSave = z.output<typeof tourSaveBody>;

async function tourName(trx: DB, site: string, id: string): Promise<string> {
  const row = await trx
    .selectFrom('tours')
    .select('name')
    .where('site', '=', site)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw new NotFound('That tour no longer exists; reload the tour list.');
  return row.name;
}

export async function createTour(db: DB, site: string, name: string, actor: Principal | null): Promise<Tour> {
  await requireSite(db, site);
  const id = randomUUID();
  await inTransaction(db, async (trx) => {
    await lockSite(trx, site);
    const count = await trx
      .selectFrom('tours')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('site', '=', site)
      .executeTakeFirstOrThrow();
    if (Number(count.n) >= TOURS_PER_SITE_MAX)
      throw new Invalid(`A site may have at most ${TOURS_PER_SITE_MAX} tours; delete one first.`);
    const now = new Date().toISOString();
    const clean = storableName(name.trim());
    await trx
      .insertInto('tours')
      .values({ id, site, name: clean, published: 0, revision: 0, stops: '[]', created_at: now, updated_at: now })
      .execute();
    await recordAudit(trx, { site, actor, action: 'tour.create', target: `tour "${clean}"` });
  });
  return readTour(db, site, id, true);
}

/** Replaces name and stops of tour `id`, if it is still at `body.revision`. */
export async function saveTour(
  db: DB,
  site: string,
  id: string,
  body: TourSave,
  actor: Principal | null,
): Promise<Tour> {
  body.stops.forEach((s, i) => {
    const problem = htmlBoundsProblem(s.caption);
    if (problem) throw new Invalid(`The caption of stop ${i + 1} ${problem}.`);
  });
  const captions = await sanitizeStoredHtmlOffThread(body.stops.map((s) => s.caption));
  await inTransaction(db, async (trx) => {
    const before = await tourName(trx, site, id);
    await bumpRevision(trx, 'tours', id, body.revision);
    const where = await scenesWhere(
      trx,
      site,
      body.stops.map((s) => s.scene),
    );
    // A stop kept from before whose scene was deleted since keeps its place (the editor shows it as broken);
    // a stop naming a scene that is not the site's is refused.
    const old = new Map(
      (
        JSON.parse(
          (await trx.selectFrom('tours').select('stops').where('id', '=', id).executeTakeFirstOrThrow()).stops,
        ) as StoredStop[]
      ).map((s) => [s.scene, s.scene_title]),
    );
    const stops: StoredStop[] = body.stops.map((s, i) => {
      const found = where.get(s.scene);
      if (!found && !old.has(s.scene))
        throw new Invalid(`Stop ${i + 1} shows "${s.scene}", which is not a scene of this site.`);
      const { yaw, pitch, fov, dwell, scene } = s;
      return {
        scene,
        scene_title: found?.title ?? old.get(s.scene) ?? '',
        yaw,
        pitch,
        fov,
        dwell,
        caption: captions[i],
      };
    });
    const name = storableName(body.name.trim());
    await trx
      .updateTable('tours')
      .set({ name, stops: JSON.stringify(stops), updated_at: new Date().toISOString() })
      .where('id', '=', id)
      .execute();
    await recordAudit(trx, {
      site,
      actor,
      action: 'tour.edit',
      target: `tour "${name}"`,
      detail: { ...(name !== before ? { from: before } : {}), stops: stops.length },
    });
  });
  return readTour(db, site, id, true);
}

export async function publishTour(
  db: DB,
  site: string,
  id: string,
  revision: number,
  published: boolean,
  actor: Principal | null,
): Promise<Tour> {
  await inTransaction(db, async (trx) => {
    const name = await tourName(trx, site, id);
    await bumpRevision(trx, 'tours', id, revision);
    await trx
      .updateTable('tours')
      .set({ published: published ? 1 : 0, updated_at: new Date().toISOString() })
      .where('id', '=', id)
      .execute();
    await recordAudit(trx, {
      site,
      actor,
      action: published ? 'tour.publish' : 'tour.unpublish',
      target: `tour "${name}"`,
    });
  });
  return readTour(db, site, id, true);
}

export async function deleteTour(
  db: DB,
  site: string,
  id: string,
  revision: number,
  actor: Principal | null,
): Promise<void> {
  await inTransaction(db, async (trx) => {
    const name = await tourName(trx, site, id);
    await bumpRevision(trx, 'tours', id, revision);
    await trx.deleteFrom('tours').where('id', '=', id).execute();
    await recordAudit(trx, { site, actor, action: 'tour.delete', target: `tour "${name}"` });
  });
}
