// Rules of the multi-site pin editor: where a click lands in percent, which
// moves are accepted, and what the Add/Edit Pin and site-map modals require before they send.
import type { Pin } from '../../contract/api';

export const PIN_ICONS = ['learn', 'shop', 'farm', 'pig', 'animal', 'truck'] as const;
export type ChosenIcon = (typeof PIN_ICONS)[number];
/** The icon a new pin starts with: 'plus' (none chosen yet). */
export const DEFAULT_ICON = 'plus';

export const ADD_PIN_HINT = 'Click on anywhere within the map to add your pin!';
export const MISSING_PREFIX = 'You are missing the following:';

/** A point of the map (pixels within a drawn map of width x height) in percent. */
export function toPercent(px: number, py: number, width: number, height: number): { x: number; y: number } {
  return { x: (px / width) * 100, y: (py / height) * 100 };
}

/** A move is accepted only while x and y stay strictly between 0 and 100. */
export const insideMap = (p: { x: number; y: number }) => p.x > 0 && p.x < 100 && p.y > 0 && p.y < 100;

/** http(s) URLs only, as the server's contract says. */
export function isValidUrl(value: string): boolean {
  try {
    const u = new URL(value.trim());
    return (u.protocol === 'http:' || u.protocol === 'https:') && !!u.hostname;
  } catch {
    return false;
  }
}

export interface PinForm {
  name: string;
  icon: string;
  externalOn: boolean;
  externalUrl: string;
}

/** The modal's missing lines, in the form's order; empty when the pin may be sent. */
export function missingPinFields(f: PinForm): string[] {
  const out: string[] = [];
  if (!f.name.trim()) out.push('- A name');
  if (!f.icon || f.icon === DEFAULT_ICON) out.push('- An Icon');
  if (f.externalOn) {
    if (!f.externalUrl.trim()) out.push('- An External URL');
    else if (!isValidUrl(f.externalUrl)) out.push('- A Valid URL');
  }
  return out;
}

/** The site-map modal: an image and a map name are both required. */
export function missingSitemapFields(f: { name: string; hasImage: boolean }): string[] {
  const out: string[] = [];
  if (!f.hasImage) out.push('- An image');
  if (!f.name.trim()) out.push('- A map name');
  return out;
}

export const missingMessage = (lines: readonly string[]) => [MISSING_PREFIX, ...lines].join('\n');

/** A new pin of the Add Pin modal: disabled, with empty _id and site (the server gives it a site id). */
export function newPinAt(x: number, y: number, sitemap: string): Pin {
  return {
    _id: '',
    site: '',
    name: '',
    x,
    y,
    icon: DEFAULT_ICON,
    cover_image: '',
    enabled: false,
    external_url: '',
    sitemap,
    site_name: '',
  };
}

/** The default pin a new site map gets. */
export function defaultPinOf(sitemap: string) {
  return {
    x: 50,
    y: 50,
    enabled: true,
    icon: 'farm' as const,
    name: 'default pin',
    cover_image: '',
    sitemap,
    site_name: '',
  };
}

/** Pins as the admin sees them: the server's list, minus pins deleted here, with local changes applied. */
export function applyLocalPinChanges(
  pins: readonly Pin[],
  deleted: ReadonlySet<string>,
  patches: ReadonlyMap<string, Partial<Pin>>,
): Pin[] {
  return pins.filter((p) => !deleted.has(p._id)).map((p) => (patches.has(p._id) ? { ...p, ...patches.get(p._id) } : p));
}
