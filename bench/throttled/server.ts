// The app as the throttled benchmark serves it (a child process, so measuring never slows the server): the real
// server (buildApp) on a fresh DATA_DIR with the production build, the bench export ingested through the real
// ingest service (the one the upload route and `npm run import` use), and the built benchmark pages mounted
// under /__bench/ so the Marzipano page reads the very same /media/ tile URLs from the same origin.
//   env: DATA_DIR, PORT, BENCH_ZIP, BENCH_CSV, BENCH_PAGES (built pages folder), AVIF_TILES; prints one JSON line
//   when ready.
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
// The AVIF copies (AVIF_TILES, on unless the run asks for the JPEG tiles alone) are made before any page is timed.
const started = Date.now();
const avif = config.avifTiles ? await allCopiesMade() : false;
await app.listen({ port: config.port, host: config.host });
console.log(
  JSON.stringify({ ready: true, site: result.site, surveys: result.surveys, avif, avifMs: Date.now() - started }),
);

async function allCopiesMade(): Promise<boolean> {
  const deadline = Date.now() + 20 * 60_000;
  while (Date.now() < deadline) {
    const left = await ctx.db
      .selectFrom('survey_nodes')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('tile_format', '=', 'jpg')
      .executeTakeFirstOrThrow();
    if (Number(left.n) === 0) return true;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('the AVIF copies of the bench tiles were not made within 20 minutes');
}
const stop = async () => {
  await app.close();
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
