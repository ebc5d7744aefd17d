// Environment settings, read once. Defaults make a fresh install usable.
import path from 'node:path';
import { DEFAULT_POOL_SIZE } from './db/database.ts';
import { readS3Settings, type S3Settings } from './storage/s3Settings.ts';
import { readJobConfig, type JobConfig } from './jobs/jobSettings.ts';

export interface Config {
  port: number; host: string; dataDir: string; databaseUrl?: string; useSso: boolean; projectTitle: string;
  maxUploadBytes: number; maxUncompressedBytes: number; maxCompressionRatio: number; distDir: string; demo: boolean;
  /** pino level of the structured logs: info by default, warn under the test runner (5xx are errors, always logged). */
  logLevel: string;
  /** PostgreSQL connections of the server process (pg Pool max). */
  dbPoolSize: number;
  /** PostgreSQL: prepare each query once per connection (off for PgBouncer in transaction mode before 1.21). */
  dbPreparedStatements: boolean;
  /** Info panels and the about page may show pictures from other sites (off: only our own media). */
  allowExternalImages: boolean;
  /** Fastify trustProxy: whose X-Forwarded-* headers to believe (client address, https for Secure cookies). */
  trustProxy: boolean | number | string[];
  /** Host names (host or host:port) writes may be addressed to; empty: any (DNS rebinding is then not checked). */
  allowedHosts: string[];
  /** CSP frame-ancestors of our pages: who may show them in a frame. */
  frameAncestors: string;
  /** OpenID Connect sign-in, when OIDC_ISSUER is set (beside local passwords). */
  /** Blobs in an S3-compatible bucket (S3_*) instead of DATA_DIR/media. */
  s3?: S3Settings;
  /** Jobs: when an upload is imported as one, expiry and retries (INGEST_JOB_MIN_BYTES, JOB_*). */
  jobs: JobConfig;
  oidc?: { issuer: string; clientId: string; clientSecret: string; redirectUri: string; rolesClaim: string; sitesClaim: string; scope: string; label: string };
}

/** OIDC_* settings; the redirect URI is PUBLIC_URL + /api/auth/oidc/callback (register it at the provider). */
function readOidc(env: NodeJS.ProcessEnv): Config['oidc'] {
  if (!env.OIDC_ISSUER) return undefined;
  const base = (env.PUBLIC_URL ?? '').replace(/\/+$/, '');
  if (!/^https?:\/\/[^/]+$/.test(base)) throw new Error('OIDC_ISSUER is set: PUBLIC_URL must be set too, to this server\'s address as browsers reach it (e.g. https://survey.example.org).');
  if (!env.OIDC_CLIENT_ID) throw new Error('OIDC_ISSUER is set: OIDC_CLIENT_ID must be set too.');
  return {
    issuer: env.OIDC_ISSUER, clientId: env.OIDC_CLIENT_ID, clientSecret: env.OIDC_CLIENT_SECRET ?? '',
    redirectUri: `${base}/api/auth/oidc/callback`, rolesClaim: env.OIDC_ROLES_CLAIM || 'roles', sitesClaim: env.OIDC_SITES_CLAIM || 'sites',
    scope: env.OIDC_SCOPE || 'openid profile email', label: env.OIDC_LABEL || 'Sign in with single sign-on',
  };
}

/** TRUST_PROXY: true/false, a number of proxy hops, or a comma list of proxy addresses or CIDRs. */
export function parseTrustProxy(v: string | undefined): boolean | number | string[] {
  const t = (v ?? '').trim();
  if (t === '' || t === 'false') return false;
  if (t === 'true') return true;
  if (/^\d+$/.test(t)) return Number(t);
  return t.split(',').map((x) => x.trim()).filter(Boolean);
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  return {
    port: Number(env.PORT ?? 8080),
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR ?? './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    dbPoolSize: positiveInt(env.DB_POOL_SIZE, DEFAULT_POOL_SIZE, 'DB_POOL_SIZE'),
    dbPreparedStatements: env.DB_PREPARED_STATEMENTS !== 'false',
    useSso: env.USE_SSO === 'true',
    projectTitle: env.PROJECT_TITLE ?? 'PROJECT TITLE',
    maxUploadBytes: Number(env.MAX_UPLOAD_BYTES ?? 2 * 1024 ** 3),
    maxUncompressedBytes: Number(env.MAX_UNCOMPRESSED_BYTES ?? 4 * 1024 ** 3),
    maxCompressionRatio: Number(env.MAX_COMPRESSION_RATIO ?? 100),
    distDir: path.resolve(env.DIST_DIR ?? './dist'),
    demo: env.DEMO !== 'false',
    allowExternalImages: env.ALLOW_EXTERNAL_IMAGES === 'true',
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    allowedHosts: (env.ALLOWED_HOSTS ?? '').split(',').map((h) => h.trim().toLowerCase()).filter(Boolean),
    frameAncestors: env.FRAME_ANCESTORS?.trim() || "'self'",
    oidc: readOidc(env),
    s3: readS3Settings(env),
    jobs: readJobConfig(env),
    logLevel: env.LOG_LEVEL || (env.VITEST || process.env.VITEST ? 'warn' : 'info'),
  };
}

/** A whole number of at least 1 from the environment, the default when unset; anything else stops the start with a sentence. */
function positiveInt(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new Error(`${name} must be a whole number of at least 1, not "${value}".`);
  return n;
}
