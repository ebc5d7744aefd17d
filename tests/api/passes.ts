// CI runs the API suite three times: on SQLite, on PostgreSQL (DATABASE_URL) and on PostgreSQL with the blobs in
// S3 (S3_TEST=1). A file runs again only where the database or the store can change its answer; these lists name
// the files where they cannot, so the repeated passes spend their minutes where a difference can show.

/** Neither the database nor the store decides what these check (parsers, headers, limits, the API document). */
const SQLITE_ONLY = [
  'html-from-data', // the HTML policy, applied before anything is stored
  'input-bounds', // body parsing limits, before any route reads the database
  'openapi', // the generated API document
  'write-hosts', // the Host/Origin rule of writes
  'zip-reader', // the zip reader on local files
];

/** The database decides these, the store does not: they store no blob, or start a server without the bucket. */
const NOT_ON_S3 = [
  'access-matrix', // who may call which route: roles and site assignments are rows
  'auth',
  'change-feed',
  'change-stream',
  'database-connection',
  'disabled-sites',
  'login',
  'migration-lock',
  'pg-statements',
  'request-log',
  'sessions',
  'survey-reads',
  'upload-memory', // its child server keeps blobs in its folder on every pass
  'users-admin',
];

const files = (names: string[]) => names.map((n) => `tests/api/${n}.test.ts`);

/** The API test files the pass selected by `env` leaves out. */
export function apiFilesLeftOut(env: NodeJS.ProcessEnv): string[] {
  if (env.S3_TEST) return files([...SQLITE_ONLY, ...NOT_ON_S3]);
  if (env.DATABASE_URL) return files(SQLITE_ONLY);
  return [];
}
