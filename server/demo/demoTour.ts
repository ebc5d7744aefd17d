// The demo site's guided tour, published: kiosks (idle action "tour") and the kiosk soak have one to play.
// Written as a row, not through the editor's services: the demo has no author for the audit trail.
import { randomUUID } from 'node:crypto';
import type { DB } from '../db/database.ts';
import type { StoredStop } from '../services/tours/tourRows.ts';

const CAPTIONS = [
  '<p><strong>Welcome to the Demo Farm.</strong> This tour walks you through the ground floor.</p>',
  '<p>Each panorama is a labelled cube: the arrows on the floor lead to the next scene.</p>',
  '<p>Open the <strong>i</strong> hotspots for notes and photos, or the timeline for other dates.</p>',
];

/** A published tour of the first three scenes of `date` on floor 0 of `site`, each turned a little further. */
export async function seedDemoTour(db: DB, site: string, date: string): Promise<void> {
  const scenes = await db
    .selectFrom('survey_nodes')
    .innerJoin('surveys', 'surveys.id', 'survey_nodes.survey_id')
    .innerJoin('minimap_nodes', 'minimap_nodes.survey_node_id', 'survey_nodes.id')
    .select(['survey_nodes.tiles_id', 'survey_nodes.title'])
    .where('surveys.site', '=', site)
    .where('surveys.date', '=', date)
    .where('surveys.floor', '=', 0)
    .orderBy('minimap_nodes.node_number')
    .limit(CAPTIONS.length)
    .execute();
  const stops: StoredStop[] = scenes.map((s, i) => ({
    scene: s.tiles_id,
    scene_title: s.title,
    yaw: (i * Math.PI) / 3,
    pitch: 0,
    fov: Math.PI / 2,
    dwell: 8,
    caption: CAPTIONS[i],
  }));
  const now = new Date().toISOString();
  await db
    .insertInto('tours')
    .values({
      id: randomUUID(),
      site,
      name: 'Welcome tour',
      published: 1,
      revision: 0,
      stops: JSON.stringify(stops),
      created_at: now,
      updated_at: now,
    })
    .execute();
}
