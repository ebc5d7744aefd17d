// Reading tours: the stored row made into what the API hands out, each stop with where its scene is now (title,
// floor, date) or, when the scene is gone (deleted on its own or with its survey), the reason it cannot be shown.
import type { DB } from '../../db/database.ts';
import type { TourTable } from '../../db/schema.ts';
import type { Tour, TourStop } from '../../../contract/tours.ts';
import { NotFound } from '../errors.ts';

/** A stop as the `stops` column keeps it: the scene's title when it was saved names a stop whose scene is gone. */
export interface StoredStop {
  scene: string;
  scene_title: string;
  yaw: number;
  pitch: number;
  fov: number;
  dwell: number;
  caption: string;
}

type SceneWhere = { title: string; floor: number; date: string };

/** Where each of `tilesIds` is on `site` now; absent ones are gone. */
export async function scenesWhere(db: DB, site: string, tilesIds: readonly string[]): Promise<Map<string, SceneWhere>> {
  const ids = [...new Set(tilesIds)];
  if (!ids.length) return new Map();
  const rows = await db
    .selectFrom('survey_nodes')
    .innerJoin('surveys', 'surveys.id', 'survey_nodes.survey_id')
    .select(['survey_nodes.tiles_id', 'survey_nodes.title', 'surveys.floor', 'surveys.date'])
    .where('survey_nodes.site', '=', site)
    .where('survey_nodes.tiles_id', 'in', ids)
    .execute();
  return new Map(rows.map((r) => [r.tiles_id, { title: r.title, floor: r.floor, date: r.date }]));
}

const gone = (title: string) =>
  `The scene${title ? ` "${title}"` : ''} no longer exists: it, or its survey, was deleted.`;

export function resolvedStop(s: StoredStop, where: SceneWhere | undefined): TourStop {
  return {
    scene: s.scene,
    yaw: s.yaw,
    pitch: s.pitch,
    fov: s.fov,
    dwell: s.dwell,
    caption: s.caption,
    title: where?.title ?? (s.scene_title || null),
    floor: where?.floor ?? null,
    date: where?.date ?? null,
    problem: where ? null : gone(s.scene_title),
  };
}

async function resolvedTours(db: DB, site: string, rows: TourTable[]): Promise<Tour[]> {
  const stored = rows.map((r) => JSON.parse(r.stops) as StoredStop[]);
  const where = await scenesWhere(
    db,
    site,
    stored.flatMap((stops) => stops.map((s) => s.scene)),
  );
  return rows.map((r, i) => ({
    id: r.id,
    name: r.name,
    published: r.published === 1,
    revision: r.revision,
    updated_at: r.updated_at,
    stops: stored[i].map((s) => resolvedStop(s, where.get(s.scene))),
  }));
}

/** The tours of `site`, oldest first; only the published ones unless `all`. */
export async function listTours(db: DB, site: string, all: boolean): Promise<Tour[]> {
  let q = db.selectFrom('tours').selectAll().where('site', '=', site);
  if (!all) q = q.where('published', '=', 1);
  return resolvedTours(db, site, await q.orderBy('created_at').orderBy('id').execute());
}

/** One tour of `site` (only when published unless `all`); NotFound otherwise, whatever its id. */
export async function readTour(db: DB, site: string, id: string, all: boolean): Promise<Tour> {
  let q = db.selectFrom('tours').selectAll().where('site', '=', site).where('id', '=', id);
  if (!all) q = q.where('published', '=', 1);
  const row = await q.executeTakeFirst();
  if (!row) throw new NotFound('That tour does not exist (or is not published).');
  return (await resolvedTours(db, site, [row]))[0];
}
