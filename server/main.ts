// Entry point: one process on PORT serving the app, /api and /media; seeds the demo site on an empty DATA_DIR.
import { readConfig } from './config.ts';
import { buildApp } from './app.ts';
import { seedDemoIfEmpty } from './demo/seed.ts';

const config = readConfig();
const { app, ctx } = await buildApp(config);
if (config.demo) await seedDemoIfEmpty(ctx);
await app.listen({ port: config.port, host: config.host });
console.log(`Survey viewer on http://localhost:${config.port} (data in ${config.dataDir})`);
