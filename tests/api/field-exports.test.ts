// Exports as they come from the field, over real HTTP: info hotspots with fields of their own instead of title and
// text, and accented site and scene names.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, fetchJson, type TestServer } from './helpers/server.ts';
import { uploadScenes } from './helpers/upload.ts';
import { appData, dataJsText, exportZip, positionsCsv } from './helpers/exportBuilder.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.close();
});

const scenes = [
  { id: '0-area-comun', name: 'Área Común' },
  { id: '1-lote_12', name: 'lote_12' },
];

describe('an export of lots with fields of their own, named with accents', () => {
  let site: string;
  let nodes: any[];

  beforeAll(async () => {
    const data = appData(scenes);
    data.scenes[1].infoHotspots = [
      { yaw: 0.3, pitch: -0.1, manzana: 'A', lote: 12, estado: 'Vendido', area: '250 m2' },
      { yaw: 0.6, pitch: 0, title: 'Nota', text: '<p>ok</p>', aviso: '<img src=x onerror=alert(1)>' },
    ];
    const up = await uploadScenes(server.baseUrl, 'new-site', -1, {
      zip: await exportZip({ scenes, dataJs: dataJsText(data) }),
      csv: positionsCsv(scenes),
      mode: 'addNewSite',
      siteName: 'Lotización Søndre Straße',
    });
    expect(up.status, up.body.message).toBe(200);
    site = up.body.payload.site;
    const details = await fetchJson(`${server.baseUrl}/api/site/${site}/survey/details?floor=0&date=2024-03-05`);
    nodes = (details.body.payload as any[]).map((s) => s.survey_node);
  });

  it('makes ids of the names with their letters as base letters', () => {
    expect(site).toBe('lotizacion-sondre-strasse');
    expect(nodes[0].tiles_id).toMatch(/^area-comun-[0-9a-f]{12}$/);
  });

  it('names a hotspot without a title by its first field', () => {
    expect(nodes[1].info_hotspots.map((h: any) => h.title)).toEqual(['manzana: A', 'Nota']);
  });

  it('hands out the fields as plain text in data.js order, and nothing for hotspots without any', async () => {
    const lot = nodes[1].tiles_id;
    const res = await fetchJson(
      `${server.baseUrl}/api/site/${site}/hotspot/details?tilesId=${encodeURIComponent(lot)}`,
    );
    expect(res.status).toBe(200);
    const [fieldsOnly, both] = res.body.payload as any[];
    expect(fieldsOnly.header.label_title).toBe('manzana: A');
    expect(fieldsOnly.fields).toEqual([
      { label: 'manzana', value: 'A' },
      { label: 'lote', value: '12' },
      { label: 'estado', value: 'Vendido' },
      { label: 'area', value: '250 m2' },
    ]);
    expect(fieldsOnly.contents).toEqual([]);
    expect(both.fields).toEqual([{ label: 'aviso', value: '<img src=x onerror=alert(1)>' }]);
    expect(both.contents).toEqual([{ title: 'Nota', content: '<p>ok</p>' }]);
    const first = await fetchJson(
      `${server.baseUrl}/api/site/${site}/hotspot/details?tilesId=${encodeURIComponent(nodes[0].tiles_id)}`,
    );
    expect((first.body.payload as any[]).map((d) => d.fields)).toEqual([[]]);
  });
});
