// The kiosk's offline download, shown while it runs: the total size from the start, then a progress bar. Loaded
// (with the service worker's registration) only on a kiosk of a site kept offline.
import { useEffect, useState } from 'react';
import { useKeepOffline } from './useKeepOffline';
import { complete, formatBytes, fraction } from '../../offline/progress';

/** How long "kept offline" stays on screen once done. */
const DONE_SHOWN_MS = 4000;

/** `idleRotateSeconds`: the site's kiosk setting, which a new build also waits for (src/offline/updatePolicy.ts). */
export default function OfflineKeeper({ site, idleRotateSeconds }: { site: string; idleRotateSeconds?: number }) {
  const progress = useKeepOffline(site, idleRotateSeconds);
  const done = progress !== null && complete(progress);
  const [shown, setShown] = useState(true);
  useEffect(() => {
    setShown(true);
    if (!done) return;
    const t = setTimeout(() => setShown(false), DONE_SHOWN_MS);
    return () => clearTimeout(t);
  }, [done]);
  if (!progress) return null;
  const percent = Math.floor(fraction(progress) * 100);
  return (
    <div className="offline-keeper" hidden={!shown} data-state={done ? 'complete' : 'running'}>
      <span>
        {done
          ? `Site kept for offline use (${formatBytes(progress.bytes)})`
          : `Keeping the site for offline use: ${formatBytes(progress.bytesDone)} of ${formatBytes(progress.bytes)}`}
      </span>
      <progress
        aria-label="Offline download"
        max={100}
        value={percent}
        aria-valuenow={percent}
        aria-valuemin={0}
        aria-valuemax={100}
      />
    </div>
  );
}
