// Editing a scene's hotspots over real HTTP with single sign-on on: a site's administrator replaces the set, every
// bound and reference is checked by the server, hostile HTML is stored sanitised, a save started from an old
// revision is refused with the current set, an administrator of another site is refused, and each save leaves its
// audit entries.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './helpers/server.ts';
import { twoSitesWithAdmins, type TwoSites } from './helpers/siteAdmins.ts';
import { jsonInit, fullState, type SeededSite } from './resources-helpers.ts';
import { listAudit } from '../../server/services/audit/audit.ts';
import type { SceneHotspots, SceneHotspotsBody } from '../../contract/api.ts';

let s: TestServer;
let farm: SeededSite;
let other: SeededSite;
let cookies: TwoSites['cookies'];

const url = (tilesId = farm.tilesIds[0], site = farm.site) =>
  `${s.baseUrl}/api/site/${site}/scene/${encodeURIComponent(tilesId)}/hotspots`;

async function put(body: unknown, cookie = cookies.admin, target = url()) {
  const res = await fetch(target, {
    ...jsonInit('PUT', body),
    headers: { 'content-type': 'application/json', cookie },
  });
  return {
    status: res.status,
    body: (await res.json()) as {
      success: boolean;
      message?: string;
      payload?: SceneHotspots;
      current?: SceneHotspots;
    },
  };
}

async function details(tilesId = farm.tilesIds[0]) {
  const res = await fetch(`${s.baseUrl}/api/site/${farm.site}/hotspot/details?tilesId=${tilesId}`);
  return (
    (await res.json()) as {
      payload: { info_id: string; header: { label_title: string }; contents: { content: string }[] }[];
    }
  ).payload;
}

async function sceneNode() {
  const res = await fetch(`${s.baseUrl}/api/site/${farm.site}/survey/details?floor=0`);
  const scenes = (
    (await res.json()) as {
      payload: {
        survey_node: {
          tiles_id: string;
          revision?: number;
          link_hotspots: unknown[];
          info_hotspots: { info_id: string; title: string }[];
        };
      }[];
    }
  ).payload;
  return scenes.find((x) => x.survey_node.tiles_id === farm.tilesIds[0])!.survey_node;
}

const landing = (v: Record<string, unknown> = {}) => ({ yaw: 0.4, pitch: -0.2, fov: 1.2, ...v });

const base = (): SceneHotspotsBody => ({
  revision: 0,
  link_hotspots: [{ yaw: 0.5, pitch: -0.1, rotation: 0, target: farm.tilesIds[1] }],
  info_hotspots: [
    { info_id: 'i1', yaw: 0.1, pitch: 0.2, title: 'Feeder', text: '' },
    { yaw: -1, pitch: 0.3, title: 'Tap', text: '<p onclick="steal()">Cold <b>water</b><script>alert(1)</script></p>' },
  ],
});

beforeAll(async () => {
  s = await startServer({ USE_SSO: 'true' });
  ({ farm, other, cookies } = await twoSitesWithAdmins(s));
});
afterAll(async () => {
  await s?.close();
});

