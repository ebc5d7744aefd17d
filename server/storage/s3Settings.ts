// S3_* settings: an S3-compatible bucket (AWS S3, MinIO, R2, Ceph) instead of the local media folder.
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

/** S3 settings when S3_BUCKET is set; a sentence naming what is missing otherwise. */
export function readS3Settings(env: NodeJS.ProcessEnv): S3Settings | undefined {
  const bucket = env.S3_BUCKET?.trim();
  if (!bucket) return undefined;
  const publicUrl = (env.S3_PUBLIC_URL ?? '').trim().replace(/\/+$/, '');
  if (!/^https?:\/\/[^\s]+$/.test(publicUrl)) {
    throw new Error('S3_BUCKET is set: S3_PUBLIC_URL must be set too, to the address browsers read the bucket at (e.g. https://media.example.org or http://minio:9000/survey).');
  }
  const id = env.S3_ACCESS_KEY_ID?.trim();
  const secret = env.S3_SECRET_ACCESS_KEY ?? '';
  if (id && !secret) throw new Error('S3_ACCESS_KEY_ID is set: S3_SECRET_ACCESS_KEY must be set too.');
  return {
    bucket, publicUrl,
    endpoint: env.S3_ENDPOINT?.trim() || undefined,
    region: env.S3_REGION?.trim() || 'us-east-1',
    credentials: id ? { accessKeyId: id, secretAccessKey: secret } : undefined,
    forcePathStyle: env.S3_FORCE_PATH_STYLE === 'true' || (env.S3_FORCE_PATH_STYLE === undefined && !!env.S3_ENDPOINT),
  };
}
