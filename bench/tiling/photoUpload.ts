// A photo upload through the real route, followed to its job's end: POST /api/site/{site}/{floor}/addPhotos answers
// 202 {job} once the photos are stored, then GET /api/site/{site}/jobs/{job} tells when the job has tiled them.
import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { postForm } from '../../tests/api/helpers/heavyUploads';

const JOB_TIMEOUT_MS = 900_000;

export interface PhotoUploadRun {
  /** The upload's answer and the job's end state ('none' when there was no job). */
  status: number;
  jobState: string;
  /** Upload accepted (202) to job done; and from the POST to job done. */
  acceptedToDoneMs: number;
  totalMs: number;
  detail: string;
}

/** Uploads `photos` (files) with the form `fields` (sent first: the route reads them before the files). */
export async function uploadPhotosAndWait(
  url: string,
  photos: string[],
  fields: Record<string, string>,
  cookie = '',
): Promise<PhotoUploadRun> {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  for (const file of photos)
    form.append(
      'photos',
      new Blob([new Uint8Array(fs.readFileSync(file))], { type: 'image/jpeg' }),
      path.basename(file),
    );
  const started = Date.now();
  const res = await postForm(url, form, cookie);
  const accepted = Date.now();
  if (res.status !== 202)
    return { status: res.status, jobState: 'none', acceptedToDoneMs: 0, totalMs: 0, detail: res.text.slice(0, 200) };
  const { job } = (JSON.parse(res.text) as { payload: { job: string } }).payload;
  const jobUrl = `${url.replace(/\/[^/]+\/addPhotos$/, '')}/jobs/${job}`;
  for (;;) {
    const { payload } = (await (await fetch(jobUrl)).json()) as {
      payload: { state: string; error?: { message: string } };
    };
    if (payload.state === 'done' || payload.state === 'failed' || Date.now() - accepted > JOB_TIMEOUT_MS) {
      const done = Date.now();
      return {
        status: res.status,
        jobState: payload.state,
        acceptedToDoneMs: done - accepted,
        totalMs: done - started,
        detail: `job ${payload.state}${payload.error ? `: ${payload.error.message}` : ''}`,
      };
    }
    await sleep(25); // a coarse poll would add up to its period to each time
  }
}
