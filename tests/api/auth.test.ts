// With USE_SSO=true: cross-site writes are refused, administrators' writes are carried out (a projectAdmin on its
// own site), disabled pins are hidden from visitors. Who may call which route, however spelled, is the access
// matrix's test (access-matrix.test.ts); the write routes here are enumerated from the OpenAPI document.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, fetchJson, type TestServer } from './helpers/server.ts';
import { fullState, seedSite, jsonInit, type SeededSite, nodeRevision } from './resources-helpers.ts';
import { addUser } from '../../server/services/users.ts';
import { createPin } from '../../server/services/pins.ts';
import { exportZip, positionsCsv } from './helpers/exportBuilder.ts';

let s: TestServer;
let seeded: SeededSite;
let pinId: string;
const sessions: Record<'superAdmin' | 'projectAdmin' | 'guest', string> = {
  superAdmin: '',
  projectAdmin: '',
  guest: '',
};
const PASSWORD = 'correct horse battery';
const OPEN_WRITES = new Set(['/api/login', '/api/logout']);

interface Call {
  method: string;
  path: string;
}
const writes: Call[] = [];

/** A concrete URL for an OpenAPI path: known ids where they matter, harmless ones elsewhere. */
function concrete(p: string): string {
  return p
    .replace('{site}', seeded.site)
    .replace('{floor}', '0')
    .replace('{n}', '4')
    .replace('{name}', 'default')
    .replace('{id}', p.startsWith('/api/node/') ? seeded.nodeIds[0] : pinId);
}

async function login(username: string): Promise<string> {
  const res = await fetch(`${s.baseUrl}/api/login`, jsonInit('POST', { username, password: PASSWORD }));
  expect(res.status).toBe(200);
  const cookie = res.headers.get('set-cookie') ?? '';
  const sid = /sid=([^;]+)/.exec(cookie)?.[1];
  expect(sid).toBeTruthy();
  return `sid=${sid}`;
}

function call(c: Call, cookie?: string, headers: Record<string, string> = {}) {
  const init: RequestInit = c.method === 'GET' ? { method: 'GET' } : jsonInit(c.method, {});
  init.headers = { ...(init.headers as Record<string, string> | undefined), ...headers, ...(cookie ? { cookie } : {}) };
  return fetchJson(`${s.baseUrl}${concrete(c.path)}`, init);
}

beforeAll(async () => {
  s = await startServer({ USE_SSO: 'true' });
  seeded = await seedSite(s.ctx, 'farm');
  pinId = (
    await createPin(s.ctx.db, s.ctx.blobs, {
      enabled: false,
      x: 10,
      y: 10,
      cover_image: '',
      icon: 'farm',
      name: 'Hidden farm',
      site_name: '',
      sitemap: 'default',
      site: 'farm',
    })
  )._id;
  await createPin(s.ctx.db, s.ctx.blobs, {
    enabled: true,
    x: 20,
    y: 20,
    cover_image: '',
    icon: 'farm',
    name: 'Open farm',
    site_name: '',
    sitemap: 'default',
  });
  for (const role of ['superAdmin', 'projectAdmin', 'guest'] as const) {
    await addUser(s.ctx.db, `${role}-user`, PASSWORD, [role], role === 'projectAdmin' ? ['farm'] : []);
    sessions[role] = await login(`${role}-user`);
  }
  const doc = (await fetchJson(`${s.baseUrl}/api/docs/json`)).body;
  for (const [p, ops] of Object.entries<Record<string, unknown>>(doc.paths)) {
    for (const m of Object.keys(ops)) {
      const method = m.toUpperCase();
      if (['POST', 'PUT', 'PATCH', 'DELETE'].includes(method) && !OPEN_WRITES.has(p)) writes.push({ method, path: p });
    }
  }
});
afterAll(async () => {
  await s?.close();
});

