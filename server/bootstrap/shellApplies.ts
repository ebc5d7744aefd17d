// Which viewer pages the server draws the shell of: those whose first render it makes exactly as the app's first
// render in the browser will. A kiosk (by link or by the site's setting), a comparison and a guided tour's link
// change the page from its first render by what only the browser knows or loads; they start as before (the app
// draws the page). The browser's own check (src/shellFit.ts) covers what the server cannot see: the window's size
// and a kiosk kept in the browser's storage.

/** Link parameters that make the first render differ from the server's (kiosk, compare, guided tour). */
const OWN_START = ['kiosk', 'compare', 'tour'];

export function shellApplies(search: string, queries: ReadonlyArray<readonly [unknown, unknown]>): boolean {
  const params = new URLSearchParams(search);
  if (OWN_START.some((p) => params.has(p))) return false;
  return !queries.some(([key, data]) => isSiteSettings(key) && kioskSetting(data));
}

const isSiteSettings = (key: unknown) => Array.isArray(key) && key[0] === 'siteSettings';
const kioskSetting = (data: unknown) => (data as { kiosk?: { enabled?: unknown } } | null)?.kiosk?.enabled === true;
