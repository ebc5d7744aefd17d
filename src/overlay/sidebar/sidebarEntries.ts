// Which sidebar entries show, which one is active and where Add Scene leads. Pure.
import { buildViewerSearch } from '../../../contract/viewerLink';

export type EntryKey = '/' | 'site' | 'addScene' | 'surveys' | 'documentation' | '/about' | 'animation' | 'settings';

export interface EntryRules {
  isAdmin: boolean;
  ssoEnabled: boolean;
  kiosk: boolean;
  multiSite: boolean;
  floorPopulated: boolean;
  documentation: boolean;
  about: boolean;
  animations: boolean;
}

export function visibleEntries(r: EntryRules): EntryKey[] {
  // With multisite on and no survey on the current floor, the entries are hidden.
  if (r.multiSite && !r.floorPopulated) return [];
  const out: EntryKey[] = ['/', 'site'];
  // Home, Site and Add Scene for admins or when single sign-on is off; otherwise only Home and Site.
  // The survey manager under the same rule.
  if ((r.isAdmin || !r.ssoEnabled) && !r.kiosk) out.push('addScene', 'surveys');
  if (r.documentation) out.push('documentation');
  if (r.about) out.push('/about');
  if (r.animations) out.push('animation');
  // The site's settings: its administrators only (isAdmin is false on a kiosk), last: a tool, not a place to visit.
  if (r.isAdmin && !r.kiosk) out.push('settings');
  return out;
}

/** The active entry from the last path segment; unknown segments give 'site' in multi-site mode, else '/'. */
export function activeEntry(pathname: string, multiSite: boolean): EntryKey {
  const last = pathname.replace(/\/+$/, '').split('/').pop() ?? '';
  switch (last) {
    case 'site':
      return 'site';
    case 'addScene':
      return 'addScene';
    case 'surveys':
    case 'audit':
      return 'surveys';
    case 'documentation':
      return 'documentation';
    case 'about':
      return '/about';
    case 'settings':
      return 'settings';
    default:
      return multiSite ? 'site' : '/';
  }
}

/** The Site settings entry's target: from the viewer it carries the viewer's place and camera (its query), so
 *  that the page can take them as the start view. */
export function settingsLink(page: string, fromViewer: boolean, search: string): string {
  return fromViewer && search ? `${page}${search.startsWith('?') ? '' : '?'}${search}` : page;
}

/** The site title for which the sidebar shows the water-themed custom logo instead of the building icon. */
export const WATER_SITE_TITLE = 'Water Treatment Plant';

/** The Add Scene entry's target: the upload page, with the floor in view when there is one. */
export function addSceneLink(page: string, floor: number | undefined): string {
  const search = buildViewerSearch({ floor });
  return search ? `${page}?${search}` : page;
}

/** The Site entry's name: "Add Scenes" on a site with nothing in it yet, only for who may add them. */
export const siteEntryLabel = (siteEmpty: boolean, mayAddScenes: boolean): string =>
  siteEmpty && mayAddScenes ? 'Add Scenes' : 'Site';
