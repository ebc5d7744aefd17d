// JOB_* and INGEST_JOB_MIN_BYTES settings.
import type { JobSettings } from './jobQueue.ts';

export interface JobConfig extends JobSettings {
  /** Uploads whose zip is at least this large are imported as a job (the request answers 202 at once). */
  ingestJobMinBytes: number;
}

function wholeNumber(value: string | undefined, fallback: number, name: string, min: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min) throw new Error(`${name} must be a whole number of at least ${min}, not "${value}".`);
  return n;
}

export function readJobConfig(env: NodeJS.ProcessEnv): JobConfig {
  return {
    ingestJobMinBytes: wholeNumber(env.INGEST_JOB_MIN_BYTES, 64 * 1024 * 1024, 'INGEST_JOB_MIN_BYTES', 0),
    expireSeconds: wholeNumber(env.JOB_EXPIRE_SECONDS, 3600, 'JOB_EXPIRE_SECONDS', 2),
    retryLimit: wholeNumber(env.JOB_RETRY_LIMIT, 2, 'JOB_RETRY_LIMIT', 0),
  };
}
