// Upload of the real Marzipano Tool export over HTTP, then reading it back as the viewer does: scenes, hotspots,
// rows in the database, and every tile served as an immutable JPEG.
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import JSZip from 'jszip';
import { startServer, fetchJson, type TestServer } from './helpers/server.ts';
import { uploadScenes } from './helpers/upload.ts';
import { missingFixtures, marzipanoExport } from './helpers/fixtures.ts';
import { exportZip, positionsCsv, defaultScenes } from './helpers/exportBuilder.ts';
import { siteFiles, totalBytes } from '../../src/offline/fileSet.ts';
import type { OfflineSizes } from '../../contract/api.ts';
import { storedKeys, tableCounts } from './helpers/snapshot.ts';

const skip = missingFixtures(marzipanoExport.zip, marzipanoExport.csv);
if (skip) console.log(`ingest fixture tests: ${skip}`);

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.close();
});

describe.skipIf(!!skip)('upload of the real export (prism_new_field)', () => {
  let site: string;
  let upload: Awaited<ReturnType<typeof uploadScenes>>;

  beforeAll(async () => {
    upload = await uploadScenes(server.baseUrl, 'new-site', -1, {
      zip: fs.readFileSync(marzipanoExport.zip),
      csv: fs.readFileSync(marzipanoExport.csv),
      mode: 'addNewSite',
      siteName: 'Prism New Field',
    });
    site = upload.body.payload?.site;
  });

  it('answers with the new site, the floor, the scene count and the survey', () => {
    expect(upload.status).toBe(200);
    expect(upload.body.success).toBe(true);
    expect(upload.body.payload).toMatchObject({ site: 'prism-new-field', floor: 0, scenes: 2 });
    expect(upload.body.payload.surveys).toHaveLength(1);
  });

  it('serves both scenes of 4 Feb 2024 with levels, face size, initial view, hotspots and manta_link', async () => {
    const { status, body } = await fetchJson(
      `${server.baseUrl}/api/site/${site}/survey/details?floor=0&date=2024-02-04`,
    );
    expect(status).toBe(200);
    const scenes = body.payload as any[];
    expect(scenes.map((s) => s.survey_node.tiles_name)).toEqual(['prism_uat_newfield1', 'prism_uat_newfield2']);
    expect(scenes.map((s) => s.survey_node.title)).toEqual(['prism_uat_fieldfront', 'prism_uat_fieldback']);
    const [a, b] = scenes.map((s) => s.survey_node);
    for (const n of [a, b]) {
      expect(n.levels).toEqual([
        { tileSize: 256, size: 256, fallbackOnly: true },
        { tileSize: 512, size: 512 },
        { tileSize: 512, size: 1024 },
      ]);
      expect(n.face_size).toBe(1000);
      expect(n.initial_parameters).toEqual({ yaw: 0, pitch: 0, fov: 1.5707963267948966 });
      expect(n.manta_link).toBe(server.ctx.blobs.url('tiles/'));
      expect(n.tiles_id).toMatch(/^prism-uat-newfield[12]-[0-9a-f]+$/);
    }
    expect(a.tiles_id).not.toBe(b.tiles_id);
    expect(a.link_hotspots).toEqual([{ yaw: 0.7983597499999533, pitch: 0, rotation: 0, target: b.tiles_id }]);
    expect(b.link_hotspots).toEqual([
      { yaw: 0.4542772475613379, pitch: 0.4142134236443269, rotation: 0, target: a.tiles_id },
    ]);
    expect(a.info_hotspots.map((h: any) => [h.title, h.yaw, h.pitch])).toEqual([
      ['test', 0.7983597499999533, 0],
      ['test', 1.4350435962661763, -0.21685035476755132],
    ]);
    expect(b.info_hotspots.map((h: any) => [h.title, h.yaw, h.pitch])).toEqual([
      ['test', 0.7064847083128711, 0.1812115694791121],
    ]);
    expect(scenes.map((s) => [s.date, s.survey_name, s.floor, s.minimap_node.node_number])).toEqual([
      ['2024-02-04', 'prism_new_field', 0, 0],
      ['2024-02-04', 'prism_new_field', 0, 1],
    ]);
  });

  it('stores minimap nodes, floor, empty minimap, hotspot descriptions and initial settings', async () => {
    const db = server.ctx.db;
    const nodes = await db
      .selectFrom('minimap_nodes')
      .selectAll()
      .where('site', '=', site)
      .orderBy('node_number')
      .execute();
    expect(nodes.map((n) => [n.x, n.y, n.x_scale, n.y_scale, n.rotation, n.floor])).toEqual([
      [20, 30, 1, 1, 0, 0],
      [21, 31, 1, 1, 0, 0],
    ]);
    expect(await db.selectFrom('floors').selectAll().where('site', '=', site).execute()).toEqual([
      { site, floor: 0, floor_name: 'Floor 0', floor_tag: '0' },
    ]);
    expect(await db.selectFrom('minimaps').selectAll().where('site', '=', site).execute()).toEqual([
      {
        site,
        floor: 0,
        image: '',
        image_url: '',
        image_large_url: '',
        x_pixel_offset: 0,
        y_pixel_offset: 0,
        x_scale: 1,
        y_scale: 1,
        img_width: 0,
        img_height: 0,
        xy_flipped: 0,
        version: 0,
      },
    ]);
    const descriptions = await db.selectFrom('hotspot_descriptions').selectAll().where('site', '=', site).execute();
    expect(descriptions).toHaveLength(3);
    for (const d of descriptions) {
      expect(JSON.parse(d.header)).toEqual({ main_img_url: '', label_title: 'test' });
      expect(JSON.parse(d.contents)).toEqual([{ title: 'test', content: 'Text' }]);
    }
    const details = (await fetchJson(`${server.baseUrl}/api/site/${site}/survey/details?floor=0`)).body
      .payload as any[];
    const infoIds = details
      .flatMap((s) => s.survey_node.info_hotspots.map((h: any) => `${s.survey_node.tiles_id}|${h.info_id}`))
      .sort();
    expect(descriptions.map((d) => `${d.tiles_id}|${d.info_id}`).sort()).toEqual(infoIds);

    const settings = (await fetchJson(`${server.baseUrl}/api/site/${site}/settings`)).body.payload;
    expect(settings.initial_settings).toMatchObject({
      date: '2024-02-04',
      pano_id: details[0].survey_node.tiles_id,
      floor: 0,
    });
    expect(settings.num_floors).toBe(1);
    expect(settings.display.title).toBe('Prism New Field');
  });

  it('serves every tile and preview.jpg under manta_link: JPEG, immutable, with an ETag, byte for byte', async () => {
    const zip = await JSZip.loadAsync(fs.readFileSync(marzipanoExport.zip));
    const details = (await fetchJson(`${server.baseUrl}/api/site/${site}/survey/details?floor=0&date=2024-02-04`)).body
      .payload as any[];
    let fetched = 0;
    for (const s of details) {
      const n = s.survey_node;
      const folder = `app-files/tiles/${n.tiles_name === 'prism_uat_newfield1' ? '0' : '1'}-${n.tiles_name}`;
      const paths = ['preview.jpg'];
      n.levels.forEach((l: any, z: number) => {
        if (z === 0) return;
        const per = Math.ceil(l.size / l.tileSize);
        for (const f of ['b', 'd', 'f', 'l', 'r', 'u'])
          for (let y = 0; y < per; y++) for (let x = 0; x < per; x++) paths.push(`${z}/${f}/${y}/${x}.jpg`);
      });
      for (const p of paths) {
        const res = await fetch(new URL(`${n.manta_link}${n.tiles_id}/${p}`, server.baseUrl));
        expect(res.status, p).toBe(200);
        expect(res.headers.get('content-type')).toBe('image/jpeg');
        const cc = res.headers.get('cache-control') ?? '';
        expect(cc).toMatch(/immutable/);
        expect(Number(/max-age=(\d+)/.exec(cc)?.[1])).toBeGreaterThanOrEqual(30 * 86400);
        expect(res.headers.get('etag')).toBeTruthy();
        const body = Buffer.from(await res.arrayBuffer());
        const original = await zip.file(`${folder}/${p}`)!.async('nodebuffer');
        expect(body.equals(original), p).toBe(true);
        fetched++;
      }
    }
    expect(fetched).toBe(2 * (1 + 6 + 24));
  });

  it("weighs what a 1920x1080 kiosk keeps offline: the listing's bytes are the export's, file for file", async () => {
    const zip = await JSZip.loadAsync(fs.readFileSync(marzipanoExport.zip));
    const base = `${server.baseUrl}/api/site/${site}`;
    const details = (await fetchJson(`${base}/survey/details?floor=0&date=2024-02-04`)).body.payload as any[];
    const sizes = (await fetchJson(`${base}/offline/sizes`)).body.payload as OfflineSizes;
    const scenes = details.map(({ survey_node: n }) => ({
      tilesId: n.tiles_id,
      mantaLink: n.manta_link,
      levels: n.levels,
      tileFormat: n.tile_format,
      fov: n.initial_parameters.fov,
    }));
    const files = siteFiles(scenes, { width: 1920, height: 1080, dpr: 1 }, false, sizes);
    // The export's own bytes of the same files (previews and tiles), by the address the kiosk asks.
    let exported = 0;
    for (const f of files) {
      const n = details.find((d) => f.url.includes(d.survey_node.tiles_id))!.survey_node;
      const folder = `app-files/tiles/${n.tiles_name === 'prism_uat_newfield1' ? '0' : '1'}-${n.tiles_name}`;
      const rest = f.url.slice(f.url.indexOf(n.tiles_id) + n.tiles_id.length + 1);
      exported += (await zip.file(`${folder}/${rest}`)!.async('nodebuffer')).length;
    }
    const total = totalBytes(files);
    console.log(`prism_new_field offline at 1920x1080: ${files.length} files, ${(total / 1e6).toFixed(2)} MB`);
    expect(Math.round(total)).toBe(exported);
    expect(files.length).toBeGreaterThan(2);
  });

  it('stores only tiles and previews (no index.html, vendor/ or img/)', async () => {
    const files = await storedKeys(server.ctx);
    expect(files.filter((f) => /\.(png|html|js|css)$/.test(f))).toEqual([]);
  });
});

