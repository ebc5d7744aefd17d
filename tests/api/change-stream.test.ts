// GET /api/changes over real HTTP: an open page hears "content" after a write of this process and after a commit
// made by another connection (an SQL client, another instance), and a stopping server ends the streams at once
// instead of waiting for every page to go away.
import fs from 'node:fs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DB } from '../../server/db/database.ts';
import { createTempPgDatabase, startServer, tempDir, type TestServer } from './helpers/server.ts';
import { startChildServer } from './helpers/childServer.ts';
import { HOSTILE_SITE, uploadHostileSite } from './helpers/hostileUploads.ts';

/** Reads a server-sent event stream; `next(name)` resolves with the first event of that name from now on. */
async function follow(url: string) {
  const ac = new AbortController();
  const res = await fetch(url, { signal: ac.signal });
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  let text = '';
  let ended = false;
  const pump = (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        text += value;
      }
    } catch {
      /* aborted */
    }
    ended = true;
  })();
  const until = async (test: () => boolean, ms: number) => {
    const end = Date.now() + ms;
    while (!test() && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
    return test();
  };
  return {
    res,
    text: () => text,
    ended: () => ended,
    until,
    async next(name: string, ms = 5000): Promise<boolean> {
      const from = text.length;
      return until(() => text.slice(from).includes(`event: ${name}\n`), ms);
    },
    close: async () => {
      ac.abort();
      await pump;
    },
  };
}

let s: TestServer;
let other: DB;
beforeAll(async () => {
  s = await startServer();
  expect((await uploadHostileSite(s.baseUrl)).status).toBe(200);
  other = await openDatabase({ dataDir: s.dataDir, databaseUrl: s.databaseUrl, poolSize: 1 });
}, 120_000);
afterAll(async () => {
  await other?.destroy();
  await s?.close();
});

describe('GET /api/changes', () => {
  it('is an uncompressed event stream that tells of this process’s writes and of other connections’ commits', async () => {
    const page = await follow(`${s.baseUrl}/api/changes`);
    try {
      expect(page.res.status).toBe(200);
      expect(page.res.headers.get('content-type')).toMatch(/^text\/event-stream/);
      expect(page.res.headers.get('content-encoding')).toBeNull();
      expect(await page.until(() => page.text().includes(': connected'), 5000)).toBe(true);

      const heard = page.next('content');
      const put = await fetch(`${s.baseUrl}/api/site/${HOSTILE_SITE}/about`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ info: '<p>changed here</p>' }),
      });
      expect(put.status).toBe(200);
      expect(await heard).toBe(true);

      const heardOther = page.next('content');
      await sql`update sites set name = ${'Renamed elsewhere'} where id = ${HOSTILE_SITE}`.execute(other);
      expect(await heardOther).toBe(true);
    } finally {
      await page.close();
    }
  });

  it('ends every stream on SIGTERM: the process exits 0 at once instead of waiting for the pages', async () => {
    const dataDir = tempDir();
    const pg = s.databaseUrl ? await createTempPgDatabase(process.env.DATABASE_URL!) : undefined;
    const child = await startChildServer({
      dataDir,
      databaseUrl: pg?.url ?? '',
      env: { SHUTDOWN_TIMEOUT_MS: '20000' },
    });
    try {
      const pages = await Promise.all([1, 2, 3].map(() => follow(`${child.baseUrl}/api/changes`)));
      for (const p of pages) expect(await p.until(() => p.text().includes(': connected'), 5000)).toBe(true);
      const t0 = Date.now();
      expect(await child.kill('SIGTERM')).toEqual({ code: 0, signal: null });
      expect(Date.now() - t0).toBeLessThan(10_000);
      for (const p of pages) expect(await p.until(p.ended, 2000)).toBe(true);
    } finally {
      await child.kill('SIGKILL').catch(() => undefined);
      await pg?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
