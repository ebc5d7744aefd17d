// Following a job over HTTP, as the upload page does.
import { fetchJson } from './server.ts';
import type { JobStatus } from '../../../contract/api.ts';

const DEFAULT_TIMEOUT_MS = 45_000;

/** Polls GET /api/site/{site}/jobs/{job} until the job is done or failed (or `timeoutMs` passes); returns every state seen.
 *  The default is patience, not a target (the benches time jobs): CI runs three API passes at once on two cores,
 *  where two photos took over 30 s to tile; it stays inside the suite's 60 s per test. */
export async function followJob(
  baseUrl: string,
  site: string,
  job: string,
  opts: { timeoutMs?: number; headers?: Record<string, string>; onStatus?: (status: JobStatus) => void } = {},
): Promise<{ last: JobStatus; seen: string[] }> {
  const deadline = Date.now() + (opts.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  const seen: string[] = [];
  for (;;) {
    const res = await fetchJson(`${baseUrl}/api/site/${encodeURIComponent(site)}/jobs/${job}`, {
      headers: opts.headers,
    });
    if (res.status !== 200) throw new Error(`job status answered ${res.status}: ${JSON.stringify(res.body)}`);
    const status = res.body.payload as JobStatus;
    opts.onStatus?.(status);
    if (seen.at(-1) !== status.state) seen.push(status.state);
    if (status.state === 'done' || status.state === 'failed') return { last: status, seen };
    if (Date.now() > deadline)
      throw new Error(`job ${job} still ${status.state} after ${opts.timeoutMs ?? DEFAULT_TIMEOUT_MS} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
