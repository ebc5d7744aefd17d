// What keeping a site offline takes on this screen: its scenes (from every survey's details), the API reads the
// kiosk makes, and the files with their weights (the server's listing, offline/sizes).
import { getJson, getJsonOr, seg } from '../api/client';
import type {
  Floor,
  HotspotDescription,
  OfflineSizes,
  SiteSettings,
  SurveyScene,
  SurveySummary,
} from '../../contract/api';
import type { Viewport } from '../scene/view';
import { siteApiReads } from './apiReads';
import { panelPictures, siteFiles, type OfflineFile, type OfflineScene } from './fileSet';

/** Our own files: /media/ here, or the bucket's address (S3_PUBLIC_URL) the app config names. */
const ownFile = (mediaBase: string) => (url: string) =>
  url.startsWith('/media/') || (mediaBase !== '' && url.startsWith(mediaBase));

export interface SitePlan {
  files: OfflineFile[];
  apiReads: string[];
}

export async function loadSitePlan(site: string, screen: Viewport, avif: boolean): Promise<SitePlan> {
  const base = `/api/site/${seg(site)}`;
  const [settings, surveys, floors, sizes] = await Promise.all([
    getJson<SiteSettings>(`${base}/settings`),
    getJson<SurveySummary[]>(`${base}/surveys`),
    getJson<Floor[]>(`${base}/minimap/floors`),
    getJson<OfflineSizes>(`${base}/offline/sizes`),
  ]);
  const details = await Promise.all(
    surveys.map((s) => getJson<SurveyScene[]>(`${base}/survey/details`, { query: { floor: s.floor, date: s.date } })),
  );
  const scenes = new Map<string, OfflineScene>();
  for (const { survey_node: n } of details.flat())
    scenes.set(n.tiles_id, {
      tilesId: n.tiles_id,
      mantaLink: n.manta_link,
      levels: n.levels,
      tileFormat: n.tile_format,
      // The start view's field of view may be narrower than the scene's own: the deeper level of the two.
      fov: Math.min(n.initial_parameters.fov, settings.initial_settings.fov || Math.PI),
    });
  const [config, panels] = await Promise.all([
    getJson<{ mediaBaseUrl?: string }>('/api/settings'),
    Promise.all(
      [...scenes.keys()].map((tilesId) =>
        getJsonOr<HotspotDescription[] | HotspotDescription | null>(`${base}/hotspot/details`, [], {
          query: { tilesId },
        }),
      ),
    ),
  ]);
  // One answer may be a single description rather than a list (as the viewer's own query reads it).
  const descriptions = panels.flatMap((p) => (p ? (Array.isArray(p) ? p : [p]) : []));
  const pictures = panelPictures(descriptions, ownFile(config.mediaBaseUrl ?? ''));
  const files = new Map(siteFiles([...scenes.values()], screen, avif, sizes).map((f) => [f.url, f]));
  for (const p of pictures) if (!files.has(p.url)) files.set(p.url, p);
  return {
    files: [...files.values()],
    apiReads: siteApiReads({
      site,
      surveys,
      floors: floors.map((f) => f.floor),
      scenes: [...scenes.keys()],
    }),
  };
}
