// Who may call a route is declared on the route itself and decided on the matched route, never on the URL text:
// however a path is spelled (percent-encoded, doubled slashes, case), a request that reaches a route meets that
// route's rule. Every /api route must declare one; the app refuses to start otherwise.
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import type { AppContext } from '../context.ts';
import { administers, administersAny, isSuperAdmin } from '../auth/principal.ts';
import { Forbidden, Unauthenticated } from '../services/errors.ts';
import { findUnstorable } from './storableText.ts';

/** The site a request is about, read from its (already routed) params; null when it names none that exists. */
export type SiteOf = (req: FastifyRequest, ctx: AppContext) => string | null | Promise<string | null>;

export type Access =
  /** Anyone, signed in or not (reads, sign-in). */
  | { kind: 'public' }
  /** The administrator of the site the request is about, or a superAdmin. */
  | { kind: 'siteAdmin'; siteOf: SiteOf }
  /** Anyone who administers at least one site (e.g. uploading a pin's cover picture before saving the pin). */
  | { kind: 'anyAdmin' }
  /** A superAdmin only (global settings, site maps, pins of every site, users). */
  | { kind: 'superAdmin' };

export const PUBLIC: Access = { kind: 'public' };
export const SUPER_ADMIN: Access = { kind: 'superAdmin' };
export const ANY_ADMIN: Access = { kind: 'anyAdmin' };
/** Administrator of `:site`, or of the site `siteOf` finds. */
export const siteAdmin = (siteOf: SiteOf = (req) => (req.params as { site?: string }).site ?? null): Access => ({
  kind: 'siteAdmin',
  siteOf,
});

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
}

const READS = new Set(['GET', 'HEAD']);
const methodsOf = (r: RouteOptions) => (Array.isArray(r.method) ? r.method : [r.method]).map(String);

/** OpenAPI `security` of a rule: the session cookie with the role as its scope (the access matrix test reads it). */
const securityOf = (a: Access) => (a.kind === 'public' ? [] : [{ session: [a.kind] }]);

/**
 * onRoute: every /api route declares its access (and its OpenAPI security says it); other routes (static files, the
 * client) may only read and are public. A route that breaks this stops the app at start, not in production.
 */
export function declareAccess(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const access = route.config?.access;
    const isApi = route.url.startsWith('/api/') || route.url === '/api';
    if (!access) {
      if (isApi || !methodsOf(route).every((m) => READS.has(m)))
        throw new Error(`Route ${methodsOf(route).join(',')} ${route.url} declares no access rule.`);
      route.config = { ...route.config, access: PUBLIC };
      return;
    }
    // No GET or HEAD changes state; a private read (the accounts, a site's audit trail, what a deletion would
    // remove) is an administrator's, and is never kept in the shared read cache.
    if (access.kind !== 'public' && methodsOf(route).some((m) => READS.has(m))) {
      if (access.kind === 'anyAdmin' || route.config?.cacheable)
        throw new Error(`Route GET ${route.url} must be public, siteAdmin or superAdmin, and not cacheable.`);
    }
    if (route.schema) route.schema = { ...route.schema, security: securityOf(access) } as typeof route.schema;
  });
}

const refuse = (req: FastifyRequest) =>
  req.user.id
    ? new Forbidden('Your account may not change this. Ask a superAdmin for the rights to this site.')
    : new Unauthenticated('Please sign in as an administrator.');

/** onRequest (after routing, before the body is read): applies the matched route's rule to `req.user`. */
export function enforceAccess(ctx: AppContext) {
  return async (req: FastifyRequest) => {
    const access = req.routeOptions.config?.access;
    // No matched route: the not-found handler answers, and it changes nothing.
    if (!access || access.kind === 'public') return;
    if (isSuperAdmin(req.user)) return;
    if (access.kind === 'superAdmin') {
      if (req.user.id) throw new Forbidden('Only a superAdmin may change this.');
      throw refuse(req);
    }
    if (access.kind === 'anyAdmin') {
      if (!administersAny(req.user)) throw refuse(req);
      return;
    }
    // A parameter no database could hold names no record: refused without asking the database.
    const site = findUnstorable(req.params) ? null : await access.siteOf(req, ctx);
    if (site === null || !administers(req.user, site)) throw refuse(req);
  };
}
