// Where a photo upload's tiling job stands (GET /api/site/{site}/jobs/{job}), polled every second until it ends;
// once it is done, the site's answers are read again so the viewer shows the new scenes.
import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { getJson, seg } from '../client';
import type { JobStatus } from '../../../contract/api';
import { refreshAfterWrite, siteContent } from '../writeRefresh';

const POLL_MS = 1000;
const ended = (s: JobStatus | undefined) => s?.state === 'done' || s?.state === 'failed';

export function usePhotoJob(site: string, job: string | null) {
  const qc = useQueryClient();
  const query = useQuery({
    queryKey: ['photoJob', site, job],
    queryFn: ({ signal }) => getJson<JobStatus>(`/api/site/${seg(site)}/jobs/${seg(job ?? '')}`, { signal }),
    enabled: !!job && !!site,
    refetchInterval: (q) => (ended(q.state.data) ? false : POLL_MS),
    // A poll that fails once (a restart, a network blip) is tried again by the next tick, not shown at once.
    retry: 3,
  });
  const done = query.data?.state === 'done';
  useEffect(() => {
    if (done) void refreshAfterWrite(qc, siteContent(site));
  }, [done, qc, site]);
  return query;
}