describe('uploads built in the test', () => {
  it('accepts the CSV as a text field, with BOM, quotes, ISO dates, survey_name and floor -1 on a site with no floors', async () => {
    const csv =
      '\uFEFFtitle,fileName,x,y,date,floor,survey_name\r\n"Hall, north",hall_a,1.5,2,2023-12-01,,"Survey; winter"\r\n"Hall ""B""",hall_b,3,4,01/12/2023,,"Survey; winter"\r\n';
    const res = await uploadScenes(server.baseUrl, 'farm-one', -1, {
      zip: await exportZip(),
      csv,
      csvAsField: true,
      mode: 'addScene',
    });
    expect(res.status).toBe(200);
    expect(res.body.payload).toMatchObject({ site: 'farm-one', floor: 0, scenes: 2 });
    const scenes = (await fetchJson(`${server.baseUrl}/api/site/farm-one/survey/details?floor=0&date=2023-12-01`)).body
      .payload as any[];
    expect(scenes.map((s) => [s.survey_node.title, s.survey_name])).toEqual([
      ['Hall, north', 'Survey; winter'],
      ['Hall "B"', 'Survey; winter'],
    ]);
    const desc = await server.ctx.db
      .selectFrom('hotspot_descriptions')
      .selectAll()
      .where('site', '=', 'farm-one')
      .execute();
    // Texts holding ';' arrive whole, HTML as written (the client sanitises it).
    expect(desc.map((d) => JSON.parse(d.contents)[0])).toEqual([
      { title: 'Info; hall_a', content: '<p>Tank; <b>valve</b></p>' },
      { title: 'Info; hall_b', content: '<p>Tank; <b>valve</b></p>' },
    ]);
    expect(await server.ctx.db.selectFrom('floors').selectAll().where('site', '=', 'farm-one').execute()).toEqual([
      { site: 'farm-one', floor: 0, floor_name: 'Floor 0', floor_tag: '0' },
    ]);
  });

  it('reads a CSV saved by Excel in Windows-1252 (accents intact)', async () => {
    const scenes = [{ id: '0-cafe', name: 'cafe' }];
    const csv = Buffer.from('title,fileName,x,y,date,floor\r\nCaf\xe9 entr\xe9e,cafe,1,2,07/07/2022,0\r\n', 'latin1');
    const res = await uploadScenes(server.baseUrl, 'x', 0, {
      zip: await exportZip({ scenes }),
      csv,
      mode: 'addNewSite',
      siteName: 'Café',
    });
    expect(res.status).toBe(200);
    const scene = (await fetchJson(`${server.baseUrl}/api/site/${res.body.payload.site}/survey/details?floor=0`)).body
      .payload[0];
    expect(scene.survey_node.title).toBe('Café entrée');
  });

  it('adds a second survey date and another floor to an existing site without touching the first', async () => {
    const before = await tableCounts(server.ctx);
    const scenes = [{ id: '0-loft', name: 'loft' }];
    const csv = 'title,fileName,x,y,date,floor\nLoft,loft,5,6,02/01/2024,1\n';
    const res = await uploadScenes(server.baseUrl, 'farm-one', 0, {
      zip: await exportZip({ scenes, name: 'Upper floor' }),
      csv,
      mode: 'addScene',
    });
    expect(res.status).toBe(200);
    const after = await tableCounts(server.ctx);
    expect(after.surveys - before.surveys).toBe(1);
    expect(after.survey_nodes - before.survey_nodes).toBe(1);
    expect(after.floors - before.floors).toBe(1);
    expect(after.minimaps - before.minimaps).toBe(1);
    expect(after.sites).toBe(before.sites);
    const dates = (await fetchJson(`${server.baseUrl}/api/site/farm-one/survey/details/compact`)).body.payload;
    expect(dates).toEqual([
      { date: '2024-01-02', survey_name: 'Upper floor' },
      { date: '2023-12-01', survey_name: 'Survey; winter' },
    ]);
    const settings = (await fetchJson(`${server.baseUrl}/api/site/farm-one/settings`)).body.payload;
    expect(settings.num_floors).toBe(2);
    expect(settings.initial_settings.date).toBe('2023-12-01'); // kept: it was already set
  });

  it('gives a second upload of the same export new tile keys (immutable media)', async () => {
    const a = await uploadScenes(server.baseUrl, 'x', 0, {
      zip: await exportZip(),
      csv: positionsCsv(),
      mode: 'addNewSite',
      siteName: 'Twin',
    });
    const b = await uploadScenes(server.baseUrl, 'x', 0, {
      zip: await exportZip(),
      csv: positionsCsv(),
      mode: 'addNewSite',
      siteName: 'Twin',
    });
    expect([a.status, b.status]).toEqual([200, 200]);
    expect([a.body.payload.site, b.body.payload.site]).toEqual(['twin', 'twin-2']);
    const ids = async (site: string) =>
      ((await fetchJson(`${server.baseUrl}/api/site/${site}/survey/details?floor=0`)).body.payload as any[]).map(
        (s) => s.survey_node.tiles_id,
      );
    const [ia, ib] = [await ids('twin'), await ids('twin-2')];
    expect(ia).toHaveLength(defaultScenes.length);
    expect(ia.filter((id) => ib.includes(id))).toEqual([]);
  });
});
