// Deploying, start-up and shutdown: docs/deploy.md.
// Entry point: one process on PORT serving the app, /api and /media; seeds the demo site on an empty DATA_DIR.
// At start it sweeps what dead processes left behind (their staging before anything is written: on a full disk it is
// often what fills it); on SIGTERM/SIGINT it stops taking connections, lets the requests in flight (an upload)
// finish, and exits 0 (1 if they have not finished within SHUTDOWN_TIMEOUT_MS); an uncaught error stops it the same
// way, with exit code 1. Start-up housekeeping that fails (a full disk, another instance sweeping or seeding at the
// same moment) is logged and the server starts anyway.
import { readConfig } from './config.ts';
import { buildApp } from './app.ts';
import { seedDemoIfEmpty } from './demo/seed.ts';
import { sweep } from './services/sweep.ts';
import { sweepSignIns } from './services/signInThrottle.ts';
import { writeHostsOf } from './http/auth.ts';
import { sweepDeadStaging } from './storage/stagingSweep.ts';
import { stagingRootOf } from './storage/stagingOwners.ts';
import { DEMO_SEED_LOCK_KEY, withStartupLock } from './db/startupLock.ts';
import { warmTiler } from './services/tiler/warmTiler.ts';
import { measureUnsizedScenes } from './services/tileBytes.ts';

const config = readConfig();
let earlySweep: string[] | Error;
try {
  earlySweep = sweepDeadStaging(stagingRootOf(config.dataDir));
} catch (err) {
  earlySweep = err as Error;
}
const { app, ctx } = await buildApp(config);
if (earlySweep instanceof Error) app.log.warn({ err: earlySweep }, 'could not sweep the staging of dead processes');
try {
  const swept = await sweep(ctx.db, ctx.blobs);
  const stagingRemoved = swept.stagingRemoved.length + (Array.isArray(earlySweep) ? earlySweep.length : 0);
  app.log.info({ ...swept, stagingRemoved, blobsRemoved: swept.blobsRemoved.length }, 'start-up sweep done');
} catch (err) {
  app.log.error({ err }, 'start-up sweep failed; it runs again at the next start');
}
// Expired sessions and finished sign-in windows: at start, then hourly.
const sweepSessions = async () => {
  try {
    app.log.info(await sweepSignIns(ctx.db), 'expired sessions swept');
  } catch (err) {
    app.log.warn({ err }, 'session sweep failed');
  }
};
await sweepSessions();
const sessionSweep = setInterval(sweepSessions, 3600_000).unref();
app.addHook('onClose', async () => clearInterval(sessionSweep));
// Said at start, so that a refused write to a name of ours is understood before anyone reports it.
app.log.info(
  `writes are accepted for the host names: ${writeHostsOf(config).describe()} (set PUBLIC_URL or ALLOWED_HOSTS for others)`,
);
// Instances starting together on an empty database take turns: the first seeds, the others find a site and skip.
if (config.demo)
  try {
    await withStartupLock(config, DEMO_SEED_LOCK_KEY, () => seedDemoIfEmpty(ctx));
  } catch (err) {
    app.log.error({ err }, 'the demo site could not be generated; the server starts without it');
  }

// Scenes stored before their size was kept (migration 0020) are measured from the store, all written at once; not
// awaited: listing a bucket of many scenes may take a while, and only the survey manager's size column waits for it.
void measureUnsizedScenes(ctx.db, ctx.blobs).then(
  (n) => n && app.log.info(`measured the stored size of ${n} scene(s)`),
  (err: unknown) => app.log.warn({ err }, 'could not measure the size of older scenes; the next start tries again'),
);

let stopping = false;
async function shutdown(signal: string, exitCode = 0) {
  if (stopping) return;
  stopping = true;
  app.log.info(`${signal}: no new connections; finishing the requests in flight`);
  const force = setTimeout(() => {
    app.log.error(`requests still running after ${config.shutdownTimeoutMs} ms: exiting anyway`);
    process.exit(1);
  }, config.shutdownTimeoutMs);
  force.unref();
  // A connection kept alive after its last answer would hold the close up for its keep-alive timeout: drop idle ones as they appear.
  const dropIdle = setInterval(() => app.server.closeIdleConnections(), 100);
  try {
    await app.close();
    clearInterval(dropIdle);
    process.exit(exitCode);
  } catch (err) {
    app.log.error({ err }, 'shutdown failed');
    process.exit(1);
  }
}
process.once('SIGTERM', () => void shutdown('SIGTERM'));
process.once('SIGINT', () => void shutdown('SIGINT'));
// The last line, not the fix: every error of an upload or a job is owned by it and ends only it. An error nobody owns
// is a bug whose damage is unknown, so the process does not serve on: it logs the error once as fatal, lets the
// requests in flight finish as on SIGTERM, and exits 1 for its supervisor to start it again.
process.on('uncaughtException', (err, origin) => {
  app.log.fatal({ err, origin }, 'an error no request owns: stopping after the requests in flight');
  void shutdown(origin, 1);
});

await app.listen({ port: config.port, host: config.host });
console.log(`Survey viewer on http://localhost:${config.port} (data in ${config.dataDir})`);
// After listening, never awaited: a cold kernel cache costs seconds, which no request should wait for.
void warmTiler(app.log);
