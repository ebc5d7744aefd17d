// Kiosk mode comes from ?kiosk=1 on any page (the map home too) or the site's kiosk setting; once on, it
// stays on for the session (a kiosk never turns back into an admin console by navigating).
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useSetAtom } from 'jotai';
import { kioskAtom } from '../../state/atoms';
import { parseViewerLink } from '../../domain/viewer/deepLink';

export function useKioskMode(settingEnabled = false): void {
  const setKiosk = useSetAtom(kioskAtom);
  const fromUrl = parseViewerLink(useLocation().search).kiosk === true;
  useEffect(() => {
    if (fromUrl || settingEnabled) setKiosk(true);
  }, [fromUrl, settingEnabled, setKiosk]);
}
