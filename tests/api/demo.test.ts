// The generated demo site: two floors, two dates, scenes with hotspots, plans, pins, documents and about text.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, fetchJson, type TestServer } from './helpers/server.ts';
import { seedDemoIfEmpty, DEMO_SITE } from '../../server/demo/seed.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
  expect(await seedDemoIfEmpty(server.ctx)).toBe(true);
}, 120_000);
afterAll(async () => {
  await server?.close();
});

const get = async (path: string) => {
  const r = await fetchJson(server.baseUrl + path);
  expect(r.status, path).toBe(200);
  return r.body.payload;
};

describe('demo site', () => {
  it('is not seeded twice', async () => {
    expect(await seedDemoIfEmpty(server.ctx)).toBe(false);
    expect(await get('/api/sites')).toEqual([{ id: DEMO_SITE, name: 'Demo Farm' }]);
  });

  it('has two named floors surveyed on two dates', async () => {
    expect(await get(`/api/site/${DEMO_SITE}/minimap/floors`)).toEqual([
      { floor: 0, floor_tag: 'G', floor_name: 'Ground Floor' },
      { floor: 1, floor_tag: '1', floor_name: 'Upper Floor' },
    ]);
    expect(await get(`/api/site/${DEMO_SITE}/survey/details/compact`)).toEqual([
      { date: '2026-06-02', survey_name: 'Summer survey' },
      { date: '2025-03-14', survey_name: 'Spring survey' },
    ]);
    expect(await get(`/api/site/${DEMO_SITE}/survey/floors?date=2025-03-14`)).toEqual([0, 1]);
  });

  it('serves scenes whose link hotspots point at scenes of the same survey, with tiles and previews', async () => {
    const scenes = await get(`/api/site/${DEMO_SITE}/survey/details?floor=0&date=2026-06-02`);
    expect(scenes.map((s: any) => s.survey_node.title)).toEqual([
      'NODE A 2026',
      'NODE B 2026',
      'NODE C 2026',
      'NODE D 2026',
    ]);
    const ids = new Set(scenes.map((s: any) => s.survey_node.tiles_id));
    for (const s of scenes) {
      expect(s.survey_node.link_hotspots.length).toBeGreaterThan(0);
      for (const l of s.survey_node.link_hotspots) expect(ids.has(l.target)).toBe(true);
      expect(s.survey_node.levels.map((l: any) => l.size)).toEqual([256, 512, 1024]);
    }
    const node = scenes[0].survey_node;
    for (const p of ['preview.jpg', '2/f/1/1.jpg', '1/u/0/0.jpg']) {
      const r = await fetch(new URL(`${node.manta_link}${node.tiles_id}/${p}`, server.baseUrl));
      expect(r.status, p).toBe(200);
      expect(r.headers.get('content-type')).toBe('image/jpeg');
    }
  });

  it('has info hotspots with an image and HTML sections', async () => {
    const [scene] = await get(`/api/site/${DEMO_SITE}/survey/details?floor=1&date=2025-03-14`);
    const [desc] = await get(`/api/site/${DEMO_SITE}/hotspot/details?tilesId=${scene.survey_node.tiles_id}`);
    expect(server.ctx.blobs.keyOfUrl(desc.header.main_img_url)).toMatch(/^hotspots\/.+\.jpg$/);
    expect(desc.contents.map((c: any) => c.title)).toEqual([desc.header.label_title, 'Equipment', 'Photo']);
    expect(desc.contents[2].content).toContain('<img');
  });

  it('has floor plans, a site map with one disabled pin, documents and an about text', async () => {
    const plan = await get(`/api/site/${DEMO_SITE}/minimap/details?floor=1`);
    expect([plan.img_width, plan.img_height]).toEqual([1600, 1200]);
    expect((await fetch(new URL(plan.image_large_url, server.baseUrl))).status).toBe(200);
    expect(server.ctx.blobs.keyOfUrl((await get('/api/site-map/default')).image_url)).toMatch(/^sitemaps\//);
    const pins = await get('/api/map-pins');
    expect(pins.map((p: any) => [p.name, p.enabled])).toEqual(
      expect.arrayContaining([
        ['Demo Farm', true],
        ['North Depot', false],
        ['Visitor Centre', true],
      ]),
    );
    const root = await get(`/api/site/${DEMO_SITE}/directories/root`);
    expect(root.subdirectories).toHaveLength(2);
    expect(root.files).toHaveLength(1);
    expect((await get(`/api/site/${DEMO_SITE}/about`)).info).toContain('About the Demo Farm');
  });
});
