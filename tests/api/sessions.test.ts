// Sign-in and sessions as an attacker would try them: throttling per account and address and per address (in the
// database, 429 with Retry-After) with a progressive delay per account that never locks its owner out, equal work
// for unknown and known names, sessions ended by a password or role change, expired sessions swept, Secure cookies
// behind a trusted TLS proxy only, writes only to ALLOWED_HOSTS, and every page with a CSP that says who may frame it.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, tempDir, type TestServer } from './helpers/server.ts';
import { rawRequest } from './helpers/rawHttp.ts';
import { addUser, signInExternal } from '../../server/services/users.ts';
import { accountDelayMs, sweepSignIns, THROTTLE } from '../../server/services/signInThrottle.ts';

const PASSWORD = 'correct horse battery';
let s: TestServer;
let ip = 0;
/** A sign-in from its own client address (TRUST_PROXY is on, so X-Forwarded-For is believed). */
async function signIn(username: string, password: string, from = `10.0.0.${++ip % 250}`) {
  const res = await fetch(`${s.baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': from },
    body: JSON.stringify({ username, password }),
  });
  return {
    status: res.status,
    body: await res.json(),
    cookie: (res.headers.get('set-cookie') ?? '').split(';')[0],
    retryAfter: res.headers.get('retry-after'),
    setCookie: res.headers.get('set-cookie') ?? '',
  };
}
const clearAttempts = () => s.ctx.db.deleteFrom('login_attempts').execute();

beforeAll(async () => {
  s = await startServer({ USE_SSO: 'true', TRUST_PROXY: 'true' });
  await addUser(s.ctx.db, 'alice', PASSWORD, ['superAdmin']);
  await addUser(s.ctx.db, 'bob', PASSWORD, ['projectAdmin'], ['farm']);
});
afterAll(async () => s?.close());

describe('sign-in throttling', () => {
  it(`refuses an account from one address after ${THROTTLE.perAccountAddress} failures with 429, even with the right password, and only there`, async () => {
    await clearAttempts();
    for (let i = 0; i < THROTTLE.perAccountAddress; i++)
      expect((await signIn('alice', 'wrong password', '198.51.100.1')).status).toBe(401);
    const refused = await signIn('alice', PASSWORD, '198.51.100.1');
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(
      /^Too many failed sign-in attempts for this account from this address\. Try again in 1[45] minutes\.$/,
    );
    expect(Number(refused.retryAfter)).toBeGreaterThan(800);
    expect(refused.cookie).toBe('');
    // The same account from another address, and another account from that address, are not affected.
    expect((await signIn('alice', PASSWORD, '198.51.100.2')).status).toBe(200);
    expect((await signIn('bob', PASSWORD, '198.51.100.1')).status).toBe(200);
  });

  it('never locks the owner out: failures from other addresses slow the account down progressively, then it signs in', async () => {
    // Five wrong passwords from anywhere used to refuse the account to everyone for 15 minutes, again and again.
    await clearAttempts();
    const timed = async (password: string, from: string) => {
      const t0 = performance.now();
      const r = await signIn('alice', password, from);
      return { status: r.status, ms: performance.now() - t0, cookie: r.cookie };
    };
    for (let round = 0; round < 2; round++) {
      const waits: number[] = [];
      const extra = 3;
      for (let i = 0; i < THROTTLE.freePerAccount + extra; i++) {
        const guess = await timed('wrong password', `203.0.113.${round * 50 + i}`);
        expect(guess.status).toBe(401);
        waits.push(guess.ms);
      }
      // The free failures are answered at once; each further one waits twice as long as the one before.
      for (let i = 1; i <= extra; i++)
        expect(waits[THROTTLE.freePerAccount + i - 1]).toBeGreaterThanOrEqual(
          accountDelayMs(THROTTLE.freePerAccount + i - 1) - 20,
        );
      // The free ones are not delayed: judged against the first delayed answer, not against a fixed time, because
      // each answer also checks a password hash, which takes several hundred ms on a loaded machine.
      const free = waits.slice(0, THROTTLE.freePerAccount).sort((x, y) => x - y);
      expect(free[Math.floor(free.length / 2)] + THROTTLE.firstDelayMs / 2).toBeLessThan(
        waits[THROTTLE.freePerAccount],
      );
      const owner = await timed(PASSWORD, '192.0.2.200');
      expect(owner.status).toBe(200);
      expect(owner.cookie).toMatch(/^sid=/);
      const expected = accountDelayMs(THROTTLE.freePerAccount + extra);
      expect(owner.ms).toBeGreaterThanOrEqual(expected - 20);
      // Not the next step's delay: half-way to it, beyond what a free answer takes here (the hash's time under load).
      const nextStep = accountDelayMs(THROTTLE.freePerAccount + extra + 1);
      expect(owner.ms - free[Math.floor(free.length / 2)]).toBeLessThan((expected + nextStep) / 2);
    }
    // A success ends the delay.
    expect((await timed(PASSWORD, '192.0.2.200')).ms).toBeLessThan(THROTTLE.firstDelayMs);
    // However many failures the account has, the delay stays bounded.
    expect(accountDelayMs(10_000)).toBe(THROTTLE.maxDelayMs);
  });

  it("a success clears the account's failures", async () => {
    await clearAttempts();
    for (let i = 0; i < THROTTLE.perAccountAddress - 1; i++)
      expect((await signIn('bob', 'nope nope', '198.51.100.3')).status).toBe(401);
    expect((await signIn('bob', PASSWORD, '198.51.100.3')).status).toBe(200);
    for (let i = 0; i < THROTTLE.perAccountAddress - 1; i++)
      expect((await signIn('bob', 'nope nope', '198.51.100.3')).status).toBe(401);
    expect((await signIn('bob', PASSWORD, '198.51.100.3')).status).toBe(200);
  });

  it(`refuses an address after ${THROTTLE.perAddress} failures over many names`, async () => {
    await clearAttempts();
    for (let i = 0; i < THROTTLE.perAddress; i++)
      expect((await signIn(`guess${i}`, 'x', '192.0.2.7')).status).toBe(401);
    const refused = await signIn('alice', PASSWORD, '192.0.2.7');
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/for this address/);
    expect((await signIn('alice', PASSWORD, '192.0.2.8')).status).toBe(200);
  });

  it('reads the address the proxy saw, not one the client wrote before it in X-Forwarded-For', async () => {
    // A proxy appends the address it saw; what comes before is the client's own to write.
    await clearAttempts();
    for (let i = 0; i < THROTTLE.perAccountAddress; i++)
      expect((await signIn('bob', 'wrong', `198.51.100.${i + 1}, 192.0.2.80`)).status).toBe(401);
    expect((await signIn('bob', PASSWORD, '203.0.113.1, 192.0.2.80')).status).toBe(429);
  });

  it('counts an IPv6 /64 as one address, and an IPv4-mapped address as its IPv4 address', async () => {
    // Each guess from a new address of one /64 (a client holds 2^64 of them) must not start a fresh count.
    await clearAttempts();
    for (let i = 0; i < THROTTLE.perAddress; i++)
      expect((await signIn(`guess${i}`, 'x', `2001:db8:7:7::${(i + 1).toString(16)}`)).status).toBe(401);
    expect((await signIn('alice', PASSWORD, '2001:db8:7:7:ffff::1')).status).toBe(429);
    expect((await signIn('alice', PASSWORD, '2001:db8:7:8::1')).status).toBe(200);
    await clearAttempts();
    for (let i = 0; i < THROTTLE.perAccountAddress; i++)
      expect((await signIn('bob', 'wrong', i % 2 ? '::ffff:192.0.2.70' : '192.0.2.70')).status).toBe(401);
    expect((await signIn('bob', PASSWORD, '::ffff:192.0.2.70')).status).toBe(429);
    expect((await signIn('bob', PASSWORD, '192.0.2.70')).status).toBe(429);
  });

  it('counts guesses sent all at once: no more than the allowed failures are ever checked', async () => {
    // Checking the count, then checking the password, then counting lets every guess of a burst through the check.
    await clearAttempts();
    const burst = await Promise.all(
      Array.from({ length: 30 }, (_, i) => signIn('alice', `guess ${i}`, '198.51.100.9')),
    );
    const checked = burst.filter((r) => r.status === 401).length;
    expect(checked).toBe(THROTTLE.perAccountAddress);
    expect(burst.filter((r) => r.status === 429)).toHaveLength(30 - THROTTLE.perAccountAddress);
    await clearAttempts();
    const fromOne = await Promise.all(Array.from({ length: 40 }, (_, i) => signIn(`nobody-${i}`, 'x', '192.0.2.9')));
    expect(fromOne.filter((r) => r.status === 401)).toHaveLength(THROTTLE.perAddress);
    // A success from an address does not use up its failures.
    await clearAttempts();
    for (let i = 0; i < THROTTLE.perAddress; i++)
      expect((await signIn(i % 2 ? 'alice' : 'bob', PASSWORD, '192.0.2.10')).status).toBe(200);
    expect((await signIn('nobody', 'x', '192.0.2.10')).status).toBe(401);
  });

  /** Median sign-in times of a name with a wrong password and of unknown names, and their ratio (1 = equal work). */
  async function signInCost(name: string) {
    const time = async (username: string) => {
      await clearAttempts();
      const t0 = performance.now();
      expect((await signIn(username, 'wrong password')).status).toBe(401);
      return performance.now() - t0;
    };
    const named: number[] = [],
      unknown: number[] = [];
    for (let i = 0; i < 20; i++) {
      named.push(await time(name));
      unknown.push(await time(`nobody-${i}`));
    }
    // The lower quartile: the work itself, less what other processes on a busy machine add to some tries (the
    // median of 12 read 0.75 once while a soak ran beside the tests, against 1.00 on a quiet machine).
    const quartile = (a: number[]) => [...a].sort((x, y) => x - y)[a.length >> 2];
    const ratio = quartile(unknown) / quartile(named);
    console.log(
      `sign-in lower quartiles: ${name} ${quartile(named).toFixed(1)} ms, unknown name ${quartile(unknown).toFixed(1)} ms (ratio ${ratio.toFixed(2)})`,
    );
    return ratio;
  }

  it('costs the same for an unknown name as for a known name with a wrong password', async () => {
    const ratio = await signInCost('alice');
    expect(ratio).toBeGreaterThan(0.75);
    expect(ratio).toBeLessThan(1.33);
  });

  it('costs the same for an account that signs in only by single sign-on (no password to check)', async () => {
    // Its stored "hash" is the provider's marker: checking a password against it was instant (8 ms against 127 ms
    // for an unknown name), which told a guesser the name exists.
    await signInExternal(s.ctx.db, 'oidc$https://idp.example$subject-1', {
      username: 'sso-erin',
      roles: ['guest'],
      sites: [],
    });
    const ratio = await signInCost('sso-erin');
    expect(ratio).toBeGreaterThan(0.75);
    expect(ratio).toBeLessThan(1.33);
  });
});

describe('sessions', () => {
  it('end when the password or the roles change', async () => {
    await clearAttempts();
    const a = await signIn('bob', PASSWORD);
    const info = async (cookie: string) =>
      (await (await fetch(`${s.baseUrl}/api/login/user/info`, { headers: { cookie } })).json()).payload;
    expect((await info(a.cookie)).username).toBe('bob');
    await addUser(s.ctx.db, 'bob', PASSWORD, ['guest']);
    expect((await info(a.cookie)).username).toBeNull();
  });

  it('expired ones are swept with finished throttle windows', async () => {
    await clearAttempts();
    const b = await signIn('alice', PASSWORD);
    const user = await s.ctx.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'alice')
      .executeTakeFirstOrThrow();
    await s.ctx.db
      .insertInto('sessions')
      .values({ id: 'x'.repeat(43), user_id: user.id, expires_at: '2000-01-01T00:00:00.000Z' })
      .execute();
    await s.ctx.db
      .insertInto('login_attempts')
      .values({ key: 'user:old', failures: 3, window_start: '2000-01-01T00:00:00.000Z' })
      .execute();
    const swept = await sweepSignIns(s.ctx.db);
    expect(swept).toEqual({ sessions: 1, attempts: 1 });
    const ids = (await s.ctx.db.selectFrom('sessions').select('id').execute()).map((r) => r.id);
    expect(ids).toContain(decodeURIComponent(b.cookie.split('=')[1]));
  });

  it('cookies are Secure when a trusted proxy says the request came over TLS, not otherwise', async () => {
    await clearAttempts();
    const res = await fetch(`${s.baseUrl}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-proto': 'https', 'x-forwarded-for': '10.9.9.9' },
      body: JSON.stringify({ username: 'alice', password: PASSWORD }),
    });
    expect(res.headers.get('set-cookie')).toMatch(/; Secure/);
    expect(res.headers.get('set-cookie')).toMatch(/HttpOnly/);
    expect((await signIn('alice', PASSWORD)).setCookie).not.toMatch(/; Secure/);
    const direct = await startServer({ USE_SSO: 'true' });
    try {
      await addUser(direct.ctx.db, 'carol', PASSWORD, ['guest']);
      const spoofed = await fetch(`${direct.baseUrl}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-proto': 'https' },
        body: JSON.stringify({ username: 'carol', password: PASSWORD }),
      });
      expect(spoofed.status).toBe(200);
      expect(spoofed.headers.get('set-cookie')).not.toMatch(/; Secure/);
    } finally {
      await direct.close();
    }
  });
});

describe('ALLOWED_HOSTS and page headers', () => {
  let h: TestServer;
  let dist: string;
  beforeAll(async () => {
    dist = tempDir('survey-dist-');
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>t</title>');
    fs.writeFileSync(path.join(dist, 'scene.html'), '<!doctype html><title>s</title>');
    h = await startServer({
      USE_SSO: 'true',
      ALLOWED_HOSTS: 'survey.example.org,localhost:8080',
      DIST_DIR: dist,
      FRAME_ANCESTORS: "'self' https://intranet.example.org",
    });
    await addUser(h.ctx.db, 'dave', PASSWORD, ['superAdmin']);
  });
  afterAll(async () => {
    await h?.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('refuses writes addressed to another host name (DNS rebinding), allows the listed ones, and leaves reads alone', async () => {
    const body = JSON.stringify({ username: 'dave', password: PASSWORD });
    const evil = await rawRequest(
      h.baseUrl,
      'POST',
      '/api/login',
      { host: 'evil.example', 'content-type': 'application/json' },
      body,
    );
    expect(evil.status).toBe(403);
    expect(JSON.parse(evil.body).message).toBe(
      'This server does not accept changes addressed to "evil.example". Use its own address, or ask its administrator to add this name to PUBLIC_URL or ALLOWED_HOSTS.',
    );
    const good = await rawRequest(
      h.baseUrl,
      'POST',
      '/api/login',
      { host: 'Survey.Example.org', 'content-type': 'application/json' },
      body,
    );
    expect(good.status).toBe(200);
    expect((await rawRequest(h.baseUrl, 'GET', '/api/settings', { host: 'evil.example' })).status).toBe(200);
  });

  it('sends every page with a CSP, the configured frame-ancestors, nosniff and a referrer policy', async () => {
    for (const p of ['/', '/index.html', '/scene.html', '/site/farm?floor=1']) {
      const res = await rawRequest(h.baseUrl, 'GET', p, { host: 'survey.example.org' });
      expect(res.status, p).toBe(200);
      const csp = res.headers['content-security-policy'];
      expect(csp, p).toContain("frame-ancestors 'self' https://intranet.example.org");
      expect(csp, p).toContain("script-src 'self'");
      expect(csp, p).toContain("object-src 'none'");
      // GLTFLoader's textures come from our own object URLs; nothing else beyond our origin is fetched.
      expect(csp, p).toContain("connect-src 'self' blob:;");
      expect(res.headers['x-content-type-options'], p).toBe('nosniff');
      expect(res.headers['referrer-policy'], p).toBe('strict-origin-when-cross-origin');
    }
    const page = await rawRequest(s.baseUrl, 'GET', '/api/settings');
    expect(page.headers['content-security-policy']).toBeUndefined();
  });
});
