// The AVIF copy of a scene's tiles: every tile and the preview strip encoded again as AVIF beside the uploaded JPEG
// (`1/f/0/0.avif` next to `1/f/0/0.jpg`). At the quality below a copy weighs about 0.55x the Tool's JPEG and stays
// about 40 dB (PSNR) from it, so on a slow link the first view is sharp in about half the time. The copy is only
// announced (survey_nodes.tile_format = 'avif') once every file of it is stored, so a viewer never asks for a missing
// one; a run that dies half way leaves files no row announces, which the next run writes again.
import type { Readable } from 'node:stream';
import sharp from 'sharp';
import type { AppContext } from '../context.ts';
import { expectedTiles, tileKey, type LevelSpec, type TileRef } from './ingest/tilePaths.ts';
import { plusBytes } from './tileBytes.ts';

/** libaom's quality (0-100) and speed: effort 0 encodes a 512-px tile in about 25 ms with almost the size of 4. */
export const AVIF_OPTIONS = { quality: 60, effort: 0, chromaSubsampling: '4:2:0' } as const;
/** A stored tile larger than this is not a tile (the import bounds entries far below). */
const MAX_TILE_BYTES = 32 * 1024 * 1024;
/** One encode that takes longer is given up (a picture built to be slow to decode). */
const ENCODE_SECONDS = 60;
/**
 * Largest picture (a tile, or the preview strip) the copy is made of. The encoder's memory grows with the picture,
 * whatever the level says: a 2048-px tile takes the process about 100 MB above its rest for 1 s, a 4096-px one
 * 370 MB for 9 s, an 8192-px one 1.9 GB for 46 s. A scene whose level allows more keeps its JPEG tiles only.
 */
export const MAX_AVIF_PIXELS = 2048 * 2048;

/** A tile whose picture is not what its level says, or not a picture at all: no retry can help. */
export class UnfitTile extends Error {}

/** 'too large': the scene's levels allow pictures above MAX_AVIF_PIXELS; it stays in JPEG, nothing was decoded. */
export type AvifOutcome = 'made' | 'already' | 'gone' | 'too large';

async function bytesOf(stream: Readable): Promise<Buffer> {
  const parts: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += (chunk as Buffer).length;
    if (size > MAX_TILE_BYTES) {
      stream.destroy();
      throw new UnfitTile(`a stored tile is larger than ${MAX_TILE_BYTES} bytes`);
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

/** libvips repeats a decoder's complaint once per attempt: its first line says it. */
const firstLine = (e: unknown) => String((e as Error)?.message ?? e).split('\n')[0];

/**
 * One JPEG tile as AVIF, if its picture fits `limit`. The header is read first, without decoding (a header that
 * claims 60000x60000 is refused here); any failure of the decoder or encoder is the tile's own (UnfitTile).
 */
export async function avifOf(jpeg: Buffer, limit: { width: number; height: number }): Promise<Buffer> {
  const header = await sharp(jpeg, { limitInputPixels: false })
    .metadata()
    .catch((e: unknown) => {
      throw new UnfitTile(`a tile that is not a readable JPEG (${firstLine(e)})`);
    });
  const { width = 0, height = 0 } = header;
  if (width < 1 || height < 1 || width > limit.width || height > limit.height)
    throw new UnfitTile(`a tile of ${width}x${height} pixels where at most ${limit.width}x${limit.height} fit`);
  try {
    return await sharp(jpeg, { limitInputPixels: limit.width * limit.height, failOn: 'error' })
      .timeout({ seconds: ENCODE_SECONDS })
      .avif(AVIF_OPTIONS)
      .toBuffer();
  } catch (e) {
    throw new UnfitTile(`a tile that could not be encoded (${firstLine(e)})`);
  }
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
  const fits = (ref: TileRef) => {
    const { width, height } = sizeLimit(ref, levels);
    return width * height <= MAX_AVIF_PIXELS;
  };
  if (!refs.every(fits)) return 'too large';
  const written: string[] = [];
  let bytes = 0;
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
      const avif = await avifOf(jpeg, sizeLimit(ref, levels));
      await ctx.blobs.putUnrecorded(key, avif);
      written.push(key);
      bytes += avif.length;
      onProgress(i + 1, refs.length);
    }
  } catch (e) {
    await takeBack();
    throw e;
  }
  // The scene's size takes the copy in the same statement that announces it (services/tileBytes.ts).
  const announced = await ctx.db
    .updateTable('survey_nodes')
    .set({ tile_format: 'avif', tile_bytes: plusBytes(bytes) })
    .where('tiles_id', '=', tilesId)
    .executeTakeFirst();
  if (Number(announced.numUpdatedRows) > 0) return 'made';
  await takeBack();
  return 'gone';
}
