// Reading surveys: scenes of a floor on a date, the date list, floors with data, existence checks.
import type { DB } from '../db/database.ts';
import type { InfoHotspot, SurveyScene, SurveyDateEntry, SurveySummary, MinimapNodeEntry } from '../../contract/api.ts';
import { namedInfoHotspots } from './infoHotspotNames.ts';
import type { BlobStore } from '../storage/blobStore.ts';
import { Invalid } from './errors.ts';
import { ISO_DATE, parseSurveyDate } from '../../contract/surveyDate.ts';
import { MINIMAP_NODE_COLUMNS, minimapNodeEntryOf } from './minimapNodeRows.ts';

/** The tile base address: `{manta_link}{tiles_id}/{z}/{f}/{y}/{x}.jpg`. */
const mantaLink = (blobs: BlobStore) => blobs.url('tiles/');

/** A date of a query: ISO; a date no survey can have finds nothing rather than being refused. */
export function parseIsoDate(value: string | undefined, field = 'date'): string | undefined {
  if (value === undefined || value === '') return undefined;
  // A real calendar day (Date.parse takes 2024-02-31), as dates are stored (see contract/surveyDate).
  if (!ISO_DATE.test(value) || parseSurveyDate(value) !== value)
    throw new Invalid(`${field} must be an ISO date (yyyy-mm-dd), not "${value}".`);
  return value;
}

export async function surveyDetails(
  db: DB,
  blobs: BlobStore,
  site: string,
  floor: number,
  date?: string,
): Promise<SurveyScene[]> {
  let q = db
    .selectFrom('survey_nodes')
    .innerJoin('surveys', 'surveys.id', 'survey_nodes.survey_id')
    .innerJoin('minimap_nodes', 'minimap_nodes.survey_node_id', 'survey_nodes.id')
    .select([
      'survey_nodes.id',
      'survey_nodes.tiles_id',
      'survey_nodes.tiles_name',
      'survey_nodes.title',
      'survey_nodes.levels',
      'survey_nodes.face_size',
      'survey_nodes.initial_parameters',
      'survey_nodes.link_hotspots',
      'survey_nodes.info_hotspots',
      'survey_nodes.tile_format',
      'survey_nodes.revision',
      'surveys.date',
      'surveys.survey_name',
      'surveys.floor',
      'minimap_nodes.node_number',
    ])
    .where('surveys.site', '=', site)
    .where('surveys.floor', '=', floor);
  if (date) q = q.where('surveys.date', '=', date);
  const rows = await q.orderBy('surveys.date', 'desc').orderBy('minimap_nodes.node_number').execute();
  const manta = mantaLink(blobs);
  return rows.map((r) => ({
    id: r.id,
    date: r.date,
    survey_name: r.survey_name,
    floor: r.floor,
    survey_node: {
      tiles_id: r.tiles_id,
      tiles_name: r.tiles_name,
      title: r.title,
      levels: JSON.parse(r.levels),
      face_size: r.face_size,
      initial_parameters: JSON.parse(r.initial_parameters),
      manta_link: manta,
      link_hotspots: JSON.parse(r.link_hotspots),
      info_hotspots: namedInfoHotspots(JSON.parse(r.info_hotspots) as InfoHotspot[]),
      tile_format: r.tile_format,
      revision: r.revision,
    },
    minimap_node: { tiles_id: r.tiles_id, floor: r.floor, node_number: r.node_number, survey_node: r.id, site },
  }));
}

/** Survey dates (with their survey names), newest first; optionally for one floor or one date. */
export async function surveyDates(
  db: DB,
  site: string,
  opts: { floor?: number; date?: string },
): Promise<SurveyDateEntry[]> {
  let q = db.selectFrom('surveys').select(['date', 'survey_name']).distinct().where('site', '=', site);
  if (opts.floor !== undefined) q = q.where('floor', '=', opts.floor);
  if (opts.date) q = q.where('date', '=', opts.date);
  return q.orderBy('date', 'desc').orderBy('survey_name', 'desc').execute();
}

export async function surveyList(db: DB, site: string): Promise<SurveySummary[]> {
  const rows = await db
    .selectFrom('surveys')
    .leftJoin('survey_nodes', 'survey_nodes.survey_id', 'surveys.id')
    .select([
      'surveys.id',
      'surveys.floor',
      'surveys.date',
      'surveys.survey_name',
      db.fn.count<number>('survey_nodes.id').as('nodes'),
    ])
    .where('surveys.site', '=', site)
    .groupBy(['surveys.id', 'surveys.floor', 'surveys.date', 'surveys.survey_name'])
    .orderBy('surveys.date', 'desc')
    .orderBy('surveys.floor')
    .execute();
  return rows.map((r) => ({ ...r, nodes: Number(r.nodes) }));
}

/** Floors that have survey data, optionally on one date. */
export async function floorsWithData(db: DB, site: string, date?: string): Promise<number[]> {
  let q = db.selectFrom('surveys').select('floor').distinct().where('site', '=', site);
  if (date) q = q.where('date', '=', date);
  return (await q.orderBy('floor').execute()).map((r) => r.floor);
}

export async function sitePopulated(db: DB, site: string): Promise<boolean> {
  return !!(await db.selectFrom('surveys').select('id').where('site', '=', site).limit(1).executeTakeFirst());
}

export async function floorPopulated(db: DB, site: string, floor: number): Promise<boolean> {
  // Floor 0 is a floor like any other (the original never reported it empty: a fault we do not repeat).
  return !!(await db
    .selectFrom('surveys')
    .select('id')
    .where('site', '=', site)
    .where('floor', '=', floor)
    .limit(1)
    .executeTakeFirst());
}

/** Floors of the site that exist but hold no survey. */
export async function emptyFloors(db: DB, site: string): Promise<number[]> {
  const all = await db.selectFrom('floors').select('floor').where('site', '=', site).orderBy('floor').execute();
  const withData = new Set(await floorsWithData(db, site));
  return all.map((f) => f.floor).filter((f) => !withData.has(f));
}

/** Minimap node entries of a floor, optionally of one survey date: those on the floor plan (placed), or the scenes
 *  that came without a position (x = y = 0 is no place: a visitor's plan must not draw them there). */
export async function minimapNodeEntries(
  db: DB,
  site: string,
  floor: number,
  date?: string,
  placed = true,
): Promise<MinimapNodeEntry[]> {
  let q = db
    .selectFrom('minimap_nodes')
    .innerJoin('survey_nodes', 'survey_nodes.id', 'minimap_nodes.survey_node_id')
    .innerJoin('surveys', 'surveys.id', 'survey_nodes.survey_id')
    .select(MINIMAP_NODE_COLUMNS)
    .where('minimap_nodes.site', '=', site)
    .where('minimap_nodes.floor', '=', floor)
    .where('minimap_nodes.placed', placed ? '<>' : '=', 0);
  if (date) q = q.where('surveys.date', '=', date);
  const rows = await q.orderBy('minimap_nodes.node_number').execute();
  return rows.map(minimapNodeEntryOf);
}
