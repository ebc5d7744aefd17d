// The photo upload's job in the page's URL (?job=<id>, and `jobSite` when the upload went to another site than
// the page's, `unplaced=1` when it came without positions), so a reload follows the same job's bars again.
import { useSearchParams } from 'react-router';

export interface JobRef {
  job: string;
  site: string;
  unplaced: boolean;
}

export function useJobParam(pageSite: string): [JobRef | null, (ref: JobRef | null) => void] {
  const [params, setParams] = useSearchParams();
  const job = params.get('job');
  const ref = job ? { job, site: params.get('jobSite') || pageSite, unplaced: params.get('unplaced') === '1' } : null;
  const set = (next: JobRef | null) =>
    setParams(
      (p) => {
        const out = new URLSearchParams(p);
        for (const k of ['job', 'jobSite', 'unplaced']) out.delete(k);
        if (next) {
          out.set('job', next.job);
          if (next.site !== pageSite) out.set('jobSite', next.site);
          if (next.unplaced) out.set('unplaced', '1');
        }
        return out;
      },
      { replace: true },
    );
  return [ref, set];
}
