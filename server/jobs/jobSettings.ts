// JOB_* and INGEST_JOB_MIN_BYTES settings, read by config.ts with the others.
import { z } from 'zod';
import { wholeNumber } from '../envRules.ts';
import type { JobSettings } from './jobQueue.ts';

export interface JobConfig extends JobSettings {
  /** Uploads whose zip is at least this large are imported as a job (the request answers 202 at once). */
  ingestJobMinBytes: number;
}

export const jobEnvironment = z
  .object({
    INGEST_JOB_MIN_BYTES: wholeNumber('INGEST_JOB_MIN_BYTES', 64 * 1024 * 1024, 0),
    JOB_EXPIRE_SECONDS: wholeNumber('JOB_EXPIRE_SECONDS', 3600, 2),
    JOB_RETRY_LIMIT: wholeNumber('JOB_RETRY_LIMIT', 2, 0),
  })
  .transform((e): JobConfig => ({
    ingestJobMinBytes: e.INGEST_JOB_MIN_BYTES,
    expireSeconds: e.JOB_EXPIRE_SECONDS,
    retryLimit: e.JOB_RETRY_LIMIT,
  }));
