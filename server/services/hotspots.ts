// Info hotspot descriptions of a scene: header (image, label) and HTML sections, stored as JSON text. The sections
// are handed out through the HTML policy and the header picture only when the policy would show it (rows stored
// before the policy, or written by other means such as the demo seed, are held to it too).
import type { DB } from '../db/database.ts';
import type { HotspotDescription } from '../../contract/api.ts';
import { servedImageUrl } from './sanitizeHtml.ts';
import { sanitizeServedHtmlOffThread } from './htmlWorker.ts';
import { storedInfoFields } from './infoFieldsStored.ts';

export async function hotspotDescriptions(
  db: DB,
  site: string,
  tilesId: string,
  opts: { allowExternalImages: boolean },
): Promise<HotspotDescription[]> {
  const rows = await db
    .selectFrom('hotspot_descriptions')
    .select(['tiles_id', 'info_id', 'header', 'contents'])
    .where('site', '=', site)
    .where('tiles_id', '=', tilesId)
    .orderBy('info_id')
    .execute();
  const parsed = rows.map((r) => {
    const contents = JSON.parse(r.contents) as HotspotDescription['contents'];
    return { r, contents: Array.isArray(contents) ? contents : [] };
  });
  // Sanitised in the other thread (an answer made before comes from the cache at once).
  const html = await sanitizeServedHtmlOffThread(
    parsed.flatMap((p) => p.contents.map((c) => String(c?.content ?? ''))),
    opts.allowExternalImages,
  );
  let next = 0;
  return parsed.map(({ r, contents }) => {
    const header = JSON.parse(r.header) as Partial<HotspotDescription['header']> & { fields?: unknown };
    return {
      tiles_id: r.tiles_id,
      info_id: r.info_id,
      header: {
        main_img_url: servedImageUrl(String(header.main_img_url ?? ''), opts.allowExternalImages),
        label_title: String(header.label_title ?? ''),
      },
      contents: contents.map((c) => ({ title: String(c?.title ?? ''), content: html[next++] })),
      fields: storedInfoFields(header),
    };
  });
}
