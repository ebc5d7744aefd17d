// Info hotspot descriptions of a scene: header (image, label) and HTML sections, stored as JSON text.
import type { DB } from '../db/database.ts';
import type { HotspotDescription } from '../../src/api/contract.ts';

export async function hotspotDescriptions(db: DB, site: string, tilesId: string): Promise<HotspotDescription[]> {
  const rows = await db.selectFrom('hotspot_descriptions').select(['tiles_id', 'info_id', 'header', 'contents'])
    .where('site', '=', site).where('tiles_id', '=', tilesId).orderBy('info_id').execute();
  return rows.map((r) => {
    const header = JSON.parse(r.header) as Partial<HotspotDescription['header']>;
    const contents = JSON.parse(r.contents) as HotspotDescription['contents'];
    return {
      tiles_id: r.tiles_id, info_id: r.info_id,
      header: { main_img_url: header.main_img_url ?? '', label_title: header.label_title ?? '' },
      contents: Array.isArray(contents) ? contents.map((c) => ({ title: String(c?.title ?? ''), content: String(c?.content ?? '') })) : [],
    };
  });
}
