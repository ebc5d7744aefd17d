// The kiosk's service worker, registered only where it is wanted: a kiosk of a site kept offline. Any other page
// registers nothing; one that finds a worker left behind (an older deployment, a kiosk that is no longer one)
// removes it.
//
// Updates: a new build's worker installs beside the running one (its own revisioned precache) and waits; it takes
// over only when the page has been left alone for a minute, and the page then reloads into the new build, so the
// page never runs one build's scripts against the other's chunks. Taking over at the next navigation alone would
// never happen on a kiosk: it is one page that is never closed.
import { Workbox } from 'workbox-window';
import { updateDue } from './updatePolicy';
import { markKeptSite, workersSupported as supported } from './workerMark';

const INPUTS = ['pointerdown', 'keydown', 'wheel', 'touchstart'] as const;

/** Removes the worker (the site's setting was turned off, or this is no kiosk any more). */
export async function unregisterKioskWorker(): Promise<void> {
  markKeptSite(null);
  if (!supported()) return;
  const regs = await navigator.serviceWorker.getRegistrations().catch(() => []);
  await Promise.all(regs.map((r) => r.unregister()));
}

/** Registers the worker. Returns the stop (of the update's listeners: the worker stays). */
export function registerKioskWorker(site: string): { stop: () => void } {
  if (!supported()) return { stop: () => {} };
  markKeptSite(site);
  const wb = new Workbox('/sw.js', { scope: '/' });
  let lastInput = Date.now();
  const touched = () => void (lastInput = Date.now());
  for (const t of INPUTS) window.addEventListener(t, touched, { passive: true, capture: true });
  let waitTimer: ReturnType<typeof setInterval> | undefined;
  wb.addEventListener('waiting', () => {
    clearInterval(waitTimer);
    waitTimer = setInterval(() => {
      if (!updateDue(lastInput, Date.now())) return;
      clearInterval(waitTimer);
      wb.messageSkipWaiting();
    }, 5_000);
  });
  wb.addEventListener('controlling', (e) => {
    if (e.isUpdate) window.location.reload();
  });
  void wb.register();
  return {
    stop: () => {
      clearInterval(waitTimer);
      for (const t of INPUTS) window.removeEventListener(t, touched, { capture: true });
    },
  };
}
