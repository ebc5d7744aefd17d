// Guided tours over real HTTP with single sign-on on: a site's administrator creates, saves, publishes and deletes
// a tour; bounds are refused; a save from an old revision gets 409 with the current tour; an administrator of
// another site is refused; captions are stored sanitised; visitors read only published tours, kept in the read
// cache until a change; a stop whose scene was deleted is reported and kept.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './helpers/server.ts';
import { siteWithAdmin, twoSitesWithAdmins, type TwoSites } from './helpers/siteAdmins.ts';
import { jsonInit, fullState, type SeededSite } from './resources-helpers.ts';
import { listAudit } from '../../server/services/audit/audit.ts';
import type { Tour, TourSaveBody } from '../../contract/tours.ts';
import { TOURS_PER_SITE_MAX } from '../../contract/tourLimits.ts';

let s: TestServer;
let farm: SeededSite;
let other: SeededSite;
let cookies: TwoSites['cookies'];

type Answer = { success: boolean; message?: string; payload?: Tour & Tour[]; current?: Tour };
async function call(method: string, path: string, body?: unknown, cookie = cookies.admin) {
  const res = await fetch(`${s.baseUrl}/api/site/${path}`, {
    ...(body === undefined ? { method } : jsonInit(method, body)),
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), cookie },
  });
  return { status: res.status, body: (await res.json()) as Answer };
}

const stop = (scene: string, extra: Partial<TourSaveBody['stops'][number]> = {}) => ({
  scene,
  yaw: 0.5,
  pitch: -0.1,
  fov: 1.2,
  dwell: 5,
  caption: '',
  ...extra,
});

async function newTour(name = 'Morning walk') {
  const res = await call('POST', `${farm.site}/manage/tours`, { name });
  expect(res.status).toBe(200);
  return res.body.payload!;
}

beforeAll(async () => {
  s = await startServer({ USE_SSO: 'true' });
  ({ farm, other, cookies } = await twoSitesWithAdmins(s));
});
afterAll(async () => {
  await s?.close();
});

