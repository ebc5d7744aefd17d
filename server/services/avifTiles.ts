// The AVIF copy of a scene's tiles: every tile and the preview strip encoded again as AVIF beside the uploaded JPEG
// (`1/f/0/0.avif` next to `1/f/0/0.jpg`). At the quality below a copy weighs about 0.55x the Tool's JPEG and stays
// about 40 dB (PSNR) from it, so on a slow link the first view is sharp in about half the time. The copy is only
// announced (survey_nodes.tile_format = 'avif') once every file of it is stored, so a viewer never asks for a missing
// one; a run that dies half way leaves files no row announces, which the next run writes again.
import type { Readable } from 'node:stream';
import sharp from 'sharp';
import type { AppContext } from '../context.ts';
import { expectedTiles, tileKey, type LevelSpec } from './ingest/tilePaths.ts';

/** libaom's quality (0-100) and speed: effort 0 encodes a 512-px tile in about 25 ms with almost the size of 4. */
export const AVIF_OPTIONS = { quality: 60, effort: 0, chromaSubsampling: '4:2:0' } as const;
/** No tile is bigger than a level's tile size (at most 4096 px, checked at import) nor than the preview strip. */
const MAX_TILE_PIXELS = 4096 * 4096;
/** A stored tile larger than this is not a tile (the import bounds entries far below). */
const MAX_TILE_BYTES = 32 * 1024 * 1024;

export type AvifOutcome = 'made' | 'already' | 'gone';

async function bytesOf(stream: Readable): Promise<Buffer> {
  const parts: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += (chunk as Buffer).length;
    if (size > MAX_TILE_BYTES) {
      stream.destroy();
      throw new Error(`a stored tile is larger than ${MAX_TILE_BYTES} bytes`);
    }
    parts.push(chunk as Buffer);
  }
  return Buffer.concat(parts);
}

/** One JPEG tile as AVIF. */
export async function avifOf(jpeg: Buffer): Promise<Buffer> {
  return sharp(jpeg, { limitInputPixels: MAX_TILE_PIXELS, failOn: 'error' }).avif(AVIF_OPTIONS).toBuffer();
}

/**
 * Makes the AVIF copy of the scene `tilesId` and announces it. `stillWanted` is asked between tiles (a stopping
 * server gives up; the next start goes on). Returns 'gone' when the scene was removed meanwhile (its copy then too).
 */
export async function makeAvifCopy(
  ctx: AppContext,
  tilesId: string,
  onProgress: (done: number, total: number) => void = () => {},
  stillWanted: () => boolean = () => true,
): Promise<AvifOutcome> {
  const row = await ctx.db
    .selectFrom('survey_nodes')
    .select(['levels', 'tile_format'])
    .where('tiles_id', '=', tilesId)
    .executeTakeFirst();
  if (!row) return 'gone';
  if (row.tile_format === 'avif') return 'already';
  const refs = expectedTiles(JSON.parse(row.levels) as LevelSpec[]);
  const written: string[] = [];
  for (const [i, ref] of refs.entries()) {
    if (!stillWanted()) throw new Error('stopped before the AVIF copy was complete');
    const jpeg = await bytesOf(await ctx.blobs.read(tileKey(tilesId, ref)));
    const key = tileKey(tilesId, ref, 'avif');
    await ctx.blobs.putUnrecorded(key, await avifOf(jpeg));
    written.push(key);
    onProgress(i + 1, refs.length);
  }
  const announced = await ctx.db
    .updateTable('survey_nodes')
    .set({ tile_format: 'avif' })
    .where('tiles_id', '=', tilesId)
    .executeTakeFirst();
  if (Number(announced.numUpdatedRows) > 0) return 'made';
  // Removed while we wrote: take the copy back out (the sweep would, at the next start).
  for (const key of written) await ctx.blobs.remove(key).catch(() => undefined);
  return 'gone';
}
