// The one process serves the built client compressed, hashed assets cached for good, HTML revalidated,
// client routes answered with the app, and unknown API paths with the JSON envelope.
import { test, expect } from '@playwright/test';

test('built assets are served precompressed and cached; HTML is revalidated', async ({ request }) => {
  const html = await request.get('/', { headers: { 'accept-encoding': 'br, gzip' } });
  expect(html.status()).toBe(200);
  // The page carries the caller's first-load state (server/bootstrap): private, and revalidated.
  expect(html.headers()['cache-control']).toBe('private, no-cache');
  const script = (await html.text()).match(/src="(\/assets\/[^"]+\.js)"/)?.[1];
  expect(script, 'index.html names its script').toBeTruthy();
  const js = await request.get(script!, { headers: { 'accept-encoding': 'br' } });
  expect(js.status()).toBe(200);
  expect(js.headers()['content-encoding']).toBe('br');
  expect(js.headers()['cache-control']).toContain('immutable');
});

test('client routes get the app; unknown API calls get the envelope', async ({ request }) => {
  const page = await request.get('/site/demo-farm/site');
  expect(page.status()).toBe(200);
  expect(page.headers()['content-type']).toContain('text/html');
  const api = await request.get('/api/no/such/call');
  expect(api.status()).toBe(404);
  expect(await api.json()).toEqual({ success: false, message: 'Not found: GET /api/no/such/call' });
});
