// What the survey manager reads: every survey of a site with its revision and its scenes (title, start view, north,
// revision), one query each, in the order of the timeline (newest date first, then floor).
import type { DB } from '../../db/database.ts';
import type { ManagedScene, ManagedSurvey } from '../../../contract/surveyEditing.ts';
import type { ViewParameters } from '../../../contract/api.ts';
import { NotFound } from '../errors.ts';
import { bytesOf } from '../tileBytes.ts';

const sceneColumns = [
  'survey_nodes.id',
  'survey_nodes.survey_id',
  'survey_nodes.tiles_id',
  'survey_nodes.tiles_name',
  'survey_nodes.title',
  'survey_nodes.revision',
  'survey_nodes.initial_parameters',
  'survey_nodes.tile_bytes',
  'minimap_nodes.rotation',
  'minimap_nodes.placed',
  'minimap_nodes.node_number',
] as const;

type SceneRow = {
  id: string;
  tiles_id: string;
  tiles_name: string;
  title: string;
  revision: number;
  initial_parameters: string;
  rotation: number;
  placed: number;
  tile_bytes: number | string | null;
};

const sceneOf = (r: SceneRow): ManagedScene => ({
  id: r.id,
  tiles_id: r.tiles_id,
  tiles_name: r.tiles_name,
  title: r.title,
  revision: Number(r.revision),
  initial_parameters: JSON.parse(r.initial_parameters) as ViewParameters,
  north: r.rotation,
  placed: r.placed !== 0,
  size_bytes: bytesOf(r.tile_bytes),
});

/** A survey with its scenes, its size their sum (unknown while one of them is). */
function surveyOf(s: Omit<ManagedSurvey, 'size_bytes' | 'scenes'>, scenes: ManagedScene[]): ManagedSurvey {
  const sizes = scenes.map((c) => c.size_bytes);
  const size_bytes = sizes.includes(null) ? null : (sizes as number[]).reduce((a, b) => a + b, 0);
  return { ...s, revision: Number(s.revision), size_bytes, scenes };
}

const scenesQuery = (db: DB, site: string) =>
  db
    .selectFrom('survey_nodes')
    .innerJoin('minimap_nodes', 'minimap_nodes.survey_node_id', 'survey_nodes.id')
    .select(sceneColumns)
    .where('survey_nodes.site', '=', site);

export async function managedSurveys(db: DB, site: string): Promise<ManagedSurvey[]> {
  const surveys = await db
    .selectFrom('surveys')
    .select(['id', 'floor', 'date', 'survey_name', 'revision'])
    .where('site', '=', site)
    .orderBy('date', 'desc')
    .orderBy('floor')
    .orderBy('survey_name')
    .execute();
  const scenes = await scenesQuery(db, site).orderBy('minimap_nodes.node_number').execute();
  return surveys.map((s) => surveyOf(s, scenes.filter((n) => n.survey_id === s.id).map(sceneOf)));
}

/** One scene of `site` as the manager shows it; NotFound when it is not there (gone, or of another site). */
export async function managedScene(db: DB, site: string, id: string): Promise<ManagedScene> {
  const row = await scenesQuery(db, site).where('survey_nodes.id', '=', id).executeTakeFirst();
  if (!row) throw new NotFound('That scene no longer exists; reload the survey list.');
  return sceneOf(row);
}

/** One survey of `site` with its scenes; NotFound when it is not there. */
export async function managedSurvey(db: DB, site: string, id: string): Promise<ManagedSurvey> {
  const s = await db
    .selectFrom('surveys')
    .select(['id', 'floor', 'date', 'survey_name', 'revision'])
    .where('site', '=', site)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!s) throw new NotFound('That survey no longer exists; reload the survey list.');
  const scenes = await scenesQuery(db, site)
    .where('survey_nodes.survey_id', '=', id)
    .orderBy('minimap_nodes.node_number')
    .execute();
  return surveyOf(s, scenes.map(sceneOf));
}
