// An export whose positions CSV lacks rows: refused (saying how else), unless the upload says unplaced=true with a
// date: then its scenes without a row come in unplaced (placed 0, at 0,0) on that date and the upload's floor.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportZip } from './helpers/exportBuilder.ts';
import { fetchJson, startServer, type TestServer } from './helpers/server.ts';
import { snapshotState } from './helpers/snapshot.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startServer();
});
afterAll(async () => {
  await s?.close();
});

const csv = 'title,fileName,x,y,date,floor\r\nHall A,hall_a,10,20,05/03/2024,0\r\n';

async function upload(site: string, fields: Record<string, string>) {
  const form = new FormData();
  form.append('properties', new Blob([csv], { type: 'text/csv' }), 'positions.csv');
  form.append('zipFile', new Blob([new Uint8Array(await exportZip())], { type: 'application/zip' }), 'export.zip');
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  return fetchJson(`${s.baseUrl}/api/site/${site}/0/addScenes`, { method: 'POST', body: form });
}

describe('an export whose CSV lacks rows', () => {
  it('is refused, the sentence saying that unplaced=true with a date takes it; nothing is kept', async () => {
    const before = await snapshotState(s.ctx);
    const res = await upload('lacking', { mode: 'addNewSite' });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/"hall_b".*unplaced=true with a date/);
    expect(await snapshotState(s.ctx)).toEqual(before);
  });

  it('with unplaced=true but no date: refused, nothing kept', async () => {
    const before = await snapshotState(s.ctx);
    const res = await upload('lacking', { mode: 'addNewSite', unplaced: 'true' });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/unplaced=true needs the date/);
    expect(await snapshotState(s.ctx)).toEqual(before);
  });

  it('with unplaced=true and a date: the scene without a row comes in unplaced on that date', async () => {
    const res = await upload('lacking', {
      mode: 'addNewSite',
      siteName: 'Lacking',
      unplaced: 'true',
      date: '2025-06-07',
    });
    expect(res.status, res.body.message).toBe(200);
    const nodes = await s.ctx.db
      .selectFrom('survey_nodes as n')
      .innerJoin('minimap_nodes as m', 'm.survey_node_id', 'n.id')
      .innerJoin('surveys as v', 'v.id', 'n.survey_id')
      .select(['n.tiles_name', 'm.x', 'm.y', 'm.placed', 'v.date', 'v.floor'])
      .where('n.site', '=', res.body.payload.site)
      .orderBy('n.tiles_name')
      .execute();
    expect(nodes).toEqual([
      { tiles_name: 'hall_a', x: 10, y: 20, placed: 1, date: '2024-03-05', floor: 0 },
      { tiles_name: 'hall_b', x: 0, y: 0, placed: 0, date: '2025-06-07', floor: 0 },
    ]);
  });
});
