// The API reads a kiosk makes while showing a site, for every floor, date and scene, spelt exactly as the app's
// own queries spell them (src/api/queries/): the service worker keeps answers by address, so a read spelt another
// way would not be found offline.
import { apiUrl, seg } from '../api/client';

export interface SiteShape {
  site: string;
  /** Every survey: its floor and date. */
  surveys: ReadonlyArray<{ floor: number; date: string }>;
  /** Floors with a floor plan or a name (minimap/floors). */
  floors: readonly number[];
  /** Every scene's tiles id. */
  scenes: readonly string[];
}

export function siteApiReads(shape: SiteShape): string[] {
  const base = `/api/site/${seg(shape.site)}`;
  const urls = new Set<string>([
    apiUrl('/api/settings'),
    apiUrl('/api/sites'),
    apiUrl('/api/login/user/info'),
    apiUrl(`${base}/settings`),
    apiUrl(`${base}/surveys`),
    apiUrl(`${base}/exists`),
    apiUrl(`${base}/emptyFloors`),
    apiUrl(`${base}/minimap/floors`),
    apiUrl(`${base}/about`),
    apiUrl(`${base}/offline/sizes`),
    apiUrl(`${base}/survey/floors`),
    // The published guided tours, which a kiosk left alone plays.
    apiUrl(`${base}/tours`),
  ]);
  const floors = new Set([...shape.floors, ...shape.surveys.map((s) => s.floor)]);
  const dates = new Set(shape.surveys.map((s) => s.date));
  for (const floor of floors) {
    urls.add(apiUrl(`${base}/survey/details`, { floor }));
    urls.add(apiUrl(`${base}/survey/details/compact`, { floor }));
    urls.add(apiUrl(`${base}/${seg(floor)}/exists`));
    urls.add(apiUrl(`${base}/minimap/details`, { floor }));
    urls.add(apiUrl(`${base}/${seg(floor)}/survey/minimapSingleSite`));
    for (const date of dates) {
      urls.add(apiUrl(`${base}/survey/details`, { floor, date }));
      urls.add(apiUrl(`${base}/${seg(floor)}/survey/minimapSingleSite`, { date }));
    }
  }
  for (const date of dates) urls.add(apiUrl(`${base}/survey/floors`, { date }));
  for (const tilesId of shape.scenes) urls.add(apiUrl(`${base}/hotspot/details`, { tilesId }));
  return [...urls];
}
