// The current site, its settings (from the query cache; the shell renders pages only once they have loaded)
// and the paths of its pages.
import { useAtomValue } from 'jotai';
import { useSiteSettings } from '../api/queries/settings';
import type { SiteSettings } from '../../contract/api';
import { basePathAtom, multiSiteModeAtom, siteAtom } from '../state/atoms';

export function useSiteId(): string {
  return useAtomValue(siteAtom);
}

export function useCurrentSettings(): SiteSettings | undefined {
  return useSiteSettings(useAtomValue(siteAtom) || undefined).data;
}

/** Path of a page of the current site: sitePath('site') is '/site' or '/site/{siteId}/site'. */
export function useSitePath(): (page: string) => string {
  const base = useAtomValue(basePathAtom);
  return (page: string) => `${base}/${page}`.replace(/\/+/g, '/').replace(/(.)\/$/, '$1');
}

export function useMultiSiteMode(): boolean {
  return useAtomValue(multiSiteModeAtom);
}
