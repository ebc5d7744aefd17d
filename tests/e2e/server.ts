// The server the end-to-end tests run against: the real app, a fresh DATA_DIR, the generated demo site.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readConfig } from '../../server/config.ts';
import { buildApp } from '../../server/app.ts';
import { seedDemoIfEmpty } from '../../server/demo/seed.ts';
import { warmTiler } from '../../server/services/tiler/warmTiler.ts';

// A fresh folder each run: the one the config names (a spec may open its database), or a new temp folder.
const named = process.env.E2E_DATA_DIR;
if (named) fs.rmSync(named, { recursive: true, force: true });
const dataDir = named
  ? (fs.mkdirSync(named, { recursive: true }), named)
  : fs.mkdtempSync(path.join(os.tmpdir(), 'survey-e2e-'));
const config = readConfig({ ...process.env, DATA_DIR: dataDir, HOST: '127.0.0.1' });
const { app, ctx } = await buildApp(config);
await seedDemoIfEmpty(ctx);
await app.listen({ port: config.port, host: config.host });
console.log(`e2e server on ${config.port}, data in ${dataDir}`);
// As server/main.ts does: the tiler made ready in the background, so a spec's first upload is timed as in use.
void warmTiler(app.log);
const stop = async () => {
  await app.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
