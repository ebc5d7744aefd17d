// A server of a test's own with single sign-on on (the shared e2e server is a trusted install): the built client,
// the demo site, and a superAdmin `root` with ROOT_PASSWORD. `env` adds settings (an OpenID provider), `port` fixes the
// port where the test must know the address before the server starts (the provider's redirect URI).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readConfig } from '../../../server/config.ts';
import { buildApp } from '../../../server/app.ts';
import { seedDemoIfEmpty } from '../../../server/demo/seed.ts';
import { addUser } from '../../../server/services/users.ts';
import { distDir } from './fixtures';

export const ROOT_PASSWORD = 'correct horse battery';

export async function startSsoServer(
  prefix: string,
  opts: { env?: Record<string, string>; port?: number } = {},
): Promise<{ origin: string; close: () => Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const { app, ctx } = await buildApp(
    readConfig({
      ...process.env,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      USE_SSO: 'true',
      DIST_DIR: distDir(),
      LOG_LEVEL: 'error',
      // No AVIF copies: their job only costs time here (and is cut short when the test ends).
      AVIF_TILES: 'false',
      ...opts.env,
    }),
  );
  await seedDemoIfEmpty(ctx);
  await addUser(ctx.db, 'root', ROOT_PASSWORD, ['superAdmin']);
  await app.listen({ port: opts.port ?? 0, host: '127.0.0.1' });
  return {
    origin: `http://127.0.0.1:${(app.server.address() as { port: number }).port}`,
    close: async () => {
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
