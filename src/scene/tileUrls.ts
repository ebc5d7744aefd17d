// The only place tile and preview addresses are built: `{manta_link}{tiles_id}/{z}/{f}/{y}/{x}.jpg` and
// `{manta_link}{tiles_id}/preview.jpg`, exactly as the data says (no other way of building them exists).
import type { TileId } from './tileGrid';

export interface TileSource {
  /** Public URL prefix (manta_link), e.g. "/media/tiles/". */
  mantaLink: string;
  tilesId: string;
}

function base(s: TileSource): string {
  return `${s.mantaLink}${encodeURIComponent(s.tilesId)}/`;
}

export function tileUrl(s: TileSource, t: TileId): string {
  return `${base(s)}${t.z}/${t.face}/${t.y}/${t.x}.jpg`;
}

export function previewUrl(s: TileSource): string {
  return `${base(s)}preview.jpg`;
}

/** Order of the six faces stacked top to bottom in preview.jpg. */
export const PREVIEW_FACE_ORDER = ['b', 'd', 'f', 'l', 'r', 'u'] as const;
