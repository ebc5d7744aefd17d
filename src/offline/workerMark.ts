// Whether this browser keeps a site offline, read before anything else on the page: the app's entry must not drop
// the kiosk's service worker before the site's settings are known (offline they may come only from it). Kept
// apart from the registration (and workbox-window) so a visitor's page loads none of that.
const MARK_KEY = 'survey360.offline';

export const workersSupported = () => typeof navigator !== 'undefined' && 'serviceWorker' in navigator;

export function markKeptSite(site: string | null): void {
  try {
    if (site) localStorage.setItem(MARK_KEY, site);
    else localStorage.removeItem(MARK_KEY);
  } catch {
    /* private mode */
  }
}

export function keepsOffline(): boolean {
  try {
    return localStorage.getItem(MARK_KEY) !== null;
  } catch {
    return false;
  }
}

/** At start: a browser that keeps no site offline has no business with a service worker (an older deployment's,
 *  or a kiosk's that is no longer one). */
export function dropStrayWorkers(): void {
  if (!workersSupported() || keepsOffline()) return;
  void navigator.serviceWorker
    .getRegistrations()
    .then((regs) => regs.forEach((r) => void r.unregister()))
    .catch(() => undefined);
}
