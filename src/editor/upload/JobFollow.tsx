// An upload the server takes in as a job (photos always, big exports too), followed from the job id in the page's
// URL: its bars (overall, and per photo for photos), the server's sentence when it fails, and when it is done the
// way to the new scenes. A reload of the page lands here again.
import { Link } from 'react-router';
import { buildViewerSearch } from '../../../contract/viewerLink';
import { usePhotoJob } from '../../api/queries/photoJob';
import { JobProgress } from './photos/JobProgress';
import { jobView } from './photos/progressView';
import type { JobRef } from './photos/useJobParam';

export function JobFollow({
  job,
  sitePage,
  onClear,
}: {
  job: JobRef;
  sitePage: (site: string) => string;
  onClear: () => void;
}) {
  const query = usePhotoJob(job.site, job.job);
  const status = query.data;
  const result = status?.state === 'done' ? status.result : undefined;
  return (
    <div className="photo-job">
      {status ? (
        <JobProgress view={jobView(status)} />
      ) : query.isError ? null : (
        <p className="upload-status">Reading the upload&apos;s progress…</p>
      )}
      {query.isError ? (
        <p className="upload-error" role="alert">
          {query.error.message}
        </p>
      ) : null}
      {status?.state === 'failed' ? (
        <p className="upload-error" role="alert">
          {status.error?.message ?? 'The server could not take the upload in.'}
        </p>
      ) : null}
      <div className="upload-actions">
        {result ? (
          <>
            {job.unplaced ? (
              <p className="muted">
                The new scenes came without positions: in the viewer, enlarge the minimap and choose Edit to place them
                on the floor plan.
              </p>
            ) : null}
            <Link
              className="primary-button"
              to={`${sitePage(result.site)}?${buildViewerSearch({ floor: result.floor, date: result.date, node: result.node })}`}
            >
              Open the new scenes in the viewer
            </Link>
          </>
        ) : null}
        {status?.state === 'done' || status?.state === 'failed' || query.isError ? (
          <button type="button" className="secondary-button" onClick={onClear}>
            Upload more
          </button>
        ) : null}
      </div>
    </div>
  );
}
