// Helpers of the resource tests: the whole database content (to prove a refused write changed nothing),
// a seeded site with a survey, scenes, nodes, floors and hotspot descriptions, test images, and multipart sends.
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { sql } from 'kysely';
import type { AppContext } from '../../server/context.ts';
import { ownTables } from '../../server/db/ownTables.ts';
import { createSite } from '../../server/services/sites.ts';
import { blobFiles } from './helpers/snapshot.ts';
import { fetchJson } from './helpers/server.ts';

/** Every row of every table (sorted), plus the media and staging files: equal before and after means nothing changed. */
export async function fullState(ctx: AppContext, opts: { skipTables?: string[] } = {}) {
  const tables = (await ownTables(ctx.db))
    .map((t) => t.name)
    .filter((t) => !opts.skipTables?.includes(t))
    .sort();
  const rows: Record<string, string[]> = {};
  for (const t of tables) {
    const { rows: r } = await sql<Record<string, unknown>>`select * from ${sql.table(t)}`.execute(ctx.db);
    rows[t] = r
      .map((x) =>
        JSON.stringify(
          Object.keys(x)
            .sort()
            .map((k) => [k, x[k]]),
        ),
      )
      .sort();
  }
  return { rows, ...(await blobFiles(ctx)) };
}

export interface SeededSite {
  site: string;
  nodeIds: string[];
  tilesIds: string[];
  surveyId: string;
  /** The survey_nodes ids (scenes), in the order of nodeIds. */
  sceneIds: string[];
}

/** A site with floors 0 and 1, one survey on floor 0 with two scenes placed on the floor plan, and hotspot texts. */
export async function seedSite(ctx: AppContext, site = `site-${randomUUID().slice(0, 8)}`): Promise<SeededSite> {
  const { db } = ctx;
  await createSite(db, site, `Site ${site}`);
  await db
    .insertInto('floors')
    .values([
      { site, floor: 0, floor_name: 'Ground', floor_tag: 'G' },
      { site, floor: 1, floor_name: 'Loft', floor_tag: 'L' },
    ])
    .execute();
  const surveyId = randomUUID();
  await db
    .insertInto('surveys')
    .values({ id: surveyId, site, floor: 0, date: '2024-03-05', survey_name: 'Spring' })
    .execute();
  const nodeIds: string[] = [],
    tilesIds: string[] = [],
    sceneIds: string[] = [];
  for (let i = 0; i < 2; i++) {
    const sn = randomUUID(),
      tiles = `${randomUUID()}-${i}`;
    await db
      .insertInto('survey_nodes')
      .values({
        id: sn,
        survey_id: surveyId,
        site,
        tiles_id: tiles,
        tiles_name: `hall_${i}`,
        title: `Hall ${i}`,
        levels: JSON.stringify([
          { tileSize: 256, size: 256, fallbackOnly: true },
          { tileSize: 512, size: 512 },
        ]),
        face_size: 512,
        initial_parameters: JSON.stringify({ yaw: 0, pitch: 0, fov: 1.5 }),
        link_hotspots: '[]',
        info_hotspots: JSON.stringify([{ info_id: 'i1', title: 'Feeder', yaw: 0.1, pitch: 0.2 }]),
      })
      .execute();
    const mn = randomUUID();
    await db
      .insertInto('minimap_nodes')
      .values({
        id: mn,
        site,
        floor: 0,
        survey_node_id: sn,
        node_number: i,
        tiles_id: tiles,
        x: 10 + i,
        y: 20 + i,
        x_scale: 1,
        y_scale: 1,
        rotation: 0,
      })
      .execute();
    nodeIds.push(mn);
    tilesIds.push(tiles);
    sceneIds.push(sn);
  }
  await db
    .insertInto('hotspot_descriptions')
    .values([
      {
        id: randomUUID(),
        site,
        tiles_id: tilesIds[0],
        info_id: 'i2',
        header: JSON.stringify({ main_img_url: '/media/x.jpg', label_title: 'Water' }),
        contents: JSON.stringify([{ title: 'Use', content: '<p>Drinking</p>' }]),
      },
      {
        id: randomUUID(),
        site,
        tiles_id: tilesIds[0],
        info_id: 'i1',
        header: JSON.stringify({ main_img_url: '', label_title: 'Feeder' }),
        contents: '[]',
      },
      {
        id: randomUUID(),
        site,
        tiles_id: tilesIds[1],
        info_id: 'i1',
        header: JSON.stringify({ main_img_url: '', label_title: 'Other' }),
        contents: '[]',
      },
    ])
    .execute();
  return { site, nodeIds, tilesIds, surveyId, sceneIds };
}

export async function png(width: number, height: number, alpha = false): Promise<Buffer> {
  return sharp({
    create: {
      width,
      height,
      channels: alpha ? 4 : 3,
      background: alpha ? { r: 200, g: 100, b: 0, alpha: 0.5 } : { r: 200, g: 100, b: 0 },
    },
  })
    .png()
    .toBuffer();
}

export async function jpeg(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 20, g: 120, b: 60 } } })
    .jpeg()
    .toBuffer();
}

/** POSTs one file as multipart/form-data. */
export function postFile(
  url: string,
  field: string,
  data: Buffer | string,
  filename: string,
  type: string,
  init: RequestInit = {},
) {
  const form = new FormData();
  form.append(field, new Blob([typeof data === 'string' ? data : new Uint8Array(data)], { type }), filename);
  return fetchJson(url, { method: 'POST', body: form, ...init });
}

export const jsonInit = (method: string, body: unknown, headers: Record<string, string> = {}): RequestInit => ({
  method,
  body: JSON.stringify(body),
  headers: { 'content-type': 'application/json', ...headers },
});

/** The revision a node edit names: its scene's, as stored now. */
export async function nodeRevision(ctx: AppContext, nodeId: string): Promise<number> {
  const row = await ctx.db
    .selectFrom('minimap_nodes')
    .innerJoin('survey_nodes', 'survey_nodes.id', 'minimap_nodes.survey_node_id')
    .select('survey_nodes.revision')
    .where('minimap_nodes.id', '=', nodeId)
    .executeTakeFirstOrThrow();
  return Number(row.revision);
}
