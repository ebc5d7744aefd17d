// A kiosk of a site kept offline: registers the service worker, then keeps the site's files in its caches, again
// whenever the site's content changes (its plan is read under the site's query key, which the change stream
// refreshes): what is new is fetched, what went is dropped.
import { useEffect, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { keys } from '../../../contract/queryKeys';
import { avifDecodes } from '../../scene/avifSupport';
import { loadSitePlan } from '../../offline/sitePlan';
import { keepSiteOffline } from '../../offline/download';
import { registerKioskWorker } from '../../offline/registration';
import { idleBeforeUpdateMs } from '../../offline/updatePolicy';
import type { KeepProgress } from '../../offline/progress';

const screenNow = () => ({ width: window.innerWidth, height: window.innerHeight, dpr: window.devicePixelRatio || 1 });

export function useKeepOffline(site: string, idleRotateSeconds: number | undefined): KeepProgress | null {
  const qc = useQueryClient();
  const [progress, setProgress] = useState<KeepProgress | null>(null);
  // Read by the worker's update at each check: a changed setting applies without registering again.
  const idleMs = useRef(idleBeforeUpdateMs(idleRotateSeconds));
  idleMs.current = idleBeforeUpdateMs(idleRotateSeconds);

  useEffect(() => {
    // Offline, a read must still be tried (the worker answers it from its cache) rather than wait for a network.
    const queries = qc.getDefaultOptions().queries;
    qc.setDefaultOptions({ ...qc.getDefaultOptions(), queries: { ...queries, networkMode: 'offlineFirst' } });
    // The download fills the worker's caches itself: it need not wait for the worker to install.
    return registerKioskWorker(site, () => idleMs.current).stop;
  }, [qc, site]);

  const plan = useQuery({
    queryKey: [...keys.site(site), 'offlinePlan'],
    staleTime: Infinity,
    queryFn: async () => loadSitePlan(site, screenNow(), await avifDecodes()),
  });

  useEffect(() => {
    if (!plan.data || !navigator.onLine) return;
    const stop = new AbortController();
    void keepSiteOffline(plan.data.files, plan.data.apiReads, setProgress, stop.signal);
    return () => stop.abort();
  }, [plan.data, plan.dataUpdatedAt]);

  return progress;
}
