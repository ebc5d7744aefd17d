// App config, site settings and the site list.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getJson, send, seg } from '../client';
import type { AppConfig, SiteSettings, SiteSummary } from '../../../contract/api';
import { addOwnMediaBase } from '../../../contract/htmlPolicy';
import { keys } from '../../../contract/queryKeys';
import { refreshAfterWrite } from '../writeRefresh';

export type { SiteSummary };
export type AppConfigPatch = {
  enableMultiSite?: boolean;
  defaultSite?: string;
  singleSiteSettings?: Partial<AppConfig['singleSiteSettings']>;
};
export type SiteSettingsPatch = {
  display?: { title: string };
  enable?: Partial<SiteSettings['enable']>;
  initial_settings?: Partial<SiteSettings['initial_settings']>;
  marzipano_mouse_view_mode?: SiteSettings['marzipano_mouse_view_mode'];
  animation?: SiteSettings['animation'];
  kiosk?: SiteSettings['kiosk'];
  offline?: SiteSettings['offline'];
};

/** What the app config brings besides itself: pictures in the server's bucket (S3_PUBLIC_URL) count as our own
 *  media for the HTML policy. Whether fetched or seeded from the page (src/api/bootstrap.ts). */
export function adoptAppConfig(c: AppConfig): AppConfig {
  if (c.mediaBaseUrl) addOwnMediaBase(c.mediaBaseUrl);
  return c;
}

export const fetchAppConfig = (signal?: AbortSignal) =>
  getJson<AppConfig>('/api/settings', { signal }).then(adoptAppConfig);
export const fetchSiteSettings = (site: string, signal?: AbortSignal) =>
  getJson<SiteSettings>(`/api/site/${seg(site)}/settings`, { signal });

export function useAppConfig() {
  return useQuery({ queryKey: keys.appConfig, queryFn: ({ signal }) => fetchAppConfig(signal), staleTime: 60_000 });
}

export function useSiteSettings(site: string | undefined) {
  return useQuery({
    queryKey: keys.siteSettings(site ?? ''),
    enabled: !!site,
    staleTime: 60_000,
    retry: 1,
    queryFn: ({ signal }) => fetchSiteSettings(site!, signal),
  });
}

/** The sites the caller may see; a disabled one (only its administrators see it) is marked `disabled`. */
export function useSites(enabled = true) {
  return useQuery({
    queryKey: keys.sites,
    enabled,
    queryFn: ({ signal }) => getJson<SiteSummary[]>('/api/sites', { signal }),
  });
}

export function usePatchAppConfig() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (patch: AppConfigPatch) => send<AppConfig>('PATCH', '/api/settings', patch),
    onSuccess: (cfg) => {
      qc.setQueryData(keys.appConfig, cfg);
      return refreshAfterWrite(qc, [['siteSettings'], keys.sites]);
    },
  });
}

export function usePatchSiteSettings(site: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (patch: SiteSettingsPatch) => send<SiteSettings>('PATCH', `/api/site/${seg(site)}/settings`, patch),
    onSuccess: (s) => {
      qc.setQueryData(keys.siteSettings(site), s);
      return refreshAfterWrite(qc, [keys.sites, keys.appConfig]);
    },
  });
}
