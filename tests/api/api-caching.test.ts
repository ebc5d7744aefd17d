// API reads go out compressed (brotli or gzip, as the caller accepts) with a weak ETag and
// `Cache-Control: private, no-cache`, and a matching If-None-Match gets a bodiless 304; media keep their own
// immutable caching and are not re-encoded; writes and failures carry no validator.
import zlib from 'node:zlib';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './helpers/server.ts';
import { jpeg, seedSite } from './resources-helpers.ts';
import { s3Testing } from './helpers/s3.ts';

let s: TestServer;

/** node:http, so the body arrives as sent (fetch would decode it). */
function get(
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(`${s.baseUrl}${path}`, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

const DETAILS = '/api/site/farm/survey/details?floor=0&date=2024-03-05';

beforeAll(async () => {
  s = await startServer();
  await seedSite(s.ctx, 'farm');
});
afterAll(async () => {
  await s?.close();
});

describe('API reads', () => {
  it('are compressed as the caller accepts, and decode to the plain answer', async () => {
    const plain = await get(DETAILS);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);
    const br = await get(DETAILS, { 'accept-encoding': 'br, gzip' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.body.length).toBeLessThan(plain.body.length / 2);
    expect(zlib.brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
    const gz = await get(DETAILS, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.body).equals(plain.body)).toBe(true);
  });

  it('carry one weak ETag whatever the encoding, private no-cache, and answer a current copy with a bodiless 304', async () => {
    const plain = await get(DETAILS);
    const etag = plain.headers.etag!;
    expect(etag).toMatch(/^W\/"[A-Za-z0-9_-]+"$/);
    expect(plain.headers['cache-control']).toBe('private, no-cache');
    expect((await get(DETAILS, { 'accept-encoding': 'br' })).headers.etag).toBe(etag);
    for (const inm of [etag, etag.slice(2), `"other", ${etag}`, '*']) {
      const again = await get(DETAILS, { 'if-none-match': inm, 'accept-encoding': 'br' });
      expect(again.status, inm).toBe(304);
      expect(again.body.length, inm).toBe(0);
      expect(again.headers.etag, inm).toBe(etag);
    }
    expect((await get(DETAILS, { 'if-none-match': '"other"' })).status).toBe(200);
    // The user info answers about the caller: private as well.
    expect((await get('/api/login/user/info')).headers['cache-control']).toBe('private, no-cache');
  });

  it('a change gives a new ETag, so the old copy is not reused', async () => {
    const before = (await get('/api/site/farm/settings')).headers.etag!;
    const patch = await fetch(`${s.baseUrl}/api/site/farm/settings`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ display: { title: 'Changed' } }),
    });
    expect(patch.status).toBe(200);
    expect(patch.headers.get('etag')).toBeNull();
    const after = await get('/api/site/farm/settings', { 'if-none-match': before });
    expect(after.status).toBe(200);
    expect(after.headers.etag).not.toBe(before);
  });

  it('failures carry no validator', async () => {
    const missing = await get('/api/site/nowhere/settings');
    expect(missing.status).toBe(404);
    expect(missing.headers.etag).toBeUndefined();
  });
});

// With S3_TEST=1 the media are the bucket's (or its CDN's) to cache: only our own /media route is checked here.
describe.skipIf(s3Testing())('media', () => {
  it('stay immutable with their own ETag, and pictures are not re-encoded', async () => {
    const url = await s.ctx.blobs.put('caching/picture.jpg', await jpeg(64, 64));
    const img = await get(url, { 'accept-encoding': 'br, gzip' });
    expect(img.status).toBe(200);
    expect(img.headers['cache-control']).toMatch(/immutable/);
    expect(img.headers['content-encoding']).toBeUndefined();
    const again = await get(url, { 'if-none-match': img.headers.etag! });
    expect(again.status).toBe(304);
    expect(again.headers['cache-control']).toMatch(/immutable/);
  });
});
