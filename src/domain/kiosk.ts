// Kiosk mode, as pure rules. A kiosk is started by ?kiosk=1 on any page (or the site's kiosk setting). It is
// kept in two places so that nothing a visitor can do turns it back into the full console:
//  - the URL: every page of the app carries kiosk=1, so a reload (a power cut, a browser restart that reopens
//    the last page) comes back as a kiosk even if the browser's storage was wiped;
//  - localStorage: a restart that opens the start URL without the flag (or any URL of the site) stays a kiosk.
// It ends with ?kiosk=0, honoured only for someone allowed to end it (see mayEndKiosk).
export const KIOSK_PARAM = 'kiosk';
export const KIOSK_STORAGE_KEY = 'survey360.kiosk';

/** What the URL asks for: start ('on'), end ('off') or nothing. */
export function kioskRequest(search: string): 'on' | 'off' | null {
  const v = new URLSearchParams(search).get(KIOSK_PARAM);
  if (v === '1' || v === 'true') return 'on';
  if (v === '0' || v === 'false') return 'off';
  return null;
}

/** The query string with kiosk=1 (other parameters kept in place); '' stays without '?'. */
export function withKioskParam(search: string): string {
  const p = new URLSearchParams(search);
  p.set(KIOSK_PARAM, '1');
  return `?${p.toString()}`;
}

/** The query string without the kiosk parameter (after kiosk=0 was honoured or refused). */
export function withoutKioskParam(search: string): string {
  const p = new URLSearchParams(search);
  p.delete(KIOSK_PARAM);
  const s = p.toString();
  return s ? `?${s}` : '';
}

/** Who may end a kiosk by URL: an administrator signed in through single sign-on; on an install without
 *  sign-on, whoever can type a URL (a kiosk browser has no address bar, and such an install trusts its
 *  network for every write anyway). A kiosk the site's setting turns on only ends with that setting. */
export function mayEndKiosk(r: { ssoEnabled: boolean; signedInAdmin: boolean }): boolean {
  return !r.ssoEnabled || r.signedInAdmin;
}

/** The kiosk's Home: the site it was started in (its viewer), or the map home when started there. A kiosk
 *  never goes to the pin map from inside a site. */
export function kioskHomeFor(pathname: string): string {
  const m = /^\/site\/([^/]+)/.exec(pathname);
  return m ? `/site/${m[1]}/site` : '/';
}

type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
const storage = (): Store | undefined => {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
};

/** The stored kiosk: its Home path, or null when this browser is not a kiosk. */
export function readStoredKiosk(s: Store | undefined = storage()): string | null {
  try {
    const v = s?.getItem(KIOSK_STORAGE_KEY);
    return v && v.startsWith('/') ? v : null;
  } catch {
    return null;
  }
}

export function storeKiosk(home: string | null, s: Store | undefined = storage()): void {
  try {
    if (home) s?.setItem(KIOSK_STORAGE_KEY, home);
    else s?.removeItem(KIOSK_STORAGE_KEY);
  } catch {
    /* private mode: the URL still carries it */
  }
}

/** Kiosk at start-up, before the first paint (so no administrator tool ever flashes on a kiosk). kiosk=0 is
 *  not honoured here: whether it may end the kiosk is known only once the server says who is signed in. */
export function initialKiosk(search: string, stored: string | null): boolean {
  return kioskRequest(search) === 'on' || stored !== null;
}

/** True for a link that would take the kiosk away from this app (another origin). */
export function leavesApp(href: string, origin: string): boolean {
  try {
    const u = new URL(href, origin);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.origin !== origin : true;
  } catch {
    return true;
  }
}
