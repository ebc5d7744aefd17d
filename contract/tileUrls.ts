// The tile layout: docs/tile-layout.md.
// The only place tile and preview addresses are built: `{manta_link}{tiles_id}/{z}/{f}/{y}/{x}.jpg` and
// `{manta_link}{tiles_id}/preview.jpg`, exactly as the data says (no other way of building them exists), or the
// same names ending in `.avif` for a scene whose tiles have their AVIF copy. Shared: the renderer fetches by them,
// the server names the first view's preview in the page (server/bootstrap/).

/** The formats a scene's tiles are stored in: 'jpg' always (as uploaded), 'avif' once the copy is made. */
export const TILE_FORMATS = ['jpg', 'avif'] as const;
export type TileFormat = (typeof TILE_FORMATS)[number];

/** A tile's place in its pyramid, as its address names it (the renderer's TileId is one). */
export interface TileAddress {
  /** Index into the levels array. */
  z: number;
  face: string;
  x: number;
  y: number;
}

export interface TileSource {
  /** Public URL prefix (manta_link), e.g. "/media/tiles/". */
  mantaLink: string;
  tilesId: string;
  /** Which copy to fetch; 'jpg' when absent. */
  format?: TileFormat;
}

function base(s: TileSource): string {
  return `${s.mantaLink}${encodeURIComponent(s.tilesId)}/`;
}

export function tileUrl(s: TileSource, t: TileAddress): string {
  return `${base(s)}${t.z}/${t.face}/${t.y}/${t.x}.${s.format ?? 'jpg'}`;
}

export function previewUrl(s: TileSource): string {
  return `${base(s)}preview.${s.format ?? 'jpg'}`;
}

/** The JPEG address of an AVIF copy's address (a browser that cannot decode AVIF fetches that instead). */
export function jpegUrlOf(url: string): string {
  return url.endsWith('.avif') ? `${url.slice(0, -'.avif'.length)}.jpg` : url;
}

/** Order of the six faces stacked top to bottom in preview.jpg. */
export const PREVIEW_FACE_ORDER = ['b', 'd', 'f', 'l', 'r', 'u'] as const;
