// Sign-in answers the user's roles; the session cookie is http-only and SameSite; sign-out ends it.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startServer, type TestServer } from './helpers/server.ts';
import { addUser } from '../../server/services/users.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer({ USE_SSO: 'true' });
  await addUser(server.ctx.db, 'ada', 'correct horse', ['projectAdmin'], ['farm']);
});
afterAll(async () => {
  await server?.close();
});

const post = (path: string, body: unknown, cookie = '') =>
  fetch(server.baseUrl + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });

it('refuses a wrong password with a message', async () => {
  const r = await post('/api/login', { username: 'ada', password: 'wrong password' });
  expect(r.status).toBe(401);
  expect(await r.json()).toEqual({ success: false, message: 'Wrong user name or password.' });
});

it('signs a projectAdmin in as an administrator and out again', async () => {
  const r = await post('/api/login', { username: 'ada', password: 'correct horse' });
  expect(r.status).toBe(200);
  expect((await r.json()).payload).toEqual({ username: 'ada', role: ['projectAdmin'], isAdmin: true, sites: ['farm'] });
  const setCookie = r.headers.get('set-cookie')!;
  expect(setCookie).toMatch(/HttpOnly/i);
  expect(setCookie).toMatch(/SameSite=Strict/i);
  const cookie = setCookie.split(';')[0];
  const info = await (await fetch(server.baseUrl + '/api/login/user/info', { headers: { cookie } })).json();
  expect(info.payload).toEqual({ username: 'ada', role: ['projectAdmin'], isAdmin: true, sites: ['farm'] });
  expect((await post('/api/logout', {}, cookie)).status).toBe(200);
  const after = await (await fetch(server.baseUrl + '/api/login/user/info', { headers: { cookie } })).json();
  expect(after.payload.isAdmin).toBe(false);
});