describe('guided tours', () => {
  it('creates, saves with a sanitised caption, publishes; visitors see only published tours', async () => {
    const t = await newTour();
    expect(t).toMatchObject({ name: 'Morning walk', published: false, revision: 0, stops: [] });
    const saved = await call('PUT', `${farm.site}/manage/tours/${t.id}`, {
      revision: 0,
      name: 'Morning walk',
      stops: [
        stop(farm.tilesIds[0], { caption: '<p onclick="steal()">The <b>barn</b><script>alert(1)</script></p>' }),
        stop(farm.tilesIds[1], { dwell: 12 }),
      ],
    });
    expect(saved.status).toBe(200);
    const tour = saved.body.payload!;
    expect(tour.revision).toBe(1);
    expect(tour.stops[0].caption).toBe('<p>The <b>barn</b></p>');
    expect(tour.stops[0]).toMatchObject({ floor: 0, date: '2024-03-05', problem: null });
    expect(tour.stops[1].dwell).toBe(12);
    // Not published yet: a visitor (no session) sees no tour, and not this one by id.
    expect((await call('GET', `${farm.site}/tours`, undefined, '')).body.payload).toEqual([]);
    expect((await call('GET', `${farm.site}/tours/${t.id}`, undefined, '')).status).toBe(404);
    const pub = await call('POST', `${farm.site}/manage/tours/${t.id}/publish`, { revision: 1, published: true });
    expect(pub.status).toBe(200);
    expect(pub.body.payload!.published).toBe(true);
    // The cached public read is dropped by the commit: the visitor sees the tour at once.
    const visitor = await call('GET', `${farm.site}/tours`, undefined, '');
    expect(visitor.body.payload!.map((x) => x.name)).toEqual(['Morning walk']);
    expect((await call('GET', `${farm.site}/tours/${t.id}`, undefined, '')).body.payload!.stops).toHaveLength(2);
    // Another site's public read does not list it, nor reads it by id.
    expect((await call('GET', `${other.site}/tours`, undefined, '')).body.payload).toEqual([]);
    expect((await call('GET', `${other.site}/tours/${t.id}`, undefined, '')).status).toBe(404);
    const audit = await listAudit(s.ctx.db, farm.site, { limit: 10 });
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(['tour.create', 'tour.edit', 'tour.publish']));
    expect(audit.every((a) => a.actor === 'farm-admin')).toBe(true);
  });

  it('answers a save from an old revision with 409 and the current tour, changing nothing', async () => {
    const t = await newTour('Race');
    const first = await call('PUT', `${farm.site}/manage/tours/${t.id}`, {
      revision: 0,
      name: 'Race',
      stops: [stop(farm.tilesIds[0])],
    });
    expect(first.status).toBe(200);
    const before = await fullState(s.ctx, { skipTables: ['sessions'] });
    const stale = await call('PUT', `${farm.site}/manage/tours/${t.id}`, { revision: 0, name: 'Race', stops: [] });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toMatch(/Someone else changed this tour .*revision 1/);
    expect(stale.body.current).toMatchObject({ id: t.id, revision: 1, stops: [{ scene: farm.tilesIds[0] }] });
    expect(
      (await call('POST', `${farm.site}/manage/tours/${t.id}/publish`, { revision: 0, published: true })).status,
    ).toBe(409);
    expect((await call('DELETE', `${farm.site}/manage/tours/${t.id}`, { revision: 0 })).status).toBe(409);
    expect(await fullState(s.ctx, { skipTables: ['sessions'] })).toEqual(before);
    const gone = await call('DELETE', `${farm.site}/manage/tours/${t.id}`, { revision: 1 });
    expect(gone.status).toBe(200);
    expect((await call('GET', `${farm.site}/manage/tours`)).body.payload!.map((x) => x.id)).not.toContain(t.id);
    expect((await listAudit(s.ctx.db, farm.site, { limit: 1 }))[0].action).toBe('tour.delete');
  });

  it('refuses an administrator of another site and anonymous callers, changing nothing', async () => {
    const t = await newTour('Private');
    const before = await fullState(s.ctx, { skipTables: ['sessions'] });
    const body = { revision: 0, name: 'Taken', stops: [] };
    expect((await call('PUT', `${farm.site}/manage/tours/${t.id}`, body, cookies.otherAdmin)).status).toBe(403);
    expect((await call('PUT', `${farm.site}/manage/tours/${t.id}`, body, '')).status).toBe(401);
    expect((await call('POST', `${farm.site}/manage/tours`, { name: 'x' }, cookies.otherAdmin)).status).toBe(403);
    expect((await call('GET', `${farm.site}/manage/tours`, undefined, cookies.otherAdmin)).status).toBe(403);
    expect(
      (await call('DELETE', `${farm.site}/manage/tours/${t.id}`, { revision: 0 }, cookies.otherAdmin)).status,
    ).toBe(403);
    // Through its own site, the tour of another site is not found.
    expect((await call('PUT', `${other.site}/manage/tours/${t.id}`, body, cookies.otherAdmin)).status).toBe(404);
    expect(await fullState(s.ctx, { skipTables: ['sessions'] })).toEqual(before);
  });

  it('refuses numbers out of range, too many stops, long captions and scenes of other sites', async () => {
    const t = await newTour('Bounds');
    const before = await fullState(s.ctx, { skipTables: ['sessions'] });
    const ok = (stops: unknown[]) => ({ revision: 0, name: 'Bounds', stops });
    const bad: [string, unknown][] = [
      ['pitch beyond the pole', ok([stop(farm.tilesIds[0], { pitch: 2 })])],
      ['yaw far out of range', ok([stop(farm.tilesIds[0], { yaw: 1e300 })])],
      ['fov of nothing', ok([stop(farm.tilesIds[0], { fov: 0 })])],
      ['a string for a number', ok([{ ...stop(farm.tilesIds[0]), dwell: '5' }])],
      ['no dwell', ok([{ ...stop(farm.tilesIds[0]), dwell: 0 }])],
      ['an hour and more', ok([stop(farm.tilesIds[0], { dwell: 601 })])],
      ['too many stops', ok(Array(51).fill(stop(farm.tilesIds[0])))],
      ['a long caption', ok([stop(farm.tilesIds[0], { caption: 'x'.repeat(2001) })])],
      ['deeply nested caption', ok([stop(farm.tilesIds[0], { caption: '<b>'.repeat(150) })])],
      ['a blank name', { ...ok([]), name: '  ' }],
      ['an empty scene', ok([stop('')])],
      ['a negative revision', { ...ok([]), revision: -1 }],
    ];
    for (const [why, body] of bad)
      expect((await call('PUT', `${farm.site}/manage/tours/${t.id}`, body)).status, why).toBe(400);
    const elsewhere = await call('PUT', `${farm.site}/manage/tours/${t.id}`, ok([stop(other.tilesIds[0])]));
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body.message).toMatch(/not a scene of this site/);
    expect((await call('PUT', `${farm.site}/manage/tours/no-such-tour`, ok([]))).status).toBe(404);
    expect(await fullState(s.ctx, { skipTables: ['sessions'] })).toEqual(before);
  });

  it("keeps a kiosk's idle action when a settings save leaves it out (a client that predates it)", async () => {
    const kiosk = { enabled: true, idleRotateSeconds: 5, idleResetSeconds: 9 };
    expect((await call('PATCH', `${farm.site}/settings`, { kiosk: { ...kiosk, idleAction: 'tour' } })).status).toBe(
      200,
    );
    const res = await call('PATCH', `${farm.site}/settings`, { kiosk: { ...kiosk, idleRotateSeconds: 7 } });
    expect(res.status).toBe(200);
    const saved = (res.body.payload as unknown as { kiosk: Record<string, unknown> }).kiosk;
    expect(saved).toEqual({ ...kiosk, idleRotateSeconds: 7, idleAction: 'tour' });
  });

  it(`keeps at most ${TOURS_PER_SITE_MAX} tours per site`, async () => {
    const have = (await call('GET', `${other.site}/manage/tours`, undefined, cookies.otherAdmin)).body.payload!.length;
    for (let i = have; i < TOURS_PER_SITE_MAX; i++)
      expect((await call('POST', `${other.site}/manage/tours`, { name: `T${i}` }, cookies.otherAdmin)).status).toBe(
        200,
      );
    const over = await call('POST', `${other.site}/manage/tours`, { name: 'One more' }, cookies.otherAdmin);
    expect(over.status).toBe(400);
    expect(over.body.message).toMatch(/at most 20 tours/);
  });

  it("reports a stop whose scene was deleted, keeps it on the next save, and visitors' reads say so", async () => {
    const { site, cookie } = await siteWithAdmin(s, 'orchard');
    const t = (await call('POST', `${site.site}/manage/tours`, { name: 'Orchard' }, cookie)).body.payload!;
    const stops = [stop(site.tilesIds[0]), stop(site.tilesIds[1])];
    expect(
      (await call('PUT', `${site.site}/manage/tours/${t.id}`, { revision: 0, name: 'Orchard', stops }, cookie)).status,
    ).toBe(200);
    await call('POST', `${site.site}/manage/tours/${t.id}/publish`, { revision: 1, published: true }, cookie);
    const del = await call('DELETE', `${site.site}/manage/scene/${site.sceneIds[1]}`, { revision: 0 }, cookie);
    expect(del.status).toBe(200);
    const managed = (await call('GET', `${site.site}/manage/tours`, undefined, cookie)).body.payload![0];
    expect(managed.stops[0].problem).toBeNull();
    expect(managed.stops[1]).toMatchObject({ scene: site.tilesIds[1], floor: null, date: null });
    expect(managed.stops[1].problem).toMatch(/no longer exists: it, or its survey, was deleted/);
    expect(managed.stops[1].title).toBeTruthy();
    const visitor = (await call('GET', `${site.site}/tours`, undefined, '')).body.payload![0];
    expect(visitor.stops[1].problem).not.toBeNull();
    // Saving the tour again keeps the broken stop (the editor decides to remove it).
    const again = await call(
      'PUT',
      `${site.site}/manage/tours/${t.id}`,
      {
        revision: 2,
        name: 'Orchard',
        stops: managed.stops.map(({ scene, yaw, pitch, fov, dwell, caption }) => ({
          scene,
          yaw,
          pitch,
          fov,
          dwell,
          caption,
        })),
      },
      cookie,
    );
    expect(again.status).toBe(200);
    expect(again.body.payload!.stops[1].problem).not.toBeNull();
  });
});
