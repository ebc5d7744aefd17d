// Environment settings, read once and checked with zod: a wrong value stops the start with a sentence that names
// the setting and says what it takes. Defaults make a fresh install usable.
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_POOL_SIZE } from './db/database.ts';
import { flag, positiveNumber, unset, wholeNumber } from './envRules.ts';
import { s3Environment, type S3Settings } from './storage/s3Settings.ts';
import { jobEnvironment, type JobConfig } from './jobs/jobSettings.ts';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  useSso: boolean;
  projectTitle: string;
  maxUploadBytes: number;
  /** Photos of a photo job decoded at once (TILE_PARALLEL): each holds its whole sphere, up to ~800 MB. */
  tileParallel: number;
  /** On SIGTERM/SIGINT: how long requests in flight may take to finish before the process exits anyway. */
  shutdownTimeoutMs: number;
  maxUncompressedBytes: number;
  maxCompressionRatio: number;
  distDir: string;
  demo: boolean;
  /** pino level of the structured logs: info by default, warn under the test runner (5xx are errors, always logged). */
  logLevel: string;
  /** PostgreSQL connections of the server process (pg Pool max). */
  dbPoolSize: number;
  /** PostgreSQL: prepare each query once per connection (off for PgBouncer in transaction mode before 1.21). */
  dbPreparedStatements: boolean;
  /** Every commit waits for the disk (DB_DURABLE_COMMITS); otherwise a power cut may undo the last moment's commits. */
  dbDurableCommits: boolean;
  /** Info panels and the about page may show pictures from other sites (off: only our own media). */
  allowExternalImages: boolean;
  /** Fastify trustProxy: whose X-Forwarded-* headers to believe (client address, https for Secure cookies). */
  trustProxy: boolean | number | string[];
  /** Host names (host or host:port) writes may be addressed to; empty: our own names (http/writeHosts.ts). */
  allowedHosts: string[];
  /** This server's address as browsers reach it (PUBLIC_URL): OIDC's redirect, and a name writes are accepted for. */
  publicUrl?: string;
  /** CSP frame-ancestors of our pages: who may show them in a frame. */
  frameAncestors: string;
  /** Blobs in an S3-compatible bucket (S3_*) instead of DATA_DIR/media. */
  s3?: S3Settings;
  /** Jobs: when an upload is imported as one, expiry and retries (INGEST_JOB_MIN_BYTES, JOB_*). */
  jobs: JobConfig;
  /** Every scene's tiles get an AVIF copy (a job after the import); viewers that decode AVIF fetch those. */
  avifTiles: boolean;
  /** Viewer pages carry the server's render of their shell (docs/first-view.md). */
  shellPages: boolean;
  /** OpenID Connect sign-in, when OIDC_ISSUER is set (beside local passwords). */
  oidc?: {
    issuer: string;
    clientId: string;
    clientSecret: string;
    redirectUri: string;
    rolesClaim: string;
    sitesClaim: string;
    scope: string;
    label: string;
  };
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** TRUST_PROXY: true/false, a number of proxy hops, or a comma list of proxy addresses or CIDRs. */
function parseTrustProxy(v: string | undefined): boolean | number | string[] {
  const t = (v ?? '').trim();
  if (t === '' || t === 'false') return false;
  // "true" is one proxy, ours: Fastify's own true believes every X-Forwarded-For entry, so the client's first one
  // (the proxy appends the real address after it) would pick a new address for each sign-in guess.
  if (t === 'true') return 1;
  if (/^\d+$/.test(t)) return Number(t);
  return t
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);
}

const environment = z.object({
  PORT: wholeNumber('PORT', 8080, 0, 65535),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z
    .string()
    .default('./data')
    .transform((d) => path.resolve(d)),
  DATABASE_URL: z
    .string()
    .optional()
    .transform((v) => v || undefined),
  DB_POOL_SIZE: wholeNumber('DB_POOL_SIZE', DEFAULT_POOL_SIZE, 1),
  DB_PREPARED_STATEMENTS: flag('DB_PREPARED_STATEMENTS', true),
  DB_DURABLE_COMMITS: flag('DB_DURABLE_COMMITS', false),
  USE_SSO: flag('USE_SSO', false),
  PROJECT_TITLE: z.string().default(''),
  MAX_UPLOAD_BYTES: wholeNumber('MAX_UPLOAD_BYTES', 2 * 1024 ** 3, 1),
  TILE_PARALLEL: wholeNumber('TILE_PARALLEL', 2, 1),
  SHUTDOWN_TIMEOUT_MS: wholeNumber('SHUTDOWN_TIMEOUT_MS', 30_000, 0),
  MAX_UNCOMPRESSED_BYTES: wholeNumber('MAX_UNCOMPRESSED_BYTES', 4 * 1024 ** 3, 1),
  MAX_COMPRESSION_RATIO: positiveNumber('MAX_COMPRESSION_RATIO', 100),
  DIST_DIR: z
    .string()
    .default('./dist')
    .transform((d) => path.resolve(d)),
  DEMO: flag('DEMO', true),
  AVIF_TILES: flag('AVIF_TILES', true),
  SHELL_PAGES: flag('SHELL_PAGES', true),
  ALLOW_EXTERNAL_IMAGES: flag('ALLOW_EXTERNAL_IMAGES', false),
  TRUST_PROXY: z.string().optional().transform(parseTrustProxy),
  ALLOWED_HOSTS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((h) => h.trim().toLowerCase())
        .filter(Boolean),
    ),
  PUBLIC_URL: z
    .string()
    .optional()
    .transform((v, ctx) => {
      const url = v?.trim().replace(/\/+$/, '');
      if (!url) return undefined;
      if (/^https?:\/\/[^/\s]+/.test(url) && URL.canParse(url)) return url;
      ctx.addIssue({
        code: 'custom',
        message: `PUBLIC_URL must be this server's address as browsers reach it (e.g. https://survey.example.org), not "${v}".`,
      });
      return z.NEVER;
    }),
  FRAME_ANCESTORS: z
    .string()
    .optional()
    .transform((v) => v?.trim() || "'self'"),
  LOG_LEVEL: z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (unset(v) || (LOG_LEVELS as readonly string[]).includes(v)) return v;
      ctx.addIssue({ code: 'custom', message: `LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, not "${v}".` });
      return z.NEVER;
    }),
  VITEST: z.string().optional(),
});

