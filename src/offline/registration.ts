// The kiosk's service worker, registered only where it is wanted: a kiosk of a site kept offline. Any other page
// registers nothing; one that finds a worker left behind (an older deployment, a kiosk that is no longer one)
// removes it.
//
// Updates: the page asks the server for a new /sw.js when its change stream comes back after a loss (a deployment
// restarts the server) and every hour. A new build's worker installs beside the running one (its own revisioned
// precache) and waits; it takes over only once nobody has touched the screen for the kiosk's idle time, and the
// page then reloads into the new build, so the page never runs one build's scripts against the other's chunks.
// Taking over at the next navigation alone would never happen on a kiosk: it is one page that is never closed.
import { Workbox } from 'workbox-window';
import { RELEASE_STREAM_EVENT, SERVER_BACK_EVENT } from '../api/serverChanges';
import { KIOSK_INPUT_EVENTS } from '../domain/kioskInput';
import { updateDue } from './updatePolicy';
import { markKeptSite, workersSupported as supported } from './workerMark';

/** Without a restart heard (a rolling deployment behind a balancer may keep this page's stream), look anyway. */
const LOOK_FOR_UPDATE_MS = 60 * 60_000;
/** How often a waiting build checks whether the kiosk is left alone (a check is one subtraction). */
const IDLE_CHECK_MS = 1_000;

/** Removes the worker (the site's setting was turned off, or this is no kiosk any more). */
export async function unregisterKioskWorker(): Promise<void> {
  markKeptSite(null);
  if (!supported()) return;
  const regs = await navigator.serviceWorker.getRegistrations().catch(() => []);
  await Promise.all(regs.map((r) => r.unregister()));
}

/** Registers the worker; `idleMs` tells the quiet time a new build waits for (read at each check: the site's
 *  setting may change). Returns the stop (of the update's listeners and timers: the worker stays). */
export function registerKioskWorker(site: string, idleMs: () => number): { stop: () => void } {
  if (!supported()) return { stop: () => {} };
  markKeptSite(site);
  const wb = new Workbox('/sw.js', { scope: '/' });
  let lastInput = Date.now();
  const touched = () => void (lastInput = Date.now());
  for (const t of KIOSK_INPUT_EVENTS) window.addEventListener(t, touched, { passive: true, capture: true });
  // A failed look (the server away again) is simply tried at the next occasion.
  const lookForUpdate = () => void wb.update().catch(() => undefined);
  window.addEventListener(SERVER_BACK_EVENT, lookForUpdate);
  const lookTimer = setInterval(lookForUpdate, LOOK_FOR_UPDATE_MS);
  let waitTimer: ReturnType<typeof setInterval> | undefined;
  wb.addEventListener('waiting', () => {
    clearInterval(waitTimer);
    waitTimer = setInterval(() => {
      if (!updateDue(lastInput, Date.now(), idleMs())) return;
      clearInterval(waitTimer);
      // The old worker carries the change stream: it would hold the new one back (Chromium: about 10 s).
      window.dispatchEvent(new Event(RELEASE_STREAM_EVENT));
      wb.messageSkipWaiting();
    }, IDLE_CHECK_MS);
  });
  // A new worker in charge of a page another worker served: the page's scripts are the old build's and its lazy
  // chunks are gone from the new precache, so it loads the new build whole. Not Workbox's `isUpdate`, which is
  // false for the life of a page that installed the first worker itself (a kiosk that never reloads).
  let controlled = !!navigator.serviceWorker.controller;
  const onControllerChange = () => {
    if (controlled) window.location.reload();
    controlled = true;
  };
  navigator.serviceWorker.addEventListener('controllerchange', onControllerChange);
  void wb.register();
  return {
    stop: () => {
      clearInterval(waitTimer);
      clearInterval(lookTimer);
      window.removeEventListener(SERVER_BACK_EVENT, lookForUpdate);
      navigator.serviceWorker.removeEventListener('controllerchange', onControllerChange);
      for (const t of KIOSK_INPUT_EVENTS) window.removeEventListener(t, touched, { capture: true });
    },
  };
}
