// The only place tile and preview addresses are built: `{manta_link}{tiles_id}/{z}/{f}/{y}/{x}.jpg` and
// `{manta_link}{tiles_id}/preview.jpg`, exactly as the data says (no other way of building them exists). Shared:
// the renderer fetches by them, the server names the first view's preview in the page (server/bootstrap/).

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
}

function base(s: TileSource): string {
  return `${s.mantaLink}${encodeURIComponent(s.tilesId)}/`;
}

export function tileUrl(s: TileSource, t: TileAddress): string {
  return `${base(s)}${t.z}/${t.face}/${t.y}/${t.x}.jpg`;
}

export function previewUrl(s: TileSource): string {
  return `${base(s)}preview.jpg`;
}

/** Order of the six faces stacked top to bottom in preview.jpg. */
export const PREVIEW_FACE_ORDER = ['b', 'd', 'f', 'l', 'r', 'u'] as const;
