// /api/docs/json documents every call of the API with the right method, also the ones only the client's code names
// (site-map list, pin coordinates); every operation has tags, a summary and a 200 schema.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, fetchJson, type TestServer } from './helpers/server.ts';

/** The API, call by call (OpenAPI path syntax). */
const SPEC_CALLS = [
  'GET /api/login/user/info',
  'GET /api/user/type',
  'GET /api/site/{site}/survey/details',
  'GET /api/site/{site}/exists',
  'GET /api/site/{site}/{floor}/exists',
  'GET /api/site/{site}/{floor}/survey/minimapSingleSite',
  'GET /api/site/{site}/emptyFloors',
  'PATCH /api/node/coords/{id}',
  'PATCH /api/node/rotation/{id}',
  'GET /api/site/{site}/survey/details/compact',
  'GET /api/site/{site}/hotspot/details',
  'GET /api/site/{site}/minimap/details',
  'GET /api/site/{site}/minimap/floors',
  'POST /api/site/{site}/minimap/newFloor/{n}',
  'PATCH /api/site/{site}/sitemap',
  'POST /api/site/{site}/minimap',
  'POST /api/site/{site}/{floor}/addScenes',
  'POST /api/site/{site}/{floor}/addPhotos',
  'GET /api/files/details',
  'GET /api/site/{site}/files',
  'GET /api/directories/details',
  'GET /api/site/{site}/directories/root',
  'GET /api/site/{site}/directories/details',
  'POST /api/documentation/{site}',
  'GET /api/site/{site}/about',
  'GET /api/site/{site}/settings',
  'GET /api/settings',
  'GET /api/sites',
  'GET /api/map-pins',
  'POST /api/map-pins',
  'PATCH /api/map-pins/{id}',
  'DELETE /api/map-pins/{id}',
  'POST /api/map-pins/preview',
  'GET /api/site-map/{name}',
  'POST /api/create-site-map',
];
/** Calls the client needs beyond those. */
const EXTRA_CALLS = [
  'PATCH /api/map-pins/{id}/coords',
  'GET /api/site-maps',
  'PUT /api/site/{site}/about',
  'GET /api/site/{site}/survey/floors',
  'GET /api/site/{site}/surveys',
];

let s: TestServer;
let doc: any;
beforeAll(async () => {
  s = await startServer();
  const res = await fetchJson(`${s.baseUrl}/api/docs/json`);
  expect(res.status).toBe(200);
  doc = res.body;
});
afterAll(async () => {
  await s?.close();
});

const documented = () =>
  Object.entries<Record<string, any>>(doc.paths).flatMap(([p, ops]) =>
    Object.keys(ops).map((m) => `${m.toUpperCase()} ${p}`),
  );

describe('OpenAPI document', () => {
  it('lists every call of the API with its method', () => {
    const have = new Set(documented());
    expect(SPEC_CALLS.filter((c) => !have.has(c))).toEqual([]);
  });

  it('lists the unnamed calls the client makes', () => {
    const have = new Set(documented());
    expect(EXTRA_CALLS.filter((c) => !have.has(c))).toEqual([]);
  });

  it('gives every operation tags, a summary and a 200 answer schema', () => {
    const lacking: string[] = [];
    for (const [p, ops] of Object.entries<Record<string, any>>(doc.paths)) {
      for (const [m, op] of Object.entries<any>(ops)) {
        if (!op.tags?.length || !op.summary || !op.responses?.['200']?.content?.['application/json']?.schema)
          lacking.push(`${m.toUpperCase()} ${p}`);
      }
    }
    expect(lacking).toEqual([]);
  });

  it('lists the refusals of every operation with the failure envelope', () => {
    const lacking: string[] = [];
    const refusalsOf = (op: any) => Object.keys(op.responses ?? {}).filter((c) => c.startsWith('4') || c === '503');
    for (const [p, ops] of Object.entries<Record<string, any>>(doc.paths)) {
      for (const [m, op] of Object.entries<any>(ops)) {
        const need = [
          '400',
          '503',
          ...(op.security?.length ? ['401', '403'] : []),
          ...(m === 'get' ? [] : ['403', '409', '413']),
        ];
        const missing = need.filter((c) => !refusalsOf(op).includes(c));
        const bad = refusalsOf(op).filter((c) => {
          const schema = op.responses[c].content?.['application/json']?.schema;
          return !schema?.properties?.success || !schema.required?.includes('message');
        });
        if (missing.length || bad.length)
          lacking.push(`${m.toUpperCase()} ${p}: missing ${missing.join(',')} malformed ${bad.join(',')}`);
      }
    }
    expect(lacking).toEqual([]);
    expect(Object.keys(doc.paths['/api/login'].post.responses)).toEqual(expect.arrayContaining(['401', '429']));
    expect(Object.keys(doc.paths['/api/users/{id}'].delete.responses)).toContain('404');
    expect(Object.keys(doc.paths['/api/site/{site}/settings'].get.responses)).toContain('404');
  });

  it('describes the pin body with its required fields', () => {
    const schema = doc.paths['/api/map-pins'].post.requestBody.content['application/json'].schema;
    expect(schema.required).toEqual(expect.arrayContaining(['x', 'y', 'icon', 'name']));
    expect(schema.properties.icon.enum).toEqual(['learn', 'shop', 'farm', 'pig', 'animal', 'truck', 'plus']);
  });
});
