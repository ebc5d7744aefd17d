// Driving scene.html from a test: build its URL, wait until every visible tile is drawn, set views.
import type { Page } from '@playwright/test';

export interface SceneQuery {
  manta: string;
  tiles: string;
  levels: unknown[];
  face: number;
  view?: { yaw: number; pitch: number; fov: number };
  hotspots?: unknown[];
  bg?: string;
}

export function sceneUrl(origin: string, q: SceneQuery, page = 'scene.html'): string {
  const p = new URLSearchParams({
    manta: q.manta,
    tiles: q.tiles,
    levels: JSON.stringify(q.levels),
    face: String(q.face),
  });
  if (q.view) for (const [k, v] of Object.entries(q.view)) p.set(k, String(v));
  if (q.hotspots) p.set('hotspots', JSON.stringify(q.hotspots));
  if (q.bg) p.set('bg', q.bg);
  return `${origin}/${page}?${p}`;
}

/** Wait for a frame after `afterFrame` in which every visible tile at the chosen level was drawn. */
export async function waitStable(page: Page, afterFrame = 0): Promise<void> {
  await page.waitForFunction(
    (f) => !!window.__panorama && window.__panorama.frames > f && window.__panorama.counters.stable,
    afterFrame,
    { timeout: 30_000 },
  );
  // One more animation frame so the drawn frame is on screen for the screenshot.
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
}

/** Jump to a view, wait until it is fully drawn, and return the view actually shown (after limits). */
export async function showView(
  page: Page,
  view: { yaw: number; pitch: number; fov: number },
): Promise<{ yaw: number; pitch: number; fov: number }> {
  const frame = await page.evaluate(async (v) => {
    const f = window.__panorama!.frames;
    await window.__panorama!.lookTo(v, 0);
    return f;
  }, view);
  await waitStable(page, frame);
  return page.evaluate(() => window.__panorama!.getView());
}
