// Kiosk mode on the page (rules in domain/kiosk), from two sources: ?kiosk=1 on any page (the map home too), kept
// in the URL of every page and in this browser's storage and ended only by ?kiosk=0 from someone allowed to
// (mayEndKiosk); and the site's kiosk setting, for exactly as long as it is on. While on, links that leave the app
// are not followed.
import { useEffect, useLayoutEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { kioskAtom, kioskByLinkAtom, kioskBySettingAtom, kioskHomeAtom, siteAtom } from '../../state/atoms';
import { useAppConfig } from '../../api/queries/settings';
import { useUserInfo } from '../../api/queries/users';
import { administersSite } from '../../domain/useAdmin';
import {
  kioskHomeFor,
  kioskRequest,
  readStoredKiosk,
  leavesApp,
  mayEndKiosk,
  storeKiosk,
  withKioskParam,
  withoutKioskParam,
} from '../../domain/kiosk';

/** The site's kiosk setting (undefined: not read yet): a kiosk for as long as the setting is on, ended the moment
 *  a change turns it off. Not for an administrator of the site signed in by single sign-on: the setting is theirs
 *  to turn off again, from the settings page a kiosk would take away from them (the moment they save it, too). */
export function useKioskMode(settingEnabled: boolean | undefined): void {
  const setKiosk = useSetAtom(kioskBySettingAtom);
  const site = useAtomValue(siteAtom);
  const sso = useAppConfig().data?.useSso ?? false;
  const user = useUserInfo();
  // With sign-on, once it is known who this is (a visitor sees no administrator tool meanwhile anyway).
  const on = settingEnabled === true && (!sso || (!user.isPending && !administersSite(user.data, site || null)));
  // Before the paint: no administrator tool shows for a frame on a kiosk, and none stays after it ends.
  useLayoutEffect(() => {
    if (settingEnabled !== undefined) setKiosk(on);
  }, [on, settingEnabled, setKiosk]);
}

/** Once, under the router: starts, keeps and ends the kiosk. */
export function useKioskSession(): void {
  const [kiosk, setKiosk] = useAtom(kioskByLinkAtom);
  const anyKiosk = useAtomValue(kioskAtom);
  const setHome = useSetAtom(kioskHomeAtom);
  const site = useAtomValue(siteAtom);
  const location = useLocation();
  const navigate = useNavigate();
  const config = useAppConfig();
  const user = useUserInfo();
  const request = kioskRequest(location.search);
  const ssoEnabled = config.data?.useSso ?? true;
  const signedInAdmin = administersSite(user.data, site || null);
  const known = config.isSuccess && (!ssoEnabled || !user.isPending);

  useEffect(() => {
    const to = (search: string) =>
      navigate({ pathname: location.pathname, search, hash: location.hash }, { replace: true, state: location.state });
    if (request === 'on') {
      if (!kiosk) setKiosk(true);
      // The first page with the flag is where the kiosk started: its Home. Every later page carries the flag
      // too, so an existing Home is kept.
      if (readStoredKiosk() === null) {
        const home = kioskHomeFor(location.pathname);
        setHome(home);
        storeKiosk(home);
      }
      return;
    }
    if (request === 'off') {
      // Refused (not known yet, or a visitor): the kiosk stays, kiosk=0 stays in the URL so an administrator
      // can sign in from the sidebar and the kiosk ends then.
      if (kiosk && known && mayEndKiosk({ ssoEnabled, signedInAdmin })) {
        setKiosk(false);
        storeKiosk(null);
        to(withoutKioskParam(location.search));
      } else if (!kiosk) to(withoutKioskParam(location.search));
      return;
    }
    // Every page of a kiosk started by link carries the flag, whatever link led there.
    if (kiosk) to(withKioskParam(location.search));
  }, [request, kiosk, known, ssoEnabled, signedInAdmin, location, navigate, setKiosk, setHome]);

  // No link takes a kiosk out of the app: sanitised info content, the product label, anything with a href.
  useEffect(() => {
    if (!anyKiosk) return;
    const onClick = (e: MouseEvent) => {
      const a = (e.target as Element | null)?.closest?.('a[href]') as HTMLAnchorElement | null;
      if (a && (leavesApp(a.href, window.location.origin) || a.target === '_blank')) e.preventDefault();
    };
    document.addEventListener('click', onClick, true);
    return () => document.removeEventListener('click', onClick, true);
  }, [anyKiosk]);
}

/** The kiosk asks to be ended (kiosk=0 in the URL) but nobody allowed to is signed in yet. */
export function useKioskEndPending(): boolean {
  const kiosk = useAtomValue(kioskAtom);
  const { search } = useLocation();
  return kiosk && kioskRequest(search) === 'off';
}
