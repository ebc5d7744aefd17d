// Whether this page keeps its site offline: a kiosk of a site whose "keep offline" setting is on. When a browser
// that kept a site offline learns it should not any more (the setting turned off, the kiosk ended), its service
// worker and kept files go (loaded only then: a visitor's page never loads the offline code).
import { useEffect } from 'react';
import { keepsOffline } from '../offline/workerMark';

export function useOfflineSetting(kiosk: boolean, enabled: boolean | undefined): boolean {
  const keep = kiosk && enabled === true;
  useEffect(() => {
    if (enabled === undefined || keep || !keepsOffline()) return;
    void Promise.all([import('../offline/registration'), import('../offline/download')]).then(([r, d]) =>
      Promise.all([r.unregisterKioskWorker(), d.dropKeptFiles()]),
    );
  }, [enabled, keep]);
  return keep;
}
