// An export uploaded again to the same survey (even under another file name) is recognised: refused with 409
// and nothing written, unless replace is asked for; then its earlier scenes are swapped for the new ones, all or
// nothing. The same export to another survey (another date) is not a duplicate.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, fetchJson, type TestServer } from './helpers/server.ts';
import { uploadScenes } from './helpers/upload.ts';
import { exportZip, positionsCsv } from './helpers/exportBuilder.ts';
import { tableCounts } from './helpers/snapshot.ts';

let s: TestServer;
let zip: Buffer;
beforeAll(async () => {
  s = await startServer();
  zip = await exportZip();
});
afterAll(async () => {
  await s?.close();
});

async function withReplace(site: string, csv: string) {
  const form = new FormData();
  form.append('properties', new Blob([csv], { type: 'text/csv' }), 'positions.csv');
  form.append('zipFile', new Blob([new Uint8Array(zip)], { type: 'application/zip' }), 'again.zip');
  form.append('mode', 'addScene');
  form.append('replace', 'true');
  return fetchJson(`${s.baseUrl}/api/site/${site}/0/addScenes`, { method: 'POST', body: form });
}

describe('the same export twice', () => {
  it('is refused with 409, then replaced on request, never duplicated', async () => {
    const csv = positionsCsv();
    const first = await uploadScenes(s.baseUrl, 'x', 0, { zip, csv, mode: 'addNewSite', siteName: 'Twice Farm' });
    expect(first.status).toBe(200);
    const site = first.body.payload.site as string;
    expect(first.body.payload).toMatchObject({ floor: 0, date: '2024-03-05', scenes: 2, replaced: 0 });
    expect(first.body.payload.node).toMatch(/.+/);
    const before = await tableCounts(s.ctx);

    const again = await uploadScenes(s.baseUrl, site, 0, {
      zip,
      csv,
      mode: 'addScene',
      zipFileName: 'renamed-copy.zip',
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/already in the survey .*floor 0, 2024-03-05.*replace/);
    expect(await tableCounts(s.ctx)).toEqual(before);

    const replaced = await withReplace(site, csv);
    expect(replaced.status).toBe(200);
    expect(replaced.body.payload).toMatchObject({ scenes: 2, replaced: 2 });
    const nodes = await s.ctx.db.selectFrom('survey_nodes').select('tiles_id').where('site', '=', site).execute();
    expect(nodes).toHaveLength(2);
    expect(nodes.map((n) => n.tiles_id)).toContain(replaced.body.payload.node);
    expect(await s.ctx.db.selectFrom('minimap_nodes').select('id').where('site', '=', site).execute()).toHaveLength(2);
    // The initial view moved to the new copy of the first scene (the old one is gone).
    const settings = (await fetchJson(`${s.baseUrl}/api/site/${site}/settings`)).body.payload;
    expect(nodes.map((n) => n.tiles_id)).toContain(settings.initial_settings.pano_id);

    // Another date is another survey: not a duplicate.
    const other = await uploadScenes(s.baseUrl, site, 0, {
      zip,
      csv: positionsCsv(undefined, '06/03/2024'),
      mode: 'addScene',
    });
    expect(other.status).toBe(200);
    expect(other.body.payload).toMatchObject({ date: '2024-03-06', replaced: 0 });
    expect(await s.ctx.db.selectFrom('survey_nodes').select('id').where('site', '=', site).execute()).toHaveLength(4);

    // A scene of the other survey linking into the replaced ones loses that link with them, nothing else.
    const [linking] = await s.ctx.db
      .selectFrom('survey_nodes')
      .select(['id', 'link_hotspots'])
      .where('site', '=', site)
      .where('tiles_id', '=', other.body.payload.node)
      .execute();
    const own = JSON.parse(linking.link_hotspots) as { target: string }[];
    const link = { yaw: 0, pitch: 0, rotation: 0, target: replaced.body.payload.node as string };
    await s.ctx.db
      .updateTable('survey_nodes')
      .set({ link_hotspots: JSON.stringify([...own, link]) })
      .where('id', '=', linking.id)
      .execute();
    expect((await withReplace(site, csv)).status).toBe(200);
    const after = await s.ctx.db
      .selectFrom('survey_nodes')
      .select('link_hotspots')
      .where('id', '=', linking.id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(after.link_hotspots)).toEqual(own);
  });
});
