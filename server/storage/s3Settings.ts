// S3_* settings: an S3-compatible bucket (AWS S3, MinIO, R2, Ceph) instead of the local media folder. Read by
// config.ts with the other settings; a wrong combination stops the start with a sentence saying what to set.
import { z } from 'zod';
import { flag, optionalText } from '../envRules.ts';

export interface S3Settings {
  bucket: string;
  /** The API endpoint (MinIO, R2, …); unset for AWS S3. */
  endpoint?: string;
  region: string;
  /** Static credentials; unset: the SDK's default chain (AWS_* variables, profiles, instance roles). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** Where browsers read the objects (the bucket's public address, or a CDN in front of it), no trailing slash. */
  publicUrl: string;
  /** Path-style addresses (endpoint/bucket/key): what MinIO and most self-hosted stores need. */
  forcePathStyle: boolean;
}

/** S3 settings when S3_BUCKET is set, undefined when it is not. */
export const s3Environment = z
  .object({
    S3_BUCKET: optionalText(),
    S3_PUBLIC_URL: z.string().default(''),
    S3_ENDPOINT: optionalText(),
    S3_REGION: optionalText(),
    S3_ACCESS_KEY_ID: optionalText(),
    S3_SECRET_ACCESS_KEY: z.string().default(''),
    S3_FORCE_PATH_STYLE: flag('S3_FORCE_PATH_STYLE', undefined),
  })
  .transform((e, ctx): S3Settings | undefined => {
    if (!e.S3_BUCKET) return undefined;
    const publicUrl = e.S3_PUBLIC_URL.trim().replace(/\/+$/, '');
    if (!/^https?:\/\/[^\s]+$/.test(publicUrl)) {
      ctx.addIssue({
        code: 'custom',
        message:
          'S3_BUCKET is set: S3_PUBLIC_URL must be set too, to the address browsers read the bucket at (e.g. https://media.example.org or http://minio:9000/survey).',
      });
      return z.NEVER;
    }
    if (e.S3_ACCESS_KEY_ID && !e.S3_SECRET_ACCESS_KEY) {
      ctx.addIssue({
        code: 'custom',
        message:
          "S3_ACCESS_KEY_ID is set: S3_SECRET_ACCESS_KEY must be set too (or unset both to use the AWS SDK's default credentials).",
      });
      return z.NEVER;
    }
    return {
      bucket: e.S3_BUCKET,
      publicUrl,
      endpoint: e.S3_ENDPOINT,
      region: e.S3_REGION || 'us-east-1',
      credentials: e.S3_ACCESS_KEY_ID
        ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
        : undefined,
      // Unset: path-style with a custom endpoint (MinIO and most self-hosted stores), virtual-hosted on AWS.
      forcePathStyle: e.S3_FORCE_PATH_STYLE ?? !!e.S3_ENDPOINT,
    };
  });
