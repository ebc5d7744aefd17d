// DNS rebinding on a default install (USE_SSO=false, no ALLOWED_HOSTS): a hostile page whose own name points at our
// address must not be able to change anything. Writes are accepted for loopback, IP addresses, the machine's own
// names and PUBLIC_URL's host; reads stay open to every name.
import os from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './helpers/server.ts';
import { rawRequest } from './helpers/rawHttp.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startServer({ PUBLIC_URL: 'https://survey.example.org/' });
});
afterAll(async () => s?.close());

const port = () => new URL(s.baseUrl).port;
/** A write addressed to `host`, sent from a page of that same name (as a rebinding page's requests are). */
function write(method: string, path: string, host: string, body: unknown) {
  return rawRequest(
    s.baseUrl,
    method,
    path,
    { host, origin: `http://${host}`, 'content-type': 'application/json' },
    JSON.stringify(body),
  );
}
const settingsPatch = { singleSiteSettings: { siteTitle: 'Rebound' } };
const newAdmin = (n: number) => ({ username: `mallory${n}`, password: 'a long password 1', roles: ['superAdmin'] });

describe('writes on a default install', () => {
  it('are refused when addressed to a name that is not ours (DNS rebinding)', async () => {
    for (const host of [
      'rebind.evil.example',
      `rebind.evil.example:${port()}`,
      'localhost.evil.example',
      '127.0.0.1.nip.io',
    ]) {
      const patch = await write('PATCH', '/api/settings', host, settingsPatch);
      expect(patch.status, host).toBe(403);
      expect(JSON.parse(patch.body).message).toContain(`addressed to "${host}"`);
      expect((await write('POST', '/api/users', host, newAdmin(1))).status, host).toBe(403);
    }
    const users = await s.ctx.db.selectFrom('users').select('username').execute();
    expect(users.map((u) => u.username)).not.toContain('mallory1');
    // Public reads stay open to any name; what only administrators may read (the accounts) does not.
    expect((await rawRequest(s.baseUrl, 'GET', '/api/settings', { host: 'rebind.evil.example' })).status).toBe(200);
    expect((await rawRequest(s.baseUrl, 'GET', '/api/users', { host: 'rebind.evil.example' })).status).toBe(401);
    expect((await rawRequest(s.baseUrl, 'GET', '/api/users', { host: `localhost:${port()}` })).status).toBe(200);
  });

  it("are accepted for loopback, addresses, the machine's names and PUBLIC_URL's host", async () => {
    const ours = [
      `127.0.0.1:${port()}`,
      `localhost:${port()}`,
      'LocalHost',
      `app.localhost:${port()}`,
      `[::1]:${port()}`,
      '192.0.2.44:8080',
      os.hostname(),
      'survey.example.org',
      'Survey.Example.org:443',
    ];
    let n = 10;
    for (const host of ours) {
      expect((await write('PATCH', '/api/settings', host, settingsPatch)).status, host).toBe(200);
      expect((await write('POST', '/api/users', host, newAdmin(++n))).status, host).toBe(200);
    }
  });
});
