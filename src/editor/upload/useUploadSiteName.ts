// The name of the site an upload goes to: its stored title, or (a new site reached from a pin's 'Go to site') what
// the pin calls it, until the administrator types one; saved into the settings of a site that exists.
import { useState } from 'react';
import type { UploadMode } from '../../api/queries/sceneUpload';
import { usePatchSiteSettings, type useSiteSettings } from '../../api/queries/settings';
import { usePins } from '../../api/queries/pins';

export function useUploadSiteName(mode: UploadMode, site: string, settings: ReturnType<typeof useSiteSettings>) {
  const patchSettings = usePatchSiteSettings(site);
  const [storedName, setSiteName] = useState(() => settings.data?.display.title || site || 'New Site');
  const [nameEdited, setNameEdited] = useState(false);
  const pins = usePins();
  const pinName = mode === 'addNewSite' ? pins.data?.find((p) => p.site === site)?.name : undefined;
  const siteName = nameEdited ? storedName : pinName || storedName;
  const saveName = async (name: string) => {
    if (settings.isSuccess) await patchSettings.mutateAsync({ display: { title: name } });
    setSiteName(name);
    setNameEdited(true);
  };
  return { siteName, saveName };
}