/** OIDC_* settings; the redirect URI is PUBLIC_URL + /api/auth/oidc/callback (register it at the provider). */
const oidcSettings = z
  .object({
    OIDC_ISSUER: z.string().optional(),
    OIDC_CLIENT_ID: z.string().optional(),
    OIDC_CLIENT_SECRET: z.string().default(''),
    PUBLIC_URL: z.string().default(''),
    OIDC_ROLES_CLAIM: z.string().optional(),
    OIDC_SITES_CLAIM: z.string().optional(),
    OIDC_SCOPE: z.string().optional(),
    OIDC_LABEL: z.string().optional(),
  })
  .transform((e, ctx): Config['oidc'] => {
    if (!e.OIDC_ISSUER) return undefined;
    const base = e.PUBLIC_URL.replace(/\/+$/, '');
    if (!/^https?:\/\/[^/]+$/.test(base)) {
      ctx.addIssue({
        code: 'custom',
        message:
          "OIDC_ISSUER is set: PUBLIC_URL must be set too, to this server's address as browsers reach it (e.g. https://survey.example.org).",
      });
      return z.NEVER;
    }
    if (!e.OIDC_CLIENT_ID) {
      ctx.addIssue({ code: 'custom', message: 'OIDC_ISSUER is set: OIDC_CLIENT_ID must be set too.' });
      return z.NEVER;
    }
    return {
      issuer: e.OIDC_ISSUER,
      clientId: e.OIDC_CLIENT_ID,
      clientSecret: e.OIDC_CLIENT_SECRET,
      redirectUri: `${base}/api/auth/oidc/callback`,
      rolesClaim: e.OIDC_ROLES_CLAIM || 'roles',
      sitesClaim: e.OIDC_SITES_CLAIM || 'sites',
      scope: e.OIDC_SCOPE || 'openid profile email',
      label: e.OIDC_LABEL || 'Sign in with single sign-on',
    };
  });

/** The settings of `env`; throws one sentence per wrong setting. */
export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = environment.safeParse(env);
  const oidc = oidcSettings.safeParse(env);
  const s3 = s3Environment.safeParse(env);
  const jobs = jobEnvironment.safeParse(env);
  const problems = [parsed, oidc, s3, jobs].flatMap((r) => r.error?.issues ?? []).map((i) => i.message);
  if (problems.length || !parsed.success || !oidc.success || !s3.success || !jobs.success)
    throw new Error(problems.join(' '));
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    dbPoolSize: e.DB_POOL_SIZE,
    dbPreparedStatements: e.DB_PREPARED_STATEMENTS,
    dbDurableCommits: e.DB_DURABLE_COMMITS,
    useSso: e.USE_SSO,
    projectTitle: e.PROJECT_TITLE,
    maxUploadBytes: e.MAX_UPLOAD_BYTES,
    tileParallel: e.TILE_PARALLEL,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    maxUncompressedBytes: e.MAX_UNCOMPRESSED_BYTES,
    maxCompressionRatio: e.MAX_COMPRESSION_RATIO,
    distDir: e.DIST_DIR,
    demo: e.DEMO,
    avifTiles: e.AVIF_TILES,
    shellPages: e.SHELL_PAGES,
    allowExternalImages: e.ALLOW_EXTERNAL_IMAGES,
    trustProxy: e.TRUST_PROXY,
    allowedHosts: e.ALLOWED_HOSTS,
    publicUrl: e.PUBLIC_URL,
    frameAncestors: e.FRAME_ANCESTORS,
    oidc: oidc.data,
    s3: s3.data,
    jobs: jobs.data,
    // Quiet under the test runner (its env, or this process's when the caller passes its own env).
    logLevel: e.LOG_LEVEL || (e.VITEST || process.env.VITEST ? 'warn' : 'info'),
  };
}
