// CI runs the API suite three times: on SQLite (blobs in DATA_DIR/media), on PostgreSQL (DATABASE_URL) and on
// PostgreSQL with the blobs in S3 (S3_TEST=1). A file runs again only where the database or the store can change its
// answer; these lists name the files where they cannot, so the repeated passes spend their minutes where a
// difference can show. Every file not named here runs in all three passes.

/** Neither the database nor the store decides what these check (parsers, headers, limits, the API document). */
const SQLITE_ONLY = [
  'client-access', // the client's table of actions against the OpenAPI document's rules: two documents compared
  'hand-edited-data-js', // data.js read as JavaScript object syntax, and the line/column of a broken edit
  'html-from-data', // the HTML policy, applied before anything is stored
  'input-bounds', // body parsing limits, before any route reads the database
  'openapi', // the generated API document
  'page-shell', // the shell drawn from the page's answers (their equality to the API: page-bootstrap, every pass)
  'start-up-modules', // what a process loads at start
  'tiler-warm', // the tiler's compile at start, on a worker thread, with no upload asked: no row, no blob
  // The longest block of the event loop during the heaviest uploads: SQLite's driver runs every statement on the
  // loop, PostgreSQL's waits for its answers off it, so SQLite is the harder case; the S3 pass leaves the heavy
  // uploads out (each file a PUT of its own to s3rver, minutes that are not stalls).
  'upload-stalls',
  'write-hosts', // the Host/Origin rule of writes
  'zip-reader', // the zip reader on local files
];

/** The database decides these, the store does not: they store no blob, or start a server without the bucket. */
const NOT_ON_S3 = [
  'access-matrix', // who may call which route: roles and site assignments are rows
  'audit-trail', // the trail and the revision check are rows
  'auth',
  'change-feed',
  'change-stream',
  'database-connection',
  'disabled-sites',
  'hotspot-editing', // the hotspot save's revision check and trail are rows; it stores no blob
  // Child servers over a data folder on every pass (a tmpfs that fills, a killed job, SIGTERM, `npm run import`):
  // their crash and disk rules are about DATA_DIR and the transactions of the database.
  'disk-full',
  'ingest-cli',
  'kill',
  'lifecycle',
  'login',
  'migration-lock',
  'pg-statements',
  'photo-job-restart',
  'request-log',
  'scale-out', // starts its own s3rver on the PostgreSQL pass already; the S3 pass would run it again unchanged
  'sessions',
  'survey-reads',
  'upload-memory', // its child server keeps blobs in its folder on every pass
  'users-admin',
];

/**
 * The store decides these, the dialect of the database does not: they run on SQLite with the folder store and on
 * PostgreSQL with the bucket (the S3 pass), so PostgreSQL with the folder store adds nothing. What a crash or a full
 * disk leaves in a data folder on PostgreSQL is checked by the child-server files above, on the PostgreSQL pass.
 */
const NOT_ON_PG_FOLDER = [
  'avif-tiles', // the AVIF copies are blobs; their jobs run on pg-boss on the S3 pass, in process on SQLite
  // Hostile and cut-off uploads to one child server: what is refused and what is left in the store and staging.
  'crash-corpus',
  'demo', // the generated demo's rows and pictures
  // Two instances starting at once on one empty database: on PostgreSQL they are two hosts, which share blobs only
  // through a bucket, so the S3 pass is the real multi-host case.
  'demo-cold-start',
  'document-listing', // pages of a listing by name: the same SQL on both dialects, proven against PostgreSQL with S3
  'field-exports',
  'hostile-corpus', // refused uploads leave every table and the store unchanged
  'ingest',
  'ingest-duplicates',
  'ingest-errors', // a refused upload changes no row and nothing in the store or staging
  'ingest-unplaced',
  'photo-upload',
  'photo-upload-hardening',
  'resources',
  'served-files', // headers of our /media route on the folder store, of the bucket's front on S3
  'stored-names',
  'unplaced-nodes',
];

/** Every list above by name, for the check that each names a file that exists once. */
export const PASS_LISTS = { SQLITE_ONLY, NOT_ON_S3, NOT_ON_PG_FOLDER } as const;

const files = (names: string[]) => names.map((n) => `tests/api/${n}.test.ts`);

/** The API test files the pass selected by `env` leaves out. */
export function apiFilesLeftOut(env: NodeJS.ProcessEnv): string[] {
  if (env.S3_TEST) return files([...SQLITE_ONLY, ...NOT_ON_S3]);
  if (env.DATABASE_URL) return files([...SQLITE_ONLY, ...NOT_ON_PG_FOLDER]);
  return [];
}
