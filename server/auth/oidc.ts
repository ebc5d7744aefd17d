// OpenID Connect sign-in (authorization code with PKCE, openid-client). No GET changes anything:
//   POST /api/auth/oidc/start     makes state, nonce and PKCE verifier, keeps them in a signed http-only cookie
//                                  (SameSite=Lax, ten minutes) and answers the provider's authorization URL;
//   GET  /api/auth/oidc/callback  where the provider sends the browser back: a page that posts the address on;
//   POST /api/auth/oidc/complete  checks the cookie, exchanges the code (state, nonce, PKCE checked by
//                                  openid-client), maps the claims, and starts our own session (http-only cookie).
// The cookie binds the flow to the browser that started it (no login CSRF); its key lives in the database so
// that any instance can finish a flow another began.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import * as client from 'openid-client';
import type { DB } from '../db/database.ts';
import type { Config } from '../config.ts';
import { DomainError, Invalid, Unauthenticated, Unavailable } from '../services/errors.ts';
import { identityOf } from './oidcClaims.ts';
import { signInExternal } from '../services/users.ts';

export const FLOW_COOKIE = 'oidc_flow';
const FLOW_MS = 10 * 60_000;

interface Flow {
  state: string;
  nonce: string;
  verifier: string;
  returnTo: string;
  exp: number;
}

let configuration: Promise<client.Configuration> | undefined;
function providerConfig(config: Config): Promise<client.Configuration> {
  const { issuer, clientId, clientSecret } = config.oidc!;
  configuration ??= client
    .discovery(
      new URL(issuer),
      clientId,
      clientSecret,
      undefined,
      issuer.startsWith('http://') ? { execute: [client.allowInsecureRequests] } : undefined,
    )
    .catch((e) => {
      configuration = undefined;
      throw new Unavailable(`The sign-on provider could not be reached (${(e as Error).message}). Try again later.`);
    });
  return configuration;
}
/** Forget the provider's metadata (tests start a new provider). */
export const resetOidc = () => {
  configuration = undefined;
};

/** The flow cookie's key: made once per install, shared by every instance through the database, read once per process. */
const cookieKeys = new WeakMap<DB, Promise<Buffer>>();
function secret(db: DB): Promise<Buffer> {
  let key = cookieKeys.get(db);
  if (!key) {
    key = readOrMakeKey(db).catch((e) => {
      cookieKeys.delete(db);
      throw e;
    });
    cookieKeys.set(db, key);
  }
  return key;
}
async function readOrMakeKey(db: DB): Promise<Buffer> {
  const key = 'oidc_cookie_key';
  const fresh = randomBytes(32).toString('hex');
  await db
    .insertInto('app_config')
    .values({ key, json: JSON.stringify(fresh) })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const row = await db.selectFrom('app_config').select('json').where('key', '=', key).executeTakeFirstOrThrow();
  return Buffer.from(JSON.parse(row.json) as string, 'hex');
}
const sign = (key: Buffer, body: string) => createHmac('sha256', key).update(body).digest('base64url');

async function sealFlow(db: DB, flow: Flow): Promise<string> {
  const body = Buffer.from(JSON.stringify(flow)).toString('base64url');
  return `${body}.${sign(await secret(db), body)}`;
}
async function openFlow(db: DB, cookie: string | undefined, now = Date.now()): Promise<Flow> {
  const expired = new Invalid(
    'This sign-in was not started in this browser, or took more than ten minutes. Please sign in again.',
  );
  const [body, mac] = (cookie ?? '').split('.');
  if (!body || !mac || body.length > 4000) throw expired;
  const want = Buffer.from(sign(await secret(db), body)),
    got = Buffer.from(mac);
  if (want.length !== got.length || !timingSafeEqual(want, got)) throw expired;
  const flow = JSON.parse(Buffer.from(body, 'base64url').toString()) as Flow;
  if (!(flow.exp > now)) throw expired;
  return flow;
}

/** Only a path of ours: never another site (no open redirect). */
export const safeReturnTo = (p: unknown) => (typeof p === 'string' && /^\/(?![/\\])[^\s]{0,500}$/.test(p) ? p : '/');

export async function startSignIn(db: DB, config: Config, returnTo: unknown): Promise<{ url: string; cookie: string }> {
  const cfg = await providerConfig(config);
  const flow: Flow = {
    state: client.randomState(),
    nonce: client.randomNonce(),
    verifier: client.randomPKCECodeVerifier(),
    returnTo: safeReturnTo(returnTo),
    exp: Date.now() + FLOW_MS,
  };
  const url = client.buildAuthorizationUrl(cfg, {
    redirect_uri: config.oidc!.redirectUri,
    scope: config.oidc!.scope,
    state: flow.state,
    nonce: flow.nonce,
    code_challenge: await client.calculatePKCECodeChallenge(flow.verifier),
    code_challenge_method: 'S256',
  });
  return { url: url.href, cookie: await sealFlow(db, flow) };
}

export async function completeSignIn(
  db: DB,
  config: Config,
  flowCookie: string | undefined,
  callbackUrl: string,
): Promise<{ sid: string; returnTo: string }> {
  const flow = await openFlow(db, flowCookie);
  const redirect = config.oidc!.redirectUri;
  if (typeof callbackUrl !== 'string' || !callbackUrl.startsWith(`${redirect}?`) || callbackUrl.length > 8000) {
    throw new Invalid("The sign-on answer did not come back to this server's address. Please sign in again.");
  }
  const answer = new URL(callbackUrl);
  if (answer.searchParams.get('error')) {
    throw new Unauthenticated(
      `The sign-on provider refused: ${(answer.searchParams.get('error_description') ?? answer.searchParams.get('error'))!.slice(0, 200)}.`,
    );
  }
  let claims: Record<string, unknown>;
  try {
    const tokens = await client.authorizationCodeGrant(await providerConfig(config), answer, {
      pkceCodeVerifier: flow.verifier,
      expectedState: flow.state,
      expectedNonce: flow.nonce,
      idTokenExpected: true,
    });
    claims = (tokens.claims() ?? {}) as Record<string, unknown>;
  } catch (e) {
    if (e instanceof DomainError) throw e;
    throw new Unauthenticated(`Sign-on failed (${(e as Error).message.slice(0, 200)}). Please sign in again.`);
  }
  const who = identityOf(claims, config.oidc!.rolesClaim, config.oidc!.sitesClaim);
  const sid = await signInExternal(db, `oidc$${config.oidc!.issuer}$${who.subject}`, who);
  return { sid, returnTo: flow.returnTo };
}
