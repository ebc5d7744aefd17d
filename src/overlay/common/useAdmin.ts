// Is the person an administrator for the UI: the server's isAdmin (both admin roles count), everyone when
// single sign-on is off, nobody in kiosk mode (no admin controls on a kiosk).
import { useAtomValue } from 'jotai';
import { useAppConfig } from '../../api/queries/settings';
import { useUserInfo } from '../../api/queries/users';
import { kioskAtom } from '../../state/atoms';

export function useIsAdmin(): boolean {
  const kiosk = useAtomValue(kioskAtom);
  const config = useAppConfig().data;
  const user = useUserInfo().data;
  if (kiosk) return false;
  if (config && !config.useSso) return true;
  if (!user) return false;
  return user.isAdmin || user.role.includes('superAdmin') || user.role.includes('projectAdmin');
}

/** Single sign-on is in use (the environment's USE_SSO). */
export function useSsoEnabled(): boolean {
  return useAppConfig().data?.useSso ?? false;
}
