// A big upload is imported as a job: the upload answers 202 with {job}, and its result (or refusal) comes from
// polling GET /api/site/{site}/jobs/{job}, which also tells how many tiles the server has taken in so far.
import { ApiError, getJson, seg } from '../client';
import type { JobStatus } from '../../../contract/api';

const POLL_MS = 1000;

/** What an upload gives (uploads.ts's UploadResult), as the job status carries it. */
type UploadResult = NonNullable<JobStatus['result']>;

/** The upload's result: at once, or once its import job has ended (`onJob` hears its id, so the page can keep it
 *  in its URL for a reload; `onImport` its progress meanwhile). */
export async function resultOfUpload(
  site: string,
  answer: UploadResult | { job: string },
  onImport?: (done: number, total: number) => void,
  onJob?: (job: string) => void,
): Promise<UploadResult> {
  if (!('job' in answer)) return answer;
  onJob?.(answer.job);
  for (;;) {
    const status = await getJson<JobStatus>(`/api/site/${seg(site)}/jobs/${seg(answer.job)}`);
    onImport?.(status.progress.done, status.progress.total);
    if (status.state === 'done' && status.result) return status.result;
    if (status.state === 'failed')
      throw new ApiError(
        status.error?.message ?? 'The import failed; please upload again.',
        status.error?.status ?? 500,
      );
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
}
