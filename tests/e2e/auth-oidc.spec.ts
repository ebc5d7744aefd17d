// Single sign-on end to end in Chromium against a real OpenID provider (oidc-provider, started here): sign in at
// the provider, come back signed in with the role and sites its claims carry, administer the assigned site only,
// sign out. Also: a callback this browser did not start is refused with a sentence.
import type { Server } from 'node:http';
import { expect, test } from '@playwright/test';
import Provider from 'oidc-provider';
import { resetOidc } from '../../server/auth/oidc.ts';
import { freePort } from '../api/helpers/childServer.ts';
import { startSsoServer } from './helpers/ssoServer';

const ACCOUNTS: Record<string, { roles: string[]; sites: string[] }> = {
  pat: { roles: ['projectAdmin', 'made-up-role'], sites: ['demo-farm'] },
};
let origin = '';
let idp: Server;
let close: () => Promise<void>;

test.beforeAll(async () => {
  const [appPort, idpPort] = [await freePort(), await freePort()];
  origin = `http://127.0.0.1:${appPort}`;
  const issuer = `http://127.0.0.1:${idpPort}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: 'survey',
        client_secret: 'survey-secret',
        redirect_uris: [`${origin}/api/auth/oidc/callback`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    pkce: { required: () => true },
    claims: { openid: ['sub'], profile: ['preferred_username', 'roles', 'sites'] },
    conformIdTokenClaims: false,
    cookies: { keys: ['test-only-cookie-key'] },
    findAccount: async (_ctx: unknown, id: string) => ({
      accountId: id,
      claims: async () => ({ sub: id, preferred_username: id, ...(ACCOUNTS[id] ?? { roles: [], sites: [] }) }),
    }),
  } as never);
  idp = provider.listen(idpPort) as unknown as Server;
  resetOidc();
  const server = await startSsoServer('survey-oidc-', {
    port: appPort,
    env: {
      OIDC_ISSUER: issuer,
      OIDC_CLIENT_ID: 'survey',
      OIDC_CLIENT_SECRET: 'survey-secret',
      OIDC_SCOPE: 'openid profile',
      PUBLIC_URL: origin,
    },
  });
  close = async () => {
    await server.close();
    idp.close();
  };
});
test.afterAll(async () => close?.());

test('sign in at the provider, administer the assigned site only, sign out', async ({ page }) => {
  await page.goto(`${origin}/`);
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('button', { name: 'Sign in with single sign-on' }).click();
  // oidc-provider's own pages: log in, then allow.
  await page.waitForURL((u) => u.origin !== origin);
  await page.locator('input[name="login"]').fill('pat');
  await page.locator('input[name="password"]').fill('anything');
  await page.locator('button[type="submit"]').click();
  const consent = page.locator('button[type="submit"]', { hasText: /continue/i });
  if (await consent.isVisible({ timeout: 3000 }).catch(() => false)) await consent.click();
  // Back here, signed in by our own session.
  await page.waitForURL((u) => u.origin === origin && !u.pathname.includes('/auth/'), { timeout: 20_000 });
  await expect(nav).toContainText('Signed in as pat');
  const info = await (await page.request.get(`${origin}/api/login/user/info`)).json();
  expect(info.payload).toMatchObject({ username: 'pat', role: ['projectAdmin'], sites: ['demo-farm'], isAdmin: true });
  const cookies = await page.context().cookies(origin);
  expect(cookies.find((c) => c.name === 'sid')).toMatchObject({ httpOnly: true });
  expect(cookies.find((c) => c.name === 'oidc_flow')).toBeUndefined();
  // Administers its site, not another one, and not the global settings.
  const patch = (site: string) =>
    page.request.patch(`${origin}/api/site/${site}/settings`, {
      data: { enable: { about: true } },
      headers: { origin },
    });
  expect((await patch('demo-farm')).status()).toBe(200);
  expect((await patch('another-site')).status()).toBe(403);
  expect(
    (
      await page.request.patch(`${origin}/api/settings`, { data: { enableMultiSite: false }, headers: { origin } })
    ).status(),
  ).toBe(403);
  await nav.getByRole('button', { name: 'Sign out' }).click();
  await expect(nav.getByRole('button', { name: 'Sign in' })).toBeVisible();
  expect((await (await page.request.get(`${origin}/api/login/user/info`)).json()).payload.username).toBeNull();
});

test('a callback this browser did not start is refused with a sentence, and no session starts', async ({ page }) => {
  await page.goto(`${origin}/api/auth/oidc/callback?code=stolen&state=forged&iss=x`);
  await expect(page.getByRole('status')).toHaveText(
    'This sign-in was not started in this browser, or took more than ten minutes. Please sign in again.',
  );
  expect((await page.context().cookies(origin)).find((c) => c.name === 'sid')).toBeUndefined();
});
