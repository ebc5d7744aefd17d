// Every number and string a route takes has a bound, read from the OpenAPI document the server builds from its
// zod schemas: each number in params, query and JSON bodies has a minimum and a maximum, each string a maximum
// length, each array a maximum count. A new route or field without a bound fails here, not in production.
// Then the bounds are tried over HTTP at their edges: out of range is a 400 with a sentence, never a 500.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './helpers/server.ts';
import { seedSite, jsonInit, type SeededSite } from './resources-helpers.ts';

let s: TestServer;
let doc: any;
let farm: SeededSite;

beforeAll(async () => {
  s = await startServer();
  farm = await seedSite(s.ctx);
  doc = await (await fetch(`${s.baseUrl}/api/docs/json`)).json();
});
afterAll(async () => s?.close());

/** Every leaf of a JSON schema without a bound, named by its path. */
function unbounded(schema: any, where: string, out: string[], depth = 0): void {
  if (!schema || typeof schema !== 'object' || depth > 20) return;
  if (schema.$ref) return unbounded(resolve(schema.$ref), where, out, depth + 1);
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const)
    for (const s of schema[key] ?? []) unbounded(s, where, out, depth + 1);
  const types: string[] = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (types.includes('number') || types.includes('integer')) {
    const lo = schema.minimum ?? schema.exclusiveMinimum,
      hi = schema.maximum ?? schema.exclusiveMaximum;
    if (lo === undefined || hi === undefined)
      out.push(`${where}: number without ${lo === undefined ? 'minimum' : 'maximum'}`);
    // zod's int() states the safe-integer range: no bound for a database column (PostgreSQL integers end at 2^31).
    else if (lo < -(2 ** 31) || hi > 2 ** 31 - 1) out.push(`${where}: number bounded only by ${lo}..${hi}`);
  }
  if (
    types.includes('string') &&
    schema.maxLength === undefined &&
    !schema.enum &&
    schema.const === undefined &&
    !schema.format?.match(/^(date|date-time)$/)
  ) {
    out.push(`${where}: string without maxLength`);
  }
  if (types.includes('array')) {
    if (schema.maxItems === undefined) out.push(`${where}: array without maxItems`);
    unbounded(schema.items, `${where}[]`, out, depth + 1);
  }
  if (types.includes('object') || schema.properties) {
    for (const [k, v] of Object.entries(schema.properties ?? {})) unbounded(v, `${where}.${k}`, out, depth + 1);
    if (schema.additionalProperties && typeof schema.additionalProperties === 'object')
      unbounded(schema.additionalProperties, `${where}.*`, out, depth + 1);
  }
}
function resolve(ref: string): any {
  return ref
    .replace(/^#\//, '')
    .split('/')
    .reduce((o, k) => o?.[k], doc);
}

describe('bounds on every input', () => {
  it('every number, string and array a route accepts has a bound in the OpenAPI document', () => {
    const out: string[] = [];
    let checked = 0;
    for (const [p, ops] of Object.entries<any>(doc.paths)) {
      for (const [method, op] of Object.entries<any>(ops)) {
        for (const prm of op.parameters ?? []) {
          unbounded(prm.schema, `${method.toUpperCase()} ${p} ${prm.in} ${prm.name}`, out);
          checked++;
        }
        const body = op.requestBody?.content?.['application/json']?.schema;
        if (body) {
          unbounded(body, `${method.toUpperCase()} ${p} body`, out);
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(40);
    expect(out).toEqual([]);
  });

  it('answers out-of-range floors, numbers and long strings with a 400 and a sentence, never a 500', async () => {
    const cases: [string, string, unknown?][] = [
      ['GET', `/api/site/${farm.site}/99999999999/exists`],
      ['GET', `/api/site/${farm.site}/201/exists`],
      ['GET', `/api/site/${farm.site}/-2/exists`],
      ['GET', `/api/site/${farm.site}/1e3/exists`],
      ['GET', `/api/site/${farm.site}/survey/details/compact?floor=4294967296`],
      ['GET', `/api/site/${farm.site}/survey/dates?floor=-5`],
      ['GET', `/api/site/${farm.site}/minimap/details?floor=1e400`],
      ['POST', `/api/site/${farm.site}/minimap/newFloor/300`],
      ['PATCH', `/api/site/${farm.site}/settings`, { initial_settings: { floor: 2 ** 40 } }],
      ['PATCH', `/api/site/${farm.site}/settings`, { initial_settings: { yaw: 1e308 } }],
      ['PATCH', `/api/site/${farm.site}/settings`, { display: { title: 'x'.repeat(100_000) } }],
      ['PATCH', `/api/node/coords/${farm.nodeIds[0]}`, { x: 1e308, y: 0, revision: 0 }],
      ['PATCH', `/api/node/rotation/${farm.nodeIds[0]}`, { rotation: -1e308, revision: 0 }],
      ['GET', `/api/site/${'s'.repeat(5000)}/exists`],
      // Real calendar days only, in every date a route takes.
      ['PATCH', `/api/site/${farm.site}/settings`, { initial_settings: { date: '2024-02-31' } }],
      ['PATCH', `/api/site/${farm.site}/settings`, { initial_settings: { date: '0000-01-01' } }],
      ['GET', `/api/site/${farm.site}/survey/details?date=2023-02-29`],
      ['GET', `/api/site/${farm.site}/survey/floors?date=2024-04-31`],
      ['GET', `/api/site/${farm.site}/0/survey/minimapSingleSite?date=0000-01-01`],
    ];
    for (const [method, path, body] of cases) {
      const res = await fetch(`${s.baseUrl}${path}`, body === undefined ? { method } : jsonInit(method, body));
      const text = await res.text();
      expect(res.status, `${method} ${path.slice(0, 120)}: ${text.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
      expect(res.status, `${method} ${path.slice(0, 120)}: ${text.slice(0, 200)}`).toBeLessThan(500);
      expect(JSON.parse(text).message, path).toMatch(/\w+ .*\w/);
    }
  });
});

describe('a JSON body costs the server no more than its size', () => {
  /** Sends `body` to the public sign-in: its status and how long the answer took (the process does nothing else). */
  async function timed(body: string): Promise<{ status: number; ms: number }> {
    const t0 = performance.now();
    const res = await fetch(`${s.baseUrl}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    await res.text();
    return { status: res.status, ms: performance.now() - t0 };
  }

  it('an anonymous body of millions of array items or keys holds the process well under a second or two', async () => {
    const bodies = {
      items: `{"username":"a","password":"b","x":[${Array(2_400_000).fill(0).join(',')}]}`,
      strings: `{"username":"a","password":"b","x":[${Array(1_100_000).fill('"a"').join(',')}]}`,
    };
    for (const [name, body] of Object.entries(bodies)) {
      const { status, ms } = await timed(body);
      expect(status, name).toBeLessThan(500);
      // Before: 6 to 10 s for the items (Object.entries over the array while looking for unstorable text).
      expect(ms, name).toBeLessThan(2000);
    }
  });

  it('a body nested deeper than any route reads is a 400 before it is parsed', async () => {
    const n = 2_000_000;
    for (const [name, body] of [
      ['arrays', `{"username":"a","password":"b","x":${'['.repeat(n)}${']'.repeat(n)}}`],
      ['objects', `{"username":"a","password":"b","x":${'{"a":'.repeat(n / 4)}1${'}'.repeat(n / 4)}}`],
    ]) {
      const { status, ms } = await timed(body);
      expect(status, name).toBe(400);
      // Before: 1.5 to 3 s of JSON.parse for 4 MB of brackets, the process held.
      expect(ms, name).toBeLessThan(600);
    }
    const res = await fetch(
      `${s.baseUrl}/api/login`,
      jsonInit('POST', { username: 'a', password: 'b', x: { a: [[{ b: 1 }]] } }),
    );
    expect(res.status).toBe(401);
    const deep = await fetch(`${s.baseUrl}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: `{"username":"a","password":"b","x":${'['.repeat(65)}${']'.repeat(65)}}`,
    });
    expect((await deep.json()).message).toBe(
      'The request body is nested more than 64 levels deep; no request of this API needs that.',
    );
  });
});
