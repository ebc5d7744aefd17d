// A scene's hotspots as the panorama shows them (link arrows with the target scene's name, info badges), built by one
// rule on both sides: the server writes them into the page's first-view block, so the page's first script shows them
// before the app has loaded, and the viewer builds the same list (same ids, same labels) from the survey details, so
// its list replaces the first one button for button. Pure and zod-free: the first-view bundle reads its output.

import type { TileFormat, TileSource } from './tileUrls.ts';

/** Positions in the data's yaw/pitch (radians, pitch positive down). */
export interface SceneLinkHotspot {
  kind: 'link';
  /** Unique within the scene (linkHotspotId). */
  id: string;
  yaw: number;
  pitch: number;
  /** Arrow rotation, radians, clockwise as in Marzipano's link hotspots. */
  rotation?: number;
  /** The target scene's name (its tiles id when unknown), shown on hover. */
  label?: string;
  /** Where the target scene's tiles are: its preview is fetched ahead of the click. */
  target?: TileSource;
}

export interface SceneInfoHotspot {
  kind: 'info';
  id: string;
  yaw: number;
  pitch: number;
  title?: string;
}

export type SceneHotspot = SceneLinkHotspot | SceneInfoHotspot;

/** The page carries at most this many hotspots of its first scene, each text at most this long: a scene with more
 *  (none of ours comes near) shows the rest once the app has read the survey details. */
export const PAGE_HOTSPOTS_MAX = 200;
export const PAGE_HOTSPOT_TEXT_MAX = 200;

interface NodeHotspots {
  manta_link: string;
  link_hotspots: ReadonlyArray<{ yaw: number; pitch: number; rotation: number; target: string }>;
  info_hotspots: ReadonlyArray<{ info_id: string; yaw: number; pitch: number; title: string }>;
}

/** The id of a scene's `i`-th link hotspot. */
export const linkHotspotId = (i: number, target: string) => `link-${i}-${target}`;

/** A scene's hotspots: links first, then infos; `titleOf`/`formatOf` name and format the target scenes. */
export function sceneHotspots(
  node: NodeHotspots,
  titleOf: (tilesId: string) => string | undefined,
  formatOf: (tilesId: string) => TileFormat | undefined = () => undefined,
): SceneHotspot[] {
  return [
    ...node.link_hotspots.map((h, i): SceneHotspot => ({
      kind: 'link',
      id: linkHotspotId(i, h.target),
      yaw: h.yaw,
      pitch: h.pitch,
      rotation: h.rotation,
      label: titleOf(h.target) ?? h.target,
      target: { mantaLink: node.manta_link, tilesId: h.target, format: formatOf(h.target) },
    })),
    ...node.info_hotspots.map((h): SceneHotspot => ({
      kind: 'info',
      id: h.info_id,
      yaw: h.yaw,
      pitch: h.pitch,
      title: h.title,
    })),
  ];
}

const cut = (s: string | undefined) => (s === undefined ? undefined : s.slice(0, PAGE_HOTSPOT_TEXT_MAX));

/** The list bounded for the page: at most PAGE_HOTSPOTS_MAX, texts cut to PAGE_HOTSPOT_TEXT_MAX. An id longer
 *  than that is left out rather than cut: the app's list must find each button by its id. */
export function pageHotspots(list: readonly SceneHotspot[]): SceneHotspot[] {
  return list
    .filter((h) => h.id.length <= PAGE_HOTSPOT_TEXT_MAX)
    .slice(0, PAGE_HOTSPOTS_MAX)
    .map((h) => (h.kind === 'link' ? { ...h, label: cut(h.label) } : { ...h, title: cut(h.title) }));
}

const finite = (x: unknown) => typeof x === 'number' && Number.isFinite(x);
const optString = (x: unknown) => x === undefined || typeof x === 'string';

/** The well-formed hotspots of a page's block (anything else is dropped: the app's own list comes later). */
export function readPageHotspots(x: unknown): SceneHotspot[] {
  if (!Array.isArray(x)) return [];
  return x.filter((h: Partial<SceneLinkHotspot> & Partial<SceneInfoHotspot>) => {
    if (typeof h !== 'object' || h === null || typeof h.id !== 'string' || !finite(h.yaw) || !finite(h.pitch)) {
      return false;
    }
    if (h.kind === 'info') return optString(h.title);
    return (
      h.kind === 'link' &&
      optString(h.label) &&
      (h.rotation === undefined || finite(h.rotation)) &&
      (h.target === undefined || (typeof h.target?.mantaLink === 'string' && typeof h.target.tilesId === 'string'))
    );
  }) as SceneHotspot[];
}
