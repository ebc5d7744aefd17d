// Shared helpers of the app-* end-to-end tests: read what the server has, so tests assert what a person sees.
import type { APIRequestContext } from '@playwright/test';

export async function api<T>(request: APIRequestContext, path: string): Promise<T> {
  const res = await request.get(path);
  const body = await res.json();
  if (!body.success) throw new Error(`${path}: ${body.message}`);
  return body.payload as T;
}

export interface DemoSite {
  site: string;
  title: string;
  floors: number[];
  date: string;
  dates: { date: string; survey_name: string }[];
  scenes: {
    survey_node: {
      tiles_id: string;
      title: string;
      link_hotspots: { target: string }[];
      info_hotspots: { info_id: string; title: string; yaw: number; pitch: number }[];
    };
  }[];
  settings: { enable: Record<string, boolean>; initial_settings: { floor: number; date: string; pano_id: string } };
}

/** The default site as the server seeded it: title, floors with data, the initial floor's dates and scenes. */
export async function demoSite(request: APIRequestContext): Promise<DemoSite> {
  const config = await api<{ defaultSite: string }>(request, '/api/settings');
  const site = config.defaultSite;
  const settings = await api<DemoSite['settings'] & { display: { title: string } }>(
    request,
    `/api/site/${site}/settings`,
  );
  const floors = await api<number[]>(request, `/api/site/${site}/survey/floors`);
  const floor = floors.includes(settings.initial_settings.floor)
    ? settings.initial_settings.floor
    : Math.min(...floors);
  const dates = await api<{ date: string; survey_name: string }[]>(
    request,
    `/api/site/${site}/survey/details/compact?floor=${floor}`,
  );
  const date = dates.some((d) => d.date === settings.initial_settings.date)
    ? settings.initial_settings.date
    : dates[0].date;
  const scenes = await api<DemoSite['scenes']>(request, `/api/site/${site}/survey/details?floor=${floor}&date=${date}`);
  return { site, title: settings.display.title, floors, date, dates, scenes, settings };
}
