// Who is asking (the session cookie's account, or an anonymous visitor), and the cross-site check on writes.
// What each route allows is declared on the route and enforced in access.ts.
import type { FastifyRequest, FastifyReply } from 'fastify';
import type { AppContext } from '../context.ts';
import { Forbidden } from '../services/errors.ts';
import { LRUCache } from 'lru-cache';
import { CACHE_TTL_MS } from './readCache.ts';
import { readSession } from '../services/users.ts';
import { machineNames, writeHosts, type WriteHosts } from './writeHosts.ts';
import { anonymous, trustedInstall, administersAny, type Principal } from '../auth/principal.ts';

export const SESSION_COOKIE = 'sid';
const SESSION_COOKIE_DAYS = 14;

/** Starts the session cookie: http-only, same site only, Secure when the request came over TLS (TRUST_PROXY). */
export function setSessionCookie(req: FastifyRequest, reply: FastifyReply, sid: string): void {
  reply.setCookie(SESSION_COOKIE, sid, {
    httpOnly: true,
    sameSite: 'strict',
    path: '/',
    secure: req.protocol === 'https',
    maxAge: SESSION_COOKIE_DAYS * 86400,
  });
}
const SESSION_ID = /^[A-Za-z0-9_-]{20,100}$/;
export interface RequestUser extends Principal {
  /** Administers at least one site (the client shows administrators' tools). */
  isAdmin: boolean;
}

const withFlags = (p: Principal): RequestUser => ({ ...p, isAdmin: administersAny(p) });

/** Sessions kept in memory (with no session for unknown ids too), while the change feed says no account changed. */
const SESSIONS_IN_MEMORY = 10_000;
interface KnownSession {
  gen: number;
  session: { principal: Principal; expiresAt: string } | null;
}

function sessionReader(ctx: AppContext) {
  const known = new LRUCache<string, KnownSession>({ max: SESSIONS_IN_MEMORY, ttl: CACHE_TTL_MS });
  return async (sid: string): Promise<Principal | null> => {
    const feed = ctx.changes;
    const gen = feed?.generation('auth') ?? 0;
    let entry = feed?.live ? known.get(sid) : undefined;
    if (!entry || entry.gen !== gen) {
      entry = { gen, session: await readSession(ctx.db, sid) };
      // Kept only if no account or session changed while it was read.
      if (feed?.live && feed.generation('auth') === gen) known.set(sid, entry);
    }
    const s = entry.session;
    return s && s.expiresAt >= new Date().toISOString() ? s.principal : null;
  };
}

function userResolver(ctx: AppContext, hosts: WriteHosts) {
  const readUser = sessionReader(ctx);
  return async (req: FastifyRequest): Promise<RequestUser> => {
    // Without sign-on the install is trusted (a kiosk or a local install): everyone administers everything, when
    // they address it by one of its own names. Under any other name (DNS rebinding) they are an anonymous visitor,
    // so a hostile page cannot read what only administrators may (the accounts) either.
    if (!ctx.config.useSso) return withFlags(hosts.accepts(req.headers.host) ? trustedInstall() : anonymous());
    const sid = req.cookies?.[SESSION_COOKIE];
    // Our ids are 43 base64url characters: anything else is no session, and never reaches the database.
    const user = sid && SESSION_ID.test(sid) ? await readUser(sid) : null;
    return withFlags(user ?? anonymous());
  };
}

const WRITE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The write-host rule of this process's settings (ALLOWED_HOSTS, or our own names). */
export const writeHostsOf = (config: AppContext['config']): WriteHosts =>
  writeHosts({ allowed: config.allowedHosts, publicUrl: config.publicUrl, machine: machineNames() });

/** onRequest hook: refuse cross-site writes, then say who is asking. */
export function identify(ctx: AppContext) {
  const hosts = writeHostsOf(ctx.config);
  const resolveUser = userResolver(ctx, hosts);
  return async (req: FastifyRequest, _reply: FastifyReply) => {
    const origin = req.headers.origin;
    // DNS rebinding: a hostile name pointed at our address reaches us with its own Host; writes must name us.
    if (WRITE.has(req.method) && !hosts.accepts(req.headers.host)) {
      throw new Forbidden(
        `This server does not accept changes addressed to "${String(req.headers.host ?? '').slice(0, 100)}". Use its own address, or ask its administrator to add this name to PUBLIC_URL or ALLOWED_HOSTS.`,
      );
    }
    if (WRITE.has(req.method) && origin) {
      let originHost = '';
      try {
        originHost = new URL(origin).host;
      } catch {
        /* malformed: refused below */
      }
      if (originHost !== String(req.headers.host ?? '').toLowerCase())
        throw new Forbidden('Cross-site requests are not allowed.');
    }
    req.user = await resolveUser(req).catch((err: unknown) => {
      // Pages and media need no database: while it is away they are served as to a visitor (a page's client then
      // meets the API's 503 and Retry-After), not refused because reading the session needs it. Only the API says 503.
      if (!req.url.startsWith('/api/') && ctx.outage?.failed(err, 'background')) return withFlags(anonymous());
      throw err;
    });
  };
}

declare module 'fastify' {
  interface FastifyRequest {
    user: RequestUser;
  }
}
