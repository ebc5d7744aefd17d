// Entry point: one process on PORT serving the app, /api and /media; seeds the demo site on an empty DATA_DIR.
// At start it sweeps what dead processes left behind; on SIGTERM/SIGINT it stops taking connections, lets the
// requests in flight (an upload) finish, and exits 0 (1 if they have not finished within SHUTDOWN_TIMEOUT_MS). An
// uncaught error stops it the same way, with exit code 1.
import { readConfig } from './config.ts';
import { buildApp } from './app.ts';
import { seedDemoIfEmpty } from './demo/seed.ts';
import { sweep } from './services/sweep.ts';
import { sweepSignIns } from './services/signInThrottle.ts';
import { writeHostsOf } from './http/auth.ts';

const SHUTDOWN_TIMEOUT_MS = Number(process.env.SHUTDOWN_TIMEOUT_MS ?? 30_000);

const config = readConfig();
const { app, ctx } = await buildApp(config);
const swept = await sweep(ctx.db, ctx.blobs);
app.log.info(
  { ...swept, stagingRemoved: swept.stagingRemoved.length, blobsRemoved: swept.blobsRemoved.length },
  'start-up sweep done',
);
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
if (config.demo) await seedDemoIfEmpty(ctx);

let stopping = false;
async function shutdown(signal: string, exitCode = 0) {
  if (stopping) return;
  stopping = true;
  app.log.info(`${signal}: no new connections; finishing the requests in flight`);
  const force = setTimeout(() => {
    app.log.error(`requests still running after ${SHUTDOWN_TIMEOUT_MS} ms: exiting anyway`);
    process.exit(1);
  }, SHUTDOWN_TIMEOUT_MS);
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
