// The app as the throttled benchmark serves it (a child process, so measuring never slows the server): the real
// server (buildApp) on a fresh DATA_DIR with the production build, the bench export ingested through the real
// ingest service (the one the upload route and `npm run import` use), and the built benchmark pages mounted
// under /__bench/ so the Marzipano page reads the very same /media/ tile URLs from the same origin.
//   env: DATA_DIR, PORT, BENCH_ZIP, BENCH_CSV, BENCH_PAGES (built pages folder); prints one JSON line when ready.
import fs from 'node:fs';
import fastifyStatic from '@fastify/static';
import { readConfig } from '../../server/config.ts';
import { buildApp } from '../../server/app.ts';
import { ingestExport } from '../../server/services/ingest/ingestExport.ts';
import { decodeCsvBytes } from '../../contract/positionsCsv.ts';

const env = process.env;
// USE_SSO=false as on every kiosk: everyone administers (the waterfall is of that case).
const config = readConfig({ ...env, HOST: '127.0.0.1', DEMO: 'false', USE_SSO: 'false', LOG_LEVEL: 'warn' });
const { app, ctx } = await buildApp(config);
const result = await ingestExport(ctx, {
  zipPath: env.BENCH_ZIP!,
  csvText: decodeCsvBytes(fs.readFileSync(env.BENCH_CSV!)),
  site: 'bench',
  floor: 0,
  mode: 'addNewSite',
  siteName: 'Bench site',
});
await app.register(fastifyStatic, {
  root: env.BENCH_PAGES!,
  prefix: '/__bench/',
  decorateReply: false,
  preCompressed: true,
  index: false,
});
await app.listen({ port: config.port, host: config.host });
console.log(JSON.stringify({ ready: true, site: result.site, surveys: result.surveys }));
const stop = async () => {
  await app.close();
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
