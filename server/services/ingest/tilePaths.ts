// Tile paths of a Marzipano Tool export: `{sceneId}/preview.jpg` and `{sceneId}/{z}/{f}/{y}/{x}.jpg`.
// Pure functions: parse a path below `app-files/tiles/`, check it against the scene's levels, list the tiles a
// scene must have, and name the stored key of each tile.

const FACES = ['b', 'd', 'f', 'l', 'r', 'u'] as const;

export interface LevelSpec {
  tileSize: number;
  size: number;
  fallbackOnly?: boolean;
}

export type TileRef = { kind: 'preview' } | { kind: 'tile'; z: number; face: string; y: number; x: number };

/** The relative path of a tile below its scene folder, as the Tool writes it (or of its AVIF copy). */
export function tileRelPath(ref: TileRef, ext: 'jpg' | 'avif' = 'jpg'): string {
  return ref.kind === 'preview' ? `preview.${ext}` : `${ref.z}/${ref.face}/${ref.y}/${ref.x}.${ext}`;
}

/** Stored key of a tile: `tiles/{tilesId}/...`, the same layout the tile base address (manta_link) serves. */
export function tileKey(tilesId: string, ref: TileRef, ext: 'jpg' | 'avif' = 'jpg'): string {
  return `tiles/${tilesId}/${tileRelPath(ref, ext)}`;
}

const PREVIEW = /^preview\.jpg$/i;
/** Anything shaped like `{z}/{f}/{y}/{x}.jpg` (loosely, so a malformed tile is reported instead of ignored). */
const TILE_LIKE = /^([^/]+)\/([^/]+)\/([^/]+)\/([^/]+)\.jpe?g$/i;
const NUMBER = /^(0|[1-9]\d{0,5})$/;

export type ParsedTilePath = { ok: true; ref: TileRef } | { ok: false; reason: string } | null; // not a tile at all (ignored)

/** Parses `rel`, a path below the scene folder; checks tile paths against `levels`. */
export function parseTilePath(rel: string, levels: readonly LevelSpec[]): ParsedTilePath {
  if (PREVIEW.test(rel)) return { ok: true, ref: { kind: 'preview' } };
  const m = TILE_LIKE.exec(rel);
  if (!m) return null;
  const [, zs, face, ys, xs] = m;
  if (!NUMBER.test(zs) || !NUMBER.test(ys) || !NUMBER.test(xs)) {
    return { ok: false, reason: 'level, row and column must be whole numbers' };
  }
  if (!(FACES as readonly string[]).includes(face))
    return { ok: false, reason: `"${face}" is not a cube face (b, d, f, l, r, u)` };
  const z = Number(zs),
    y = Number(ys),
    x = Number(xs);
  if (z < 1 || z >= levels.length) {
    return {
      ok: false,
      reason: `level ${z} is not one of the scene's tile levels (1 to ${levels.length - 1}; level 0 is preview.jpg)`,
    };
  }
  const n = tilesPerSide(levels[z]);
  if (x >= n || y >= n)
    return { ok: false, reason: `level ${z} has ${n}x${n} tiles per face, so row and column go from 0 to ${n - 1}` };
  return { ok: true, ref: { kind: 'tile', z, face, y, x } };
}

function tilesPerSide(level: LevelSpec): number {
  return Math.max(1, Math.ceil(level.size / level.tileSize));
}

/** How many files a scene must have (preview and every tile), counted without listing them. */
export function expectedTileCount(levels: readonly LevelSpec[]): number {
  let n = 1;
  for (let z = 1; z < levels.length; z++) n += 6 * tilesPerSide(levels[z]) ** 2;
  return n;
}

/** Every file a scene must have: preview.jpg and each tile of levels 1.. (all six faces, the full grid). */
export function expectedTiles(levels: readonly LevelSpec[]): TileRef[] {
  const out: TileRef[] = [{ kind: 'preview' }];
  for (let z = 1; z < levels.length; z++) {
    const n = tilesPerSide(levels[z]);
    for (const face of FACES)
      for (let y = 0; y < n; y++) for (let x = 0; x < n; x++) out.push({ kind: 'tile', z, face, y, x });
  }
  return out;
}

/** JPEG files start with FF D8 FF. */
export function isJpegHead(head: Buffer): boolean {
  return head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff;
}