describe('PUT /api/site/{site}/scene/{tilesId}/hotspots', () => {
  it('refuses an administrator of another site and anonymous callers, changing nothing', async () => {
    const before = await fullState(s.ctx, { skipTables: ['sessions'] });
    expect((await put(base(), cookies.otherAdmin)).status).toBe(403);
    expect((await put(base(), '')).status).toBe(401);
    // Its own site's admin cannot reach this site's scene through its own site either.
    expect((await put(base(), cookies.otherAdmin, url(farm.tilesIds[0], other.site))).status).toBe(404);
    expect(await fullState(s.ctx, { skipTables: ['sessions'] })).toEqual(before);
  });

  it('refuses numbers out of range, too many hotspots, long texts and unknown targets or ids', async () => {
    const before = await fullState(s.ctx, { skipTables: ['sessions'] });
    const bad: [string, SceneHotspotsBody | Record<string, unknown>][] = [
      ['pitch beyond the pole', { ...base(), link_hotspots: [{ ...base().link_hotspots[0], pitch: 2 }] }],
      ['yaw far out of range', { ...base(), info_hotspots: [{ ...base().info_hotspots[0], yaw: 1e300 }] }],
      ['a string for a number', { ...base(), link_hotspots: [{ ...base().link_hotspots[0], yaw: '1' }] }],
      ['too many links', { ...base(), link_hotspots: Array(201).fill(base().link_hotspots[0]) }],
      ['a long title', { ...base(), info_hotspots: [{ ...base().info_hotspots[1], title: 'x'.repeat(201) }] }],
      ['a long text', { ...base(), info_hotspots: [{ ...base().info_hotspots[1], text: 'x'.repeat(20_001) }] }],
      ['an empty target', { ...base(), link_hotspots: [{ ...base().link_hotspots[0], target: '' }] }],
      ['a negative revision', { ...base(), revision: -1 }],
      [
        'a landing fov too narrow',
        { ...base(), link_hotspots: [{ ...base().link_hotspots[0], view: landing({ fov: 0.001 }) }] },
      ],
      [
        'a landing fov too wide',
        { ...base(), link_hotspots: [{ ...base().link_hotspots[0], view: landing({ fov: 3 }) }] },
      ],
      [
        'a landing pitch beyond the pole',
        { ...base(), link_hotspots: [{ ...base().link_hotspots[0], view: landing({ pitch: -1.6 }) }] },
      ],
      [
        'a landing yaw past a turn',
        { ...base(), link_hotspots: [{ ...base().link_hotspots[0], view: landing({ yaw: 4 }) }] },
      ],
      [
        'a landing view without its fov',
        { ...base(), link_hotspots: [{ ...base().link_hotspots[0], view: { yaw: 0, pitch: 0 } }] },
      ],
      [
        'a landing fov not a number',
        { ...base(), link_hotspots: [{ ...base().link_hotspots[0], view: landing({ fov: null }) }] },
      ],
      ['deeply nested HTML', { ...base(), info_hotspots: [{ ...base().info_hotspots[1], text: '<b>'.repeat(150) }] }],
    ];
    for (const [why, body] of bad) expect((await put(body)).status, why).toBe(400);
    const elsewhere = await put({
      ...base(),
      link_hotspots: [{ ...base().link_hotspots[0], target: other.tilesIds[0] }],
    });
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body.message).toMatch(/not a scene of this site/);
    const unknownId = await put({ ...base(), info_hotspots: [{ ...base().info_hotspots[0], info_id: 'i9' }] });
    expect(unknownId.status).toBe(400);
    expect(unknownId.body.message).toMatch(/no info hotspot "i9"/);
    expect((await put(base(), cookies.admin, url('no-such-scene'))).status).toBe(404);
    expect(await fullState(s.ctx, { skipTables: ['sessions'] })).toEqual(before);
  });

  it('saves the set, stores hostile HTML sanitised and shows it in the public reads', async () => {
    const res = await put(base());
    expect(res.status).toBe(200);
    const saved = res.body.payload!;
    expect(saved.revision).toBe(1);
    expect(saved.link_hotspots).toEqual(base().link_hotspots);
    const tap = saved.info_hotspots.find((h) => h.title === 'Tap')!;
    expect(tap.info_id).toMatch(new RegExp(`^${farm.tilesIds[0]}-info-\\d+$`));
    expect(tap.text).toBe('<p>Cold <b>water</b></p>');
    const stored = await s.ctx.db
      .selectFrom('hotspot_descriptions')
      .select('contents')
      .where('info_id', '=', tap.info_id)
      .executeTakeFirstOrThrow();
    expect(stored.contents).not.toMatch(/script|onclick/);
    const read = (await (await fetch(url())).json()) as { payload: SceneHotspots };
    expect(read.payload).toEqual(saved);
    const node = await sceneNode();
    expect(node.revision).toBe(1);
    expect(node.info_hotspots.map((h) => h.title)).toEqual(['Feeder', 'Tap']);
    expect((await details()).find((d) => d.info_id === tap.info_id)?.header.label_title).toBe('Tap');
    // The export's description that no hotspot named is gone with the save; the kept one is untouched.
    expect((await details()).map((d) => d.info_id).sort()).toEqual(['i1', tap.info_id].sort());
    const audit = await listAudit(s.ctx.db, farm.site, { limit: 10 });
    expect(audit.map((a) => a.action)).toContain('hotspot.add');
    expect(audit.every((a) => a.actor === 'farm-admin')).toBe(true);
  });

  it('refuses a save from an old revision with 409 and the current set, changing nothing', async () => {
    const before = await fullState(s.ctx, { skipTables: ['sessions'] });
    const stale = await put({ ...base(), revision: 0, link_hotspots: [] });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toMatch(/Someone else changed this scene/);
    expect(stale.body.current?.revision).toBe(1);
    expect(stale.body.current?.link_hotspots).toEqual(base().link_hotspots);
    expect(await fullState(s.ctx, { skipTables: ['sessions'] })).toEqual(before);
  });

  it('moves, retargets and deletes from the current revision, each recorded in the trail', async () => {
    const cur = (await put({ ...base(), revision: 0 })).body.current!;
    const body: SceneHotspotsBody = {
      revision: cur.revision,
      link_hotspots: [{ ...cur.link_hotspots[0], target: farm.tilesIds[0], rotation: 1 }],
      info_hotspots: [{ ...cur.info_hotspots[1], yaw: 2 }],
    };
    const res = await put(body);
    expect(res.status).toBe(200);
    expect(res.body.payload!.revision).toBe(cur.revision + 1);
    expect(res.body.payload!.info_hotspots.map((h) => [h.title, h.yaw])).toEqual([['Tap', 2]]);
    const actions = (await listAudit(s.ctx.db, farm.site, { limit: 4 })).map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(['hotspot.edit', 'hotspot.move', 'hotspot.delete']));
  });

  it('keeps where a link lands, hands it out in the survey details, and records it as an edit', async () => {
    const cur = (await (await fetch(url())).json()) as { payload: SceneHotspots };
    const link = { ...cur.payload.link_hotspots[0]!, view: landing() };
    const res = await put({ ...cur.payload, link_hotspots: [link] });
    expect(res.status).toBe(200);
    expect(res.body.payload!.link_hotspots).toEqual([link]);
    expect((await sceneNode()).link_hotspots).toEqual([link]);
    expect((await listAudit(s.ctx.db, farm.site, { limit: 1 }))[0]).toMatchObject({
      action: 'hotspot.edit',
      detail: { links: [link.target] },
    });
    // Saved without it: the target's own start view again.
    const back = await put({ ...res.body.payload!, link_hotspots: [{ ...link, view: undefined }] });
    expect(back.body.payload!.link_hotspots[0]).not.toHaveProperty('view');
  });
});
