// Every hostile upload of helpers/hostileUploads.ts, sent over real HTTP to a server in this process: each must be
// refused with its sentence, leave every table, the media folder and staging unchanged, and leave the server
// answering (crash-corpus.test.ts sends them to a child process and checks that it survives them all).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './helpers/server.ts';
import { snapshotState } from './helpers/snapshot.ts';
import { hostileCases as cases, sendHostile, uploadHostileSite } from './helpers/hostileUploads.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startServer({ MAX_COMPRESSION_RATIO: '100' });
  expect((await uploadHostileSite(s.baseUrl)).status).toBe(200);
}, 120_000);
afterAll(async () => {
  await s?.close();
});

describe(`${cases.length} hostile inputs`, () => {
  it('the corpus holds at least 40 cases', () => expect(cases.length).toBeGreaterThanOrEqual(40));

  it.each(cases.map((c) => [c.name, c] as const))(
    '%s: refused with its sentence, nothing changed, the server answers',
    async (_n, c) => {
      const before = await snapshotState(s.ctx);
      const { status, message } = await sendHostile(s.baseUrl, c);
      expect({ status, message: String(message).slice(0, 300) }).toEqual({
        status: c.status,
        message: expect.stringMatching(c.message),
      });
      // A sentence a person reads: it does not echo kilobytes of the input back.
      expect(String(message).length).toBeLessThan(400);
      expect(await snapshotState(s.ctx)).toEqual(before);
      expect((await fetch(`${s.baseUrl}/api/health`)).status).toBe(200);
    },
    60_000,
  );
});
