// The soak's tour phase: the kiosk is left alone with its idle action set to play the site's first published tour,
// and the tour runs round the given number of loops (the player's `window.__tour.loops`, docs/tours.md). Its stops
// dwell one second here, so fifty loops take minutes, not the demo's 8 s a stop. Whatever it changed on the site
// (the kiosk settings, the tour's dwell times) is put back, also when it fails: the end-to-end server is shared.
import type { APIRequestContext } from '@playwright/test';
import type { Tour } from '../../contract/tours';
import type { SiteSettings } from '../../contract/api';
import type { KioskSoak } from './driver';
import { api, apiSend } from '../../tests/e2e/editor-helpers';

const saveStops = (request: APIRequestContext, site: string, tour: Tour, dwell?: number) =>
  apiSend<Tour>(request, 'PUT', `/api/site/${site}/manage/tours/${tour.id}`, {
    revision: tour.revision,
    name: tour.name,
    stops: tour.stops.map(({ scene, yaw, pitch, fov, caption, dwell: own }) => ({
      ...{ scene, yaw, pitch, fov, caption },
      dwell: dwell ?? own,
    })),
  });

/** Plays the site's tour `loops` times round on the soak's kiosk page; throws when the loops do not come. */
export async function playTourLoops(
  soak: KioskSoak,
  request: APIRequestContext,
  site: string,
  loops: number,
): Promise<void> {
  if (loops <= 0) return;
  const [tour] = await api<Tour[]>(request, `/api/site/${site}/tours`);
  if (!tour) throw new Error(`the site "${site}" has no published tour for the soak to loop`);
  const settings = await api<SiteSettings>(request, `/api/site/${site}/settings`);
  const quick = await saveStops(request, site, tour, 1);
  const startLoops = await soak.page.evaluate(() => (window as { __tour?: { loops: number } }).__tour?.loops ?? 0);
  try {
    await apiSend(request, 'PATCH', `/api/site/${site}/settings`, {
      kiosk: { enabled: true, idleRotateSeconds: 1, idleResetSeconds: 3600, idleAction: 'tour' },
    });
    await soak.page.waitForFunction(
      (want) => ((window as { __tour?: { loops: number } }).__tour?.loops ?? 0) >= want,
      startLoops + loops,
      // A loop of three one-second stops with their turns and crossfades takes a few seconds; generous under load.
      { timeout: 30_000 + loops * 30_000, polling: 500 },
    );
  } finally {
    // Any input hands the kiosk back: the tour ends before the settings change again.
    await soak.page.mouse.move(10, 10).catch(() => undefined);
    await soak.page.mouse.move(20, 20).catch(() => undefined);
    await apiSend(request, 'PATCH', `/api/site/${site}/settings`, {
      kiosk: settings.kiosk ?? { enabled: false, idleRotateSeconds: 60, idleResetSeconds: 180, idleAction: 'rotate' },
    });
    await saveStops(request, site, { ...tour, revision: quick.revision });
  }
}
