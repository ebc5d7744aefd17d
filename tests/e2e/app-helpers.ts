// Shared helpers of the app-* end-to-end tests: read what the server has, so tests assert what a person sees.
import { expect, type APIRequestContext, type Page } from '@playwright/test';

export async function api<T>(request: APIRequestContext, path: string): Promise<T> {
  const res = await request.get(path);
  const body = await res.json();
  if (!body.success) throw new Error(`${path}: ${body.message}`);
  return body.payload as T;
}

/**
 * Fails the test when the demo site lacks what it needs (`missing` true): the demo is ours, so a test never skips
 * over it; if the demo lost its hotspot or its second floor, that is a fault to see.
 */
export function demoLacks(missing: unknown, what: string): void {
  expect(!missing, `the demo site must not lack this: ${what}`).toBe(true);
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
      link_hotspots: { target: string; yaw: number; pitch: number }[];
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

/** Runs `fn` with the multi-site map switched on, and switches it off again whatever happens. */
export async function withMultiSite(request: APIRequestContext, fn: () => Promise<void>): Promise<void> {
  await request.patch('/api/settings', { data: { enableMultiSite: true } });
  try {
    await fn();
  } finally {
    await request.patch('/api/settings', { data: { enableMultiSite: false } });
  }
}

/** Opens each page in turn, once its heading and its reads are there, and collects what `check` finds on it. */
export async function problemsOnPages(
  page: Page,
  paths: string[],
  check: (where: string) => Promise<string[]>,
): Promise<string[]> {
  const problems: string[] = [];
  for (const path of paths) {
    await page.goto(path);
    await page.locator('h1').first().waitFor();
    await page.waitForLoadState('networkidle');
    problems.push(...(await check(path)));
  }
  return problems;
}

/** Opens the viewer at `path` and waits until it shows the site's first scene. */
export async function openViewer(page: Page, demo: DemoSite, path = '/site'): Promise<void> {
  await page.goto(path);
  await expect(page.locator('.title-card h1')).toHaveText(demo.scenes[0].survey_node.title);
  await appPageDrawn(page);
}

/** The app has drawn the page over the server's shell, whose controls only keep a press for the app (a switch
 *  pressed there turns only once the app has come). */
export async function appPageDrawn(page: Page): Promise<void> {
  await expect(page.locator('#root[data-shell]')).toHaveCount(0, { timeout: 30_000 });
}

/** The picture is live: the engine has drawn its first stable frame, and the early stage's hotspot buttons (Tab
 *  stops until then, docs/first-view.md) are gone. What a person waits for before walking the page with Tab. */
export async function waitPictureLive(page: Page): Promise<void> {
  await page.waitForFunction(() => performance.getEntriesByName('panorama:stable').length > 0, undefined, {
    timeout: 30_000,
  });
  await expect(page.locator('.early-hotspot')).toHaveCount(0);
}
