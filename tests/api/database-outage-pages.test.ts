// While PostgreSQL is away, what needs no database is still served to everyone, signed in or not: the client's
// pages (without their first-load state: the client then asks the API, which answers 503 with Retry-After) and the
// media. A session cookie made every page and every tile a JSON 503, as reading the session needs the database.
// It runs in the suite's first pass only (helpers/privatePostgres.ts).
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { repeatedPass, startPrivatePostgres, type PrivatePostgres } from './helpers/privatePostgres.ts';
import { startChildServer, type ChildServer } from './helpers/childServer.ts';
import { tempDir } from './helpers/server.ts';

let pg: PrivatePostgres | { reason: string };
let server: ChildServer | undefined;
const dataDir = tempDir('survey-outage-pages-');
const dist = path.join(dataDir, 'dist');

beforeAll(async () => {
  fs.mkdirSync(dist, { recursive: true });
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html><head></head><body></body></html>');
  if (repeatedPass) return;
  pg = await startPrivatePostgres();
  if ('url' in pg)
    server = await startChildServer({ dataDir, databaseUrl: pg.url, env: { USE_SSO: 'true', DIST_DIR: dist } });
}, 60_000);
afterAll(async () => {
  await server?.kill();
  if (pg && 'destroy' in pg) await pg.destroy();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

it.skipIf(repeatedPass)(
  'serves pages and media to a signed-in person while PostgreSQL is away; the API answers 503',
  async (t) => {
    if (!('url' in pg)) return t.skip(pg.reason);
    const base = server!.baseUrl;
    const media = path.join(dataDir, 'media', 'about');
    fs.mkdirSync(media, { recursive: true });
    fs.writeFileSync(path.join(media, 'note.txt'), 'still here');
    await pg.stop();
    try {
      // A session id of the right form: reading it needs the database.
      const cookie = `sid=${'a'.repeat(43)}`;
      for (const headers of [{ cookie }, {}] as Record<string, string>[]) {
        for (const page of ['/', '/site/farm', '/site?site=farm']) {
          const res = await fetch(`${base}${page}`, { headers });
          expect(res.status, `${page} ${JSON.stringify(headers)}`).toBe(200);
          expect(await res.text()).toMatch(/^<!doctype html>/);
        }
        const file = await fetch(`${base}/media/about/note.txt`, { headers });
        expect(file.status, `media ${JSON.stringify(headers)}`).toBe(200);
        expect(await file.text()).toBe('still here');
        const api = await fetch(`${base}/api/sites`, { headers });
        expect([api.status, api.headers.get('retry-after')]).toEqual([503, '5']);
      }
    } finally {
      await pg.start();
    }
    expect(server!.proc.exitCode).toBeNull();
  },
  90_000,
);
