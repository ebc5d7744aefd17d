// Is the person an administrator here, for the UI: on a site, a superAdmin or the projectAdmin it is assigned to;
// on the multi-site map (no site), a superAdmin. Everyone when single sign-on is off, nobody in kiosk mode (no admin
// controls on a kiosk). The server decides for itself on every write; this only chooses what to show.
import { useAtomValue } from 'jotai';
import { useAppConfig } from '../api/queries/settings';
import { useUserInfo } from '../api/queries/users';
import { kioskAtom, siteAtom } from '../state/atoms';
import type { UserInfo } from '../../contract/api';

/** Pure rule: superAdmin everywhere; projectAdmin on its assigned sites only; nobody else. */
export function administersSite(user: UserInfo | undefined, site: string | null): boolean {
  if (!user) return false;
  if (user.role.includes('superAdmin')) return true;
  return site !== null && user.role.includes('projectAdmin') && (user.sites ?? []).includes(site);
}

/** `site`: the site in view (default: the current one); null for the multi-site map, which only a superAdmin edits. */
export function useIsAdmin(site?: string | null): boolean {
  const kiosk = useAtomValue(kioskAtom);
  const current = useAtomValue(siteAtom);
  const config = useAppConfig().data;
  const user = useUserInfo().data;
  if (kiosk) return false;
  if (config && !config.useSso) return true;
  return administersSite(user, site === undefined ? current || null : site);
}

/** Single sign-on is in use (the environment's USE_SSO). */
export function useSsoEnabled(): boolean {
  return useAppConfig().data?.useSso ?? false;
}
