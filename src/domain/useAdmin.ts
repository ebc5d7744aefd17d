// What the person may administer here, for the UI, by the same rules the server applies to each route
// (contract/access): everyone on a trusted install (no single sign-on), nobody in kiosk mode (no admin controls on a
// kiosk), otherwise by role and assigned sites. The server decides for itself on every write; this only chooses
// which controls to offer, so that none leads to a refusal.
import { useAtomValue } from 'jotai';
import { useAppConfig } from '../api/queries/settings';
import { useUserInfo } from '../api/queries/users';
import { kioskAtom, siteAtom } from '../state/atoms';
import type { UserInfo } from '../../contract/api';
import { allows, mayDo, type AccessPerson, type AccessRule, type Action } from '../../contract/access';

const personOf = (user: UserInfo): AccessPerson => ({ roles: user.role, sites: user.sites ?? [] });

/** Pure rule: superAdmin everywhere; projectAdmin on its assigned sites only; nobody else. */
export function administersSite(user: UserInfo | undefined, site: string | null): boolean {
  return !!user && allows(site === null ? 'superAdmin' : 'siteAdmin', personOf(user), site);
}

/** `rule` (or `action`'s rule) for the signed-in person on `site` (default: the current one, null: none). */
function useAllowed(judge: (p: AccessPerson, site: string | null) => boolean, site?: string | null): boolean {
  const kiosk = useAtomValue(kioskAtom);
  const current = useAtomValue(siteAtom);
  const config = useAppConfig().data;
  const user = useUserInfo().data;
  if (kiosk) return false;
  if (config && !config.useSso) return true;
  return !!user && judge(personOf(user), site === undefined ? current || null : site);
}

/** May the person do `action` on `site` (default: the site in view; null: the multi-site map)? */
export function useMayDo(action: Action, site?: string | null): boolean {
  return useAllowed((p, s) => mayDo(p, action, s), site);
}

/** `site`: the site in view (default: the current one); null for the multi-site map, which only a superAdmin edits. */
export function useIsAdmin(site?: string | null): boolean {
  return useAllowed((p, s) => allows((s === null ? 'superAdmin' : 'siteAdmin') satisfies AccessRule, p, s), site);
}

/** Single sign-on is in use (the environment's USE_SSO). */
export function useSsoEnabled(): boolean {
  return useAppConfig().data?.useSso ?? false;
}
