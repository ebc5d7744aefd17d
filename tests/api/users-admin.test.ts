// Accounts managed by a superAdmin, over HTTP and with the user:* commands on the same database: create, list,
// change roles, sites and password (the account's sessions end), remove; the last superAdmin is kept; bounds.
import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './helpers/server.ts';
import { jsonInit } from './resources-helpers.ts';
import { addUser } from '../../server/services/users.ts';
import { repoRoot } from './helpers/fixtures.ts';

const PASSWORD = 'correct horse battery';
let s: TestServer;
let admin = '';

async function signIn(username: string, password = PASSWORD): Promise<string> {
  const res = await fetch(`${s.baseUrl}/api/login`, jsonInit('POST', { username, password }));
  expect(res.status, username).toBe(200);
  return (res.headers.get('set-cookie') ?? '').split(';')[0];
}
const call = async (method: string, path: string, body?: unknown, cookie = admin) => {
  const res = await fetch(
    `${s.baseUrl}/api${path}`,
    body === undefined ? { method, headers: { cookie } } : jsonInit(method, body, { cookie }),
  );
  return { status: res.status, body: await res.json() };
};
const whoAmI = async (cookie: string) => (await call('GET', '/login/user/info', undefined, cookie)).body.payload;

beforeAll(async () => {
  s = await startServer({ USE_SSO: 'true' });
  await addUser(s.ctx.db, 'root', PASSWORD, ['superAdmin']);
  admin = await signIn('root');
});
afterAll(async () => s?.close());

describe('accounts over HTTP', () => {
  it("a superAdmin creates, lists, changes and removes accounts; changes end the account's sessions", async () => {
    const created = await call('POST', '/users', {
      username: 'pat',
      password: PASSWORD,
      roles: ['projectAdmin'],
      sites: ['farm'],
    });
    expect(created.status).toBe(200);
    expect(created.body.payload).toMatchObject({ username: 'pat', roles: ['projectAdmin'], sites: ['farm'] });
    const id = created.body.payload.id;
    expect((await call('GET', '/users')).body.payload.map((u: any) => u.username)).toEqual(['pat', 'root']);
    expect((await call('POST', '/users', { username: 'pat', password: PASSWORD, roles: ['guest'] })).status).toBe(409);

    const pat = await signIn('pat');
    expect((await whoAmI(pat)).sites).toEqual(['farm']);
    expect((await call('PUT', `/users/${id}`, { sites: ['farm', 'mill'] })).body.payload.sites).toEqual([
      'farm',
      'mill',
    ]);
    expect((await whoAmI(pat)).username).toBeNull();

    const pat2 = await signIn('pat');
    expect((await call('PUT', `/users/${id}`, { password: 'a new password here' })).status).toBe(200);
    expect((await whoAmI(pat2)).username).toBeNull();
    expect(
      (await fetch(`${s.baseUrl}/api/login`, jsonInit('POST', { username: 'pat', password: PASSWORD }))).status,
    ).toBe(401);
    const pat3 = await signIn('pat', 'a new password here');

    expect((await call('DELETE', `/users/${id}`)).status).toBe(200);
    expect((await whoAmI(pat3)).username).toBeNull();
    expect((await call('GET', '/users')).body.payload.map((u: any) => u.username)).toEqual(['root']);
  });

  it('keeps the last superAdmin and refuses others and bounds with a sentence', async () => {
    const root = (await call('GET', '/users')).body.payload.find((u: any) => u.username === 'root');
    expect(await call('DELETE', `/users/${root.id}`)).toMatchObject({
      status: 409,
      body: { message: 'There must be at least one superAdmin: make another account superAdmin first.' },
    });
    expect((await call('PUT', `/users/${root.id}`, { roles: ['guest'] })).status).toBe(409);
    expect(
      (await call('POST', '/users', { username: 'x'.repeat(65), password: PASSWORD, roles: ['guest'] })).status,
    ).toBe(400);
    expect(
      (await call('POST', '/users', { username: 'short', password: 'short', roles: ['guest'] })).body.message,
    ).toMatch(/at least 8 characters/);
    expect(
      (await call('POST', '/users', { username: 'bad', password: PASSWORD, roles: ['guest'], sites: ['../etc'] })).body
        .message,
    ).toMatch(/is not a site id/);
    expect((await call('PUT', '/users/nope', { roles: ['guest'] })).status).toBe(404);
    await addUser(s.ctx.db, 'gina', PASSWORD, ['projectAdmin'], ['farm']);
    const gina = await signIn('gina');
    expect((await call('GET', '/users', undefined, gina)).status).toBe(403);
    expect(
      (await call('POST', '/users', { username: 'evil', password: PASSWORD, roles: ['superAdmin'] }, gina)).status,
    ).toBe(403);
    expect((await call('GET', '/users', undefined, '')).status).toBe(401);
  });
});

describe('the user:* commands', () => {
  const run = (script: string, ...args: string[]) =>
    spawnSync(process.execPath, ['--import', 'tsx', `server/cli/${script}.ts`, ...args], {
      cwd: repoRoot,
      encoding: 'utf8',
      env: { ...process.env, DATA_DIR: s.dataDir, DATABASE_URL: s.databaseUrl ?? '', LOG_LEVEL: 'error' },
    });

  it("add, list, set sites and remove on the server's own database", () => {
    expect(run('user-add', 'cli-user', PASSWORD, 'projectAdmin', 'farm').status).toBe(0);
    let list = run('user-list');
    expect(list.status).toBe(0);
    expect(list.stdout).toMatch(/^cli-user\s+projectAdmin\s+farm$/m);
    expect(list.stdout).toMatch(/^root\s+superAdmin\s+\(all\)$/m);
    expect(run('user-sites', 'cli-user', '--add', 'mill').stdout).toContain('User cli-user administers: farm, mill.');
    expect(run('user-sites', 'cli-user', '--remove', 'farm').stdout).toContain('administers: mill.');
    expect(run('user-remove', 'cli-user').status).toBe(0);
    list = run('user-list');
    expect(list.stdout).not.toContain('cli-user');
    const missing = run('user-remove', 'nobody');
    expect(missing.status).toBe(1);
    expect(missing.stderr).toContain('There is no user "nobody".');
    const usage = run('user-sites');
    expect(usage.status).toBe(2);
    expect(usage.stderr).toContain('same DATA_DIR');
  });
});