describe('write routes with single sign-on on', () => {
  it('found every write route of the API in the OpenAPI document', () => {
    const names = writes.map((w) => `${w.method} ${w.path}`);
    for (const expected of [
      'PATCH /api/node/coords/{id}',
      'PATCH /api/node/rotation/{id}',
      'PATCH /api/site/{site}/sitemap',
      'POST /api/site/{site}/minimap',
      'POST /api/site/{site}/{floor}/addScenes',
      'POST /api/site/{site}/{floor}/addPhotos',
      'POST /api/documentation/{site}',
      'PUT /api/site/{site}/about',
      'POST /api/map-pins',
      'PATCH /api/map-pins/{id}',
      'DELETE /api/map-pins/{id}',
      'POST /api/map-pins/preview',
      'PATCH /api/map-pins/{id}/coords',
      'POST /api/create-site-map',
      'PATCH /api/settings',
      'PATCH /api/site/{site}/settings',
      'POST /api/site/{site}/minimap/newFloor/{n}',
    ])
      expect(names).toContain(expected);
  });

  it('refuses writes from a foreign Origin even with an administrator session', async () => {
    const before = await fullState(s.ctx, { skipTables: ['sessions'] });
    for (const w of writes) {
      const res = await call(w, sessions.superAdmin, { origin: 'https://evil.example' });
      expect({ call: `${w.method} ${w.path}`, status: res.status }).toEqual({
        call: `${w.method} ${w.path}`,
        status: 403,
      });
      expect(res.body.message).toBe('Cross-site requests are not allowed.');
    }
    expect(await fullState(s.ctx, { skipTables: ['sessions'] })).toEqual(before);
  });

  it("carries out administrators' writes", async () => {
    for (const [i, role] of (['superAdmin', 'projectAdmin'] as const).entries()) {
      const cookie = sessions[role];
      const ok = async (method: string, path: string, body?: unknown) => {
        const res = await fetchJson(
          `${s.baseUrl}/api${path}`,
          body === undefined ? { method, headers: { cookie } } : { ...jsonInit(method, body, { cookie }) },
        );
        expect({ role, path, status: res.status, success: res.body.success }).toEqual({
          role,
          path,
          status: 200,
          success: true,
        });
        return res.body.payload;
      };
      await ok('PUT', '/site/farm/about', { info: `by ${role}` });
      expect(
        (await s.ctx.db.selectFrom('abouts').select('info').where('site', '=', 'farm').executeTakeFirstOrThrow()).info,
      ).toBe(`by ${role}`);
      await ok('PATCH', `/node/coords/${seeded.nodeIds[0]}`, {
        x: 100 + i,
        y: 5,
        revision: await nodeRevision(s.ctx, seeded.nodeIds[0]),
      });
      expect(
        (
          await s.ctx.db
            .selectFrom('minimap_nodes')
            .select('x')
            .where('id', '=', seeded.nodeIds[0])
            .executeTakeFirstOrThrow()
        ).x,
      ).toBe(100 + i);
      expect(await ok('POST', `/site/farm/minimap/newFloor/${7 + i}`, {})).toEqual({
        floor: 7 + i,
        floor_tag: String(7 + i),
        floor_name: `Floor ${7 + i}`,
      });
      // The pin of its own site a projectAdmin may move; adding, deleting pins and maps is a superAdmin's.
      await ok('PATCH', `/map-pins/${pinId}/coords`, { x: 60 + i, y: 61 });
      if (role !== 'superAdmin') continue;
      const pin = await ok('POST', '/map-pins', { x: 30, y: 30, icon: 'shop', name: `${role} pin`, enabled: true });
      await ok('DELETE', `/map-pins/${pin._id}`);
      expect(
        await s.ctx.db.selectFrom('pins').select('id').where('id', '=', pin._id).executeTakeFirst(),
      ).toBeUndefined();
      await ok('POST', '/create-site-map', { name: `${role} map`, image_url: 'https://example.org/map.jpg' });
    }
  });

  it('hides disabled pins from visitors and guests, not from administrators', async () => {
    const names = async (cookie?: string) =>
      (await fetchJson(`${s.baseUrl}/api/map-pins`, cookie ? { headers: { cookie } } : {})).body.payload.map(
        (p: any) => p.name,
      );
    expect(await names()).toEqual(['Open farm']);
    expect(await names(sessions.guest)).toEqual(['Open farm']);
    expect(await names(sessions.superAdmin)).toEqual(['Hidden farm', 'Open farm']);
    expect(await names(sessions.projectAdmin)).toEqual(['Hidden farm', 'Open farm']);
  });

  it('keeps a projectAdmin to its own sites when creating a site or re-pointing a pin', async () => {
    const cookie = sessions.projectAdmin;
    const upload = async (site: string, mode: string) => {
      const form = new FormData();
      form.append('zipFile', new Blob([new Uint8Array(await exportZip())], { type: 'application/zip' }), 'export.zip');
      form.append('properties', new Blob([positionsCsv()], { type: 'text/csv' }), 'positions.csv');
      form.append('mode', mode);
      form.append('siteName', 'A new name');
      return fetchJson(`${s.baseUrl}/api/site/${site}/0/addScenes`, {
        method: 'POST',
        body: form,
        headers: { cookie },
      });
    };
    // Its own site exists already: creating it again is refused, and it cannot create another one.
    const again = await upload('farm', 'addNewSite');
    expect({ status: again.status, message: again.body.message }).toEqual({
      status: 409,
      message: 'The site "farm" already exists; add the scenes to it instead of creating it again.',
    });
    expect((await upload('elsewhere', 'addNewSite')).status).toBe(403);
    // A site assigned to it before it exists (a pin reserved the id) is created under exactly that id.
    await s.ctx.db
      .insertInto('user_sites')
      .values({
        user_id: (
          await s.ctx.db
            .selectFrom('users')
            .select('id')
            .where('username', '=', 'projectAdmin-user')
            .executeTakeFirstOrThrow()
        ).id,
        site: 'new-barn',
      })
      .execute();
    const created = await upload('new-barn', 'addNewSite');
    expect({ status: created.status, site: created.body.payload?.site }).toEqual({ status: 200, site: 'new-barn' });
    // Its pin may not be pointed at a site it does not administer.
    const repoint = await fetchJson(
      `${s.baseUrl}/api/map-pins/${pinId}`,
      jsonInit('PATCH', { site: 'someone-else' }, { cookie }),
    );
    expect(repoint.status).toBe(403);
    expect(
      (await s.ctx.db.selectFrom('pins').select('site').where('id', '=', pinId).executeTakeFirstOrThrow()).site,
    ).toBe('farm');
  });
});
