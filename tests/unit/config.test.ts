// Settings from the environment: the defaults of a fresh install, and a sentence naming each wrong setting.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readConfig } from '../../server/config';

describe('readConfig', () => {
  it('gives a fresh install its defaults', () => {
    const c = readConfig({});
    expect(c).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      dataDir: path.resolve('./data'),
      databaseUrl: undefined,
      useSso: false,
      demo: true,
      dbPreparedStatements: true,
      allowExternalImages: false,
      trustProxy: false,
      allowedHosts: [],
      publicUrl: undefined,
      frameAncestors: "'self'",
      maxUploadBytes: 2 * 1024 ** 3,
      tileParallel: 2,
      maxCompressionRatio: 100,
      projectTitle: '',
      oidc: undefined,
    });
  });

  it('reads flags, numbers and lists', () => {
    const c = readConfig({
      PORT: '0',
      USE_SSO: 'true',
      DEMO: 'false',
      TRUST_PROXY: '2',
      ALLOWED_HOSTS: ' A.example, b:8080 ,',
      MAX_COMPRESSION_RATIO: '2.5',
      LOG_LEVEL: 'debug',
    });
    expect(c).toMatchObject({
      port: 0,
      useSso: true,
      demo: false,
      trustProxy: 2,
      allowedHosts: ['a.example', 'b:8080'],
      maxCompressionRatio: 2.5,
      logLevel: 'debug',
    });
  });

  it('stops the start with one sentence per wrong setting', () => {
    expect(() => readConfig({ PORT: '80a' })).toThrow('PORT must be a whole number from 0 to 65535, not "80a".');
    expect(() => readConfig({ USE_SSO: 'yes' })).toThrow('USE_SSO must be true or false, not "yes".');
    expect(() => readConfig({ MAX_UPLOAD_BYTES: '2GB' })).toThrow(
      'MAX_UPLOAD_BYTES must be a whole number of at least 1, not "2GB".',
    );
    // A wrong shutdown grace used to become NaN: the forced exit then fired at once on every SIGTERM.
    expect(() => readConfig({ SHUTDOWN_TIMEOUT_MS: '30s' })).toThrow(
      'SHUTDOWN_TIMEOUT_MS must be a whole number of at least 0, not "30s".',
    );
    expect(() => readConfig({ MAX_COMPRESSION_RATIO: '0' })).toThrow(
      'MAX_COMPRESSION_RATIO must be a number above 0, not "0".',
    );
    expect(() => readConfig({ PUBLIC_URL: 'survey.example.org' })).toThrow(
      'PUBLIC_URL must be this server\'s address as browsers reach it (e.g. https://survey.example.org), not "survey.example.org".',
    );
    expect(readConfig({ PUBLIC_URL: 'https://survey.example.org/' }).publicUrl).toBe('https://survey.example.org');
    expect(() => readConfig({ LOG_LEVEL: 'loud' })).toThrow(
      'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, not "loud".',
    );
    expect(() => readConfig({ PORT: 'x', DEMO: 'no' })).toThrow(/PORT must .* DEMO must be true or false/);
  });

  it('needs PUBLIC_URL and a client id with OIDC_ISSUER', () => {
    expect(() => readConfig({ OIDC_ISSUER: 'https://id.example' })).toThrow(/PUBLIC_URL must be set too/);
    expect(() => readConfig({ OIDC_ISSUER: 'https://id.example', PUBLIC_URL: 'https://s.example/' })).toThrow(
      'OIDC_CLIENT_ID must be set too.',
    );
    expect(
      readConfig({ OIDC_ISSUER: 'https://id.example', PUBLIC_URL: 'https://s.example/', OIDC_CLIENT_ID: 'c' }).oidc,
    ).toMatchObject({
      issuer: 'https://id.example',
      clientId: 'c',
      clientSecret: '',
      redirectUri: 'https://s.example/api/auth/oidc/callback',
      rolesClaim: 'roles',
    });
  });

  it('keeps blobs in the folder unless S3_BUCKET is set, and then needs S3_PUBLIC_URL', () => {
    expect(readConfig({}).s3).toBeUndefined();
    expect(() => readConfig({ S3_BUCKET: 'b' })).toThrow(/S3_BUCKET is set: S3_PUBLIC_URL must be set too/);
    expect(() => readConfig({ S3_BUCKET: 'b', S3_PUBLIC_URL: 'https://m.example', S3_ACCESS_KEY_ID: 'k' })).toThrow(
      /S3_SECRET_ACCESS_KEY must be set too/,
    );
    expect(() =>
      readConfig({ S3_BUCKET: 'b', S3_PUBLIC_URL: 'https://m.example', S3_FORCE_PATH_STYLE: 'yes' }),
    ).toThrow('S3_FORCE_PATH_STYLE must be true or false, not "yes".');
    // Path-style by default with an endpoint of one's own (MinIO), virtual-hosted on AWS.
    expect(
      readConfig({
        S3_BUCKET: 'b',
        S3_PUBLIC_URL: 'http://minio:9000/b/',
        S3_ENDPOINT: 'http://minio:9000',
        S3_ACCESS_KEY_ID: 'k',
        S3_SECRET_ACCESS_KEY: 's',
      }).s3,
    ).toEqual({
      bucket: 'b',
      publicUrl: 'http://minio:9000/b',
      endpoint: 'http://minio:9000',
      region: 'us-east-1',
      credentials: { accessKeyId: 'k', secretAccessKey: 's' },
      forcePathStyle: true,
    });
    expect(readConfig({ S3_BUCKET: 'b', S3_PUBLIC_URL: 'https://m.example', S3_REGION: 'eu-west-1' }).s3).toMatchObject(
      { region: 'eu-west-1', credentials: undefined, forcePathStyle: false },
    );
  });

  it('reads the job settings', () => {
    expect(readConfig({}).jobs).toEqual({ ingestJobMinBytes: 64 * 1024 * 1024, expireSeconds: 3600, retryLimit: 2 });
    expect(readConfig({ INGEST_JOB_MIN_BYTES: '0', JOB_RETRY_LIMIT: '0' }).jobs).toMatchObject({
      ingestJobMinBytes: 0,
      retryLimit: 0,
    });
    expect(() => readConfig({ JOB_EXPIRE_SECONDS: '1' })).toThrow(
      'JOB_EXPIRE_SECONDS must be a whole number of at least 2, not "1".',
    );
  });
});
