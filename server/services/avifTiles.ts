// The AVIF copy of a scene's tiles: every tile and the preview strip encoded again as AVIF beside the uploaded JPEG
// (`1/f/0/0.avif` next to `1/f/0/0.jpg`). At the quality below a copy weighs about 0.55x the Tool's JPEG and stays
// about 40 dB (PSNR) from it, so on a slow link the first view is sharp in about half the time. The copy is only
// announced (survey_nodes.tile_format = 'avif') once every file of it is stored, so a viewer never asks for a missing
// one; a run that dies half way leaves files no row announces, which the next run writes again.
import type { Readable } from 'node:stream';
import sharp from 'sharp';
import type { AppContext } from '../context.ts';
import { expectedTiles, tileKey, type LevelSpec, type TileRef } from './ingest/tilePaths.ts';

/** libaom's quality (0-100) and speed: effort 0 encodes a 512-px tile in about 25 ms with almost the size of 4. */
export const AVIF_OPTIONS = { quality: 60, effort: 0, chromaSubsampling: '4:2:0' } as const;
/** A stored tile larger than this is not a tile (the import bounds entries far below). */
const MAX_TILE_BYTES = 32 * 1024 * 1024;
/** One encode that takes longer is given up (a picture built to be slow to decode). */
const ENCODE_SECONDS = 60;

/** A tile whose picture is not what its level says: no retry can help. */
export class UnfitTile extends Error {}

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

/**
 * The largest picture each file may hold: a tile its level's tile size (edge tiles are smaller), the preview strip
 * six tiles of the first level stacked. The import checks only that tiles are JPEG, so a tile labelled 512 px may
 * hold 8192x8192: it is refused here by its header, before anything is decoded.
 */
function sizeLimit(ref: TileRef, levels: readonly LevelSpec[]): { width: number; height: number } {
  const side = ref.kind === 'preview' ? (levels[0]?.tileSize ?? 0) : levels[ref.z].tileSize;
  return { width: side, height: ref.kind === 'preview' ? 6 * side : side };
}

/** One JPEG tile as AVIF, if its picture fits `limit`. */
export async function avifOf(jpeg: Buffer, limit: { width: number; height: number }): Promise<Buffer> {
  const { width = 0, height = 0 } = await sharp(jpeg).metadata();
  if (width < 1 || height < 1 || width > limit.width || height > limit.height)
    throw new UnfitTile(`a tile of ${width}x${height} pixels where at most ${limit.width}x${limit.height} fit`);
  return sharp(jpeg, { limitInputPixels: limit.width * limit.height, failOn: 'error' })
    .timeout({ seconds: ENCODE_SECONDS })
    .avif(AVIF_OPTIONS)
    .toBuffer();
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
  const levels = JSON.parse(row.levels) as LevelSpec[];
  const refs = expectedTiles(levels);
  const written: string[] = [];
  // Copies no row will announce (the scene removed meanwhile, or this run failed) are taken back out: the scene's
  // folder stays referenced, so the start-up sweep would keep them.
  const takeBack = async () => {
    for (const key of written) await ctx.blobs.remove(key).catch(() => undefined);
  };
  try {
    for (const [i, ref] of refs.entries()) {
      if (!stillWanted()) throw new Error('stopped before the AVIF copy was complete');
      const jpeg = await bytesOf(await ctx.blobs.read(tileKey(tilesId, ref)));
      const key = tileKey(tilesId, ref, 'avif');
      await ctx.blobs.putUnrecorded(key, await avifOf(jpeg, sizeLimit(ref, levels)));
      written.push(key);
      onProgress(i + 1, refs.length);
    }
  } catch (e) {
    await takeBack();
    throw e;
  }
  const announced = await ctx.db
    .updateTable('survey_nodes')
    .set({ tile_format: 'avif' })
    .where('tiles_id', '=', tilesId)
    .executeTakeFirst();
  if (Number(announced.numUpdatedRows) > 0) return 'made';
  await takeBack();
  return 'gone';
}
