// Builds the one Fastify process: /api (every call of the API), /media (immutable blobs) and the built client.
import { createRequire } from 'node:module';
import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import { serializerCompiler, validatorCompiler, jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import { openDatabase, isPostgresUrl, sqliteFileOf } from './db/database.ts';
import { sqliteChangeFeed } from './db/sqliteChangeFeed.ts';
import { pgChangeFeed } from './db/pgChangeFeed.ts';
import { readCache } from './http/readCache.ts';
import { openBlobStore } from './storage/openBlobStore.ts';
import { addOwnMediaBase } from '../contract/htmlPolicy.ts';
import { openJobQueue } from './jobs/openJobQueue.ts';
import { INGEST_JOB, runIngestJob, type IngestJobData } from './jobs/ingestJob.ts';
import { PHOTO_JOB, runPhotoJob, type PhotoJobData } from './jobs/photoJob.ts';
import { avifTiles } from './jobs/avifTilesJob.ts';
import { sweepStaleJobs } from './jobs/staleJobs.ts';
import { pendingLedger } from './storage/pendingBlobs.ts';
import { loggerOptions, requestIdOf, RequestLog } from './http/requestLog.ts';
import type { AppContext } from './context.ts';
import { identify } from './http/auth.ts';
import { refuseUnstorableUrl, refuseUnstorableBody } from './http/storableText.ts';
import { declareSiteReads, enforceSiteReads } from './http/siteVisibility.ts';
import { declareAccess, enforceAccess, PUBLIC } from './http/access.ts';
import { declareRefusals } from './http/refusals.ts';
import { apiRoutes } from './routes/index.ts';
import { errorHandlerOf } from './http/errorHandler.ts';
import { DatabaseOutage } from './db/outage.ts';
import { fromTheDatabase } from './db/errorOrigin.ts';
import { trustProxyOf } from './http/trustedProxies.ts';
import { sql } from 'kysely';
import { fail } from './http/envelope.ts';
import { pageHeaders } from './http/pageHeaders.ts';
import { mediaRoutes } from './http/mediaRoute.ts';
import { boundedJsonBodies } from './http/jsonBody.ts';
import { apiValidators } from './http/apiCaching.ts';
import { COMPRESS_THRESHOLD, ENCODINGS } from './http/encodings.ts';
import { loadShellRenderer } from './bootstrap/shellRenderer.ts';
import { pageHandler } from './bootstrap/pageRoute.ts';
import { readInlineStarter } from './bootstrap/inlineStarter.ts';
import { ChangeStreams } from './services/changeStream.ts';

/** How long a stopping process lets its running jobs go on (then they are retried elsewhere or at the next start). */
const JOB_STOP_MS = 20_000;

export async function buildApp(config: Config): Promise<{ app: FastifyInstance; ctx: AppContext }> {
  // The database's absences: logged once, counted, and their end found by a probe (db/outage.ts).
  const outage = new DatabaseOutage();
  const db = await openDatabase({
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    poolSize: config.dbPoolSize,
    preparedStatements: config.dbPreparedStatements,
    durableCommits: config.dbDurableCommits,
    onConnectionLost: (err) => {
      if (!outage.failed(fromTheDatabase(err), 'background'))
        console.error(`PostgreSQL connection lost (a new one is made when needed): ${err.message}`);
    },
  });

  const blobs = openBlobStore(config, pendingLedger(db));
  // Pictures in the bucket are our own media for the HTML policy, as /media/ is.
  if (config.s3) addOwnMediaBase(config.s3.publicUrl);
  // What any process commits reaches this one, so answers and sessions may be kept in memory. This process's own
  // commits (an import job's too) are heard at COMMIT by the commit tracker (db/changeTracking.ts).
  const changes =
    config.databaseUrl && isPostgresUrl(config.databaseUrl)
      ? pgChangeFeed(config.databaseUrl, db, (msg, err) =>
          // Its listener is a database connection: an outage is said by the outage's own line, not a stack trace.
          app.log.warn(outage.failed(fromTheDatabase(err), 'background') ? {} : { err }, msg),
        )
      : sqliteChangeFeed(db, sqliteFileOf(db)!);
  const ctx: AppContext = { config, db, blobs, changes, outage, changeStreams: new ChangeStreams(changes) };
  // Jobs fail too while the database is away: counted with the outage, not logged one by one.
  const logJobError = (msg: string, err?: unknown) => {
    if (!outage.failed(err, 'background')) app.log.error({ err }, msg);
  };
  const jobs = openJobQueue(config, db, logJobError);
  jobs.handle<IngestJobData>(INGEST_JOB, (attempt) => runIngestJob(ctx, attempt));
  jobs.handle<PhotoJobData>(PHOTO_JOB, (attempt) => runPhotoJob(ctx, attempt));
  ctx.jobs = jobs;
  const avif = config.avifTiles ? avifTiles({ ...ctx, jobs }, logJobError, (msg) => app.log.warn(msg)) : undefined;
  ctx.avifTiles = avif;

  // Structured logs, always on; every request has an id (the caller's x-request-id when sane), echoed back.
  const app = Fastify({
    logger: loggerOptions(config.logLevel),
    trustProxy: trustProxyOf(config.trustProxy),
    logController: new RequestLog(),
    genReqId: requestIdOf,
    requestIdHeader: false,
    bodyLimit: 5 * 1024 * 1024,
  });
  outage.watchWith(() => sql`select 1`.execute(db), app.log);
  app.addHook('onRequest', async (req, reply) => {
    reply.header('x-request-id', req.id);
  });
  // Every page we send (the client, scene.html, the client-route fallback) carries our CSP and frame rule.
  // The page's one inline script, read once: the pages carry the text whose hash the policy names.
  const starter = readInlineStarter(config.distDir);
  const pageHeaderValues = pageHeaders(config, starter ? [starter.source] : []);
  app.addHook('onSend', async (_req, reply, payload) => {
    const type = reply.getHeader('content-type');
    if (typeof type === 'string' && type.startsWith('text/html')) reply.headers(pageHeaderValues);
    return payload;
  });
  boundedJsonBodies(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  declareAccess(app);
  declareSiteReads(app);
  declareRefusals(app);
  // Validators first: the ETag hashes the JSON before the compression hook (a route-level onSend, so after) encodes it.
  apiValidators(app);
  // JSON and pages compressed on the fly (brotli at quality 4: cheap enough per request); built assets are
  // precompressed and media are images or served as they are stored (Range requests, their own ETags).
  await app.register(compress, {
    encodings: [...ENCODINGS],
    threshold: COMPRESS_THRESHOLD,
    customTypes: /^(?:application\/json|text\/html)(?:;|$)/,
  });
  await app.register(cookie);
  await app.register(multipart, { limits: { fileSize: config.maxUploadBytes, files: 2, fields: 10 } });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Survey viewer API', version: '1.0.0' },
      // The scope of a route's `session` requirement is who may call it: siteAdmin (of the site it is about) or superAdmin.
      components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'sid' } } },
    },
    transform: jsonSchemaTransform,
  });

  app.addHook('onRequest', identify(ctx));
  app.addHook('onRequest', enforceAccess(ctx));
  app.addHook('onRequest', refuseUnstorableUrl);
  app.addHook('onRequest', enforceSiteReads(ctx));
  app.addHook('preValidation', refuseUnstorableBody);
  readCache(app, changes);
  app.setErrorHandler(errorHandlerOf(outage));

  await app.register(apiRoutes, { prefix: '/api', ctx });
  app.get('/api/docs/json', { schema: { hide: true }, config: { access: PUBLIC, readsSite: 'none' } }, async () =>
    app.swagger(),
  );

  // Media: every user file, served passive (http/servedFiles.ts); immutable keys, cached for a year, with ETags.
  await mediaRoutes(app, blobs);

  // WebXR controller profiles and models (the renderer's VR controllers), served here rather than from a CDN.
  await app.register(fastifyStatic, {
    root: xrProfilesDir(),
    prefix: '/xr-profiles/',
    decorateReply: false,
    maxAge: '1d',
    etag: true,
    index: false,
  });

  // The built client, with index.html for client-side routes.
  const indexFile = path.join(config.distDir, 'index.html');
  if (fs.existsSync(indexFile)) {
    await app.register(fastifyStatic, {
      root: config.distDir,
      prefix: '/',
      wildcard: false,
      index: false,
      preCompressed: true,
      // Hashed build assets never change; the HTML must be revalidated so a new build is picked up.
      cacheControl: false,
      setHeaders: (res, file) =>
        res.setHeader(
          'Cache-Control',
          file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        ),
    });
    // Client routes get index.html with the page's first-load state (bootstrap/): the start page, the single-site
    // viewer and every page of a site in multi-site mode by route (so they are compressed), the rest as not found.
    // The viewer's shell drawn into its pages (SHELL_PAGES); without it (off, no server build, or one that fails
    // to load) the app draws the page.
    const shell = config.shellPages
      ? await loadShellRenderer(config.distDir).catch((err: unknown) => {
          app.log.warn({ err }, 'the page shell renderer did not load; pages start without it');
          return null;
        })
      : null;
    const page = pageHandler(app, indexFile, starter?.code, shell);
    for (const url of ['/', '/site', '/site/*']) app.get(url, { schema: { hide: true } }, page);
    app.setNotFoundHandler((req, reply) => {
      if (req.method === 'GET' && !req.url.startsWith('/api/') && !req.url.startsWith('/media/'))
        return page(req, reply);
      return reply.status(404).send(fail(`Not found: ${req.method} ${req.url.split('?')[0]}`));
    });
  } else {
    app.setNotFoundHandler((req, reply) =>
      reply.status(404).send(fail(`Not found: ${req.method} ${req.url.split('?')[0]}`)),
    );
  }

  // Workers take jobs once the app is built; on close they stop taking them and let the running ones end.
  await jobs.start();
  avif?.wake();
  // Only pg-boss gives up on a job without a word; the in-process queue ends its jobs' rows itself.
  const stopSweep =
    config.databaseUrl && isPostgresUrl(config.databaseUrl)
      ? sweepStaleJobs(db, config.jobs, (msg, err) => (err ? logJobError(msg, err) : app.log.warn(msg)))
      : undefined;
  // Open pages' change streams end first: they would hold a stopping process until every page went away.
  app.addHook('preClose', async () => ctx.changeStreams?.close());
  app.addHook('onClose', async () => {
    avif?.stop();
    stopSweep?.();
    outage.close();
    await jobs.stop(JOB_STOP_MS);
    blobs.close();
    await changes.close();
    await db.destroy();
  });
  return { app, ctx };
}

/** The profiles folder of @webxr-input-profiles/assets (its package exports nothing to import). */
function xrProfilesDir(): string {
  return path.join(
    path.dirname(createRequire(import.meta.url).resolve('@webxr-input-profiles/assets/package.json')),
    'dist',
    'profiles',
  );
}
