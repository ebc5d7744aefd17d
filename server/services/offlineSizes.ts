// What a site's files weigh: each scene's tiles per stored copy (JPEG, AVIF) and level, and its floor plans, read
// from the blob store's listing (one listing per scene folder, no file is opened). A kiosk adds up the levels its
// screen needs before it downloads them. The route keeps the answer until the site's content changes.
import path from 'node:path/posix';
import type { DB } from '../db/database.ts';
import type { BlobStore } from '../storage/blobStore.ts';
import type { OfflineSizes, TileCopyBytes } from '../../contract/api.ts';
import { requireSite } from './floors.ts';

/** Scene folders listed at once: a bucket answers each listing in one request per 1,000 keys. */
const PARALLEL_LISTINGS = 4;

/** A tile key's place below its scene folder: "preview.jpg" or "z/f/y/x.avif". */
function tileSlot(rest: string): { format: string; z: number | 'preview' } | null {
  const preview = /^preview\.(jpg|avif)$/.exec(rest);
  if (preview) return { format: preview[1]!, z: 'preview' };
  const tile = /^(\d+)\/[a-z]\/\d+\/\d+\.(jpg|avif)$/.exec(rest);
  return tile ? { format: tile[2]!, z: Number(tile[1]) } : null;
}

/** One scene's stored bytes per copy and level (also the start-up measure of tileBytes.ts). */
export async function sceneBytes(blobs: BlobStore, tilesId: string) {
  const prefix = `tiles/${tilesId}/`;
  const copies = new Map<string, TileCopyBytes>();
  for await (const b of blobs.listUnder(prefix)) {
    const slot = tileSlot(b.key.slice(prefix.length));
    if (!slot) continue;
    const copy = copies.get(slot.format) ?? { preview: 0, levels: [] };
    copies.set(slot.format, copy);
    if (slot.z === 'preview') copy.preview += b.size;
    else {
      while (copy.levels.length <= slot.z) copy.levels.push(0);
      copy.levels[slot.z]! += b.size;
    }
  }
  return { tiles_id: tilesId, jpg: copies.get('jpg') ?? { preview: 0, levels: [] }, avif: copies.get('avif') };
}

async function fileBytes(blobs: BlobStore, url: string): Promise<number> {
  const key = blobs.keyOfUrl(url);
  if (!key) return 0;
  for await (const b of blobs.listUnder(`${path.dirname(key)}/`)) if (b.key === key) return b.size;
  return 0;
}

export async function inBatches<T, R>(items: T[], n: number, fn: (t: T) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += n) out.push(...(await Promise.all(items.slice(i, i + n).map(fn))));
  return out;
}

export async function offlineSizes(db: DB, blobs: BlobStore, site: string): Promise<OfflineSizes> {
  await requireSite(db, site);
  const nodes = await db
    .selectFrom('survey_nodes')
    .select('tiles_id')
    .distinct()
    .where('site', '=', site)
    .orderBy('tiles_id')
    .execute();
  const plans = await db
    .selectFrom('minimaps')
    .select(['image_url', 'image_large_url'])
    .where('site', '=', site)
    .execute();
  const urls = [...new Set(plans.flatMap((p) => [p.image_url, p.image_large_url]).filter(Boolean))];
  return {
    scenes: await inBatches(
      nodes.map((n) => n.tiles_id),
      PARALLEL_LISTINGS,
      (id) => sceneBytes(blobs, id),
    ),
    files: await inBatches(urls, PARALLEL_LISTINGS, async (url) => ({ url, bytes: await fileBytes(blobs, url) })),
  };
}
