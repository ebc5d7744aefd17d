// The viewer's survey reads ask the database once in the usual case: rows of a site prove it exists, and only an
// empty answer asks whether the site does. Both outcomes of that second question, for each of the four reads.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, fetchJson, type TestServer } from './helpers/server.ts';
import { seedSite } from './resources-helpers.ts';
import { createSite } from '../../server/services/sites.ts';

let s: TestServer;
const get = (p: string) => fetchJson(`${s.baseUrl}/api${p}`);
const READS = ['survey/details?floor=0', 'survey/details/compact', 'survey/floors', 'surveys'];

beforeAll(async () => {
  s = await startServer();
  await seedSite(s.ctx, 'farm');
  await createSite(s.ctx.db, 'empty', 'Empty');
});
afterAll(async () => {
  await s?.close();
});

describe('survey reads', () => {
  it.each(READS)('%s: rows for a surveyed site', async (read) => {
    const res = await get(`/site/farm/${read}`);
    expect(res.status).toBe(200);
    expect(res.body.payload.length).toBeGreaterThan(0);
  });

  it.each(READS)('%s: an empty list for a site without surveys', async (read) => {
    expect(await get(`/site/empty/${read}`)).toMatchObject({ status: 200, body: { success: true, payload: [] } });
  });

  it.each(READS)('%s: 404 with a sentence for a site that does not exist', async (read) => {
    expect(await get(`/site/nowhere/${read}`)).toMatchObject({
      status: 404,
      body: { success: false, message: 'There is no site "nowhere".' },
    });
  });

  it('a surveyed site on a floor without surveys is an empty list, not a 404', async () => {
    expect(await get('/site/farm/survey/details?floor=1')).toMatchObject({ status: 200, body: { payload: [] } });
  });
});
