// Multi-site map logic: which pins show on the current map, the 'see more' groups, where a pin click goes,
// and the remembered current map (localStorage currentSitemap).
import type { Pin } from '../../contract/api';

export const CURRENT_SITEMAP_KEY = 'currentSitemap';
export const DEFAULT_SITEMAP = 'default';

/** Pins of the current map; disabled pins only for administrators. */
export function visiblePins(pins: readonly Pin[], currentMap: string, isAdmin: boolean): Pin[] {
  return pins.filter((p) => (p.sitemap || DEFAULT_SITEMAP) === currentMap && (p.enabled || isAdmin));
}

/** Pins grouped by sitemap name, groups sorted by name, pins by name; disabled pins only for administrators. */
export function groupPinsBySitemap(pins: readonly Pin[], isAdmin: boolean): { sitemap: string; pins: Pin[] }[] {
  const groups = new Map<string, Pin[]>();
  for (const p of pins) {
    if (!p.enabled && !isAdmin) continue;
    const k = p.sitemap || DEFAULT_SITEMAP;
    groups.set(k, [...(groups.get(k) ?? []), p]);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([sitemap, ps]) => ({ sitemap, pins: ps.sort((a, b) => a.name.localeCompare(b.name)) }));
}

/** Where a visitor's pin click goes: its external URL if set, otherwise the site's viewer. */
export function pinTarget(pin: Pin): { external: true; url: string } | { external: false; path: string } {
  if (pin.external_url) return { external: true, url: pin.external_url };
  return { external: false, path: `/site/${encodeURIComponent(pin.site)}/site` };
}

export function readCurrentSitemap(storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage): string {
  try {
    return storage?.getItem(CURRENT_SITEMAP_KEY) || DEFAULT_SITEMAP;
  } catch {
    return DEFAULT_SITEMAP;
  }
}

export function writeCurrentSitemap(
  name: string,
  storage: Pick<Storage, 'setItem'> | undefined = globalThis.localStorage,
): void {
  try {
    storage?.setItem(CURRENT_SITEMAP_KEY, name);
  } catch {
    /* private mode: not remembered */
  }
}
