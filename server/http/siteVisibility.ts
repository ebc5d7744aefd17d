// Disabled sites (services/siteVisibility.ts) are enforced on every public read, decided on the matched route like
// the access rules: a read about one site (its `:site` param, or the site its `readsSite` finds from an id) answers
// 404 to whoever does not administer that site, exactly as for a site that does not exist. A public read that
// names no site must say so (`readsSite: 'none'`, or 'filtered' for lists that filter themselves with `mayRead`);
// the app refuses to start otherwise, so a new read cannot forget the rule.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import type { SiteOf } from './access.ts';
import { mayRead } from '../auth/principal.ts';
import { disabledSites } from '../services/siteVisibility.ts';
import { NotFound } from '../services/errors.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Which site a public read shows, when its path has no `:site`: found from the request, or none of one. */
    readsSite?: SiteOf | 'filtered' | 'none';
  }
  interface FastifyRequest {
    /** The disabled sites as this request sees them (read once per request, shared while nothing changed). */
    disabledSites?: () => Promise<ReadonlySet<string>>;
  }
}

const READS = new Set(['GET', 'HEAD']);

/** onRoute: every public /api read says which site it is about. */
export function declareSiteReads(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const methods = (Array.isArray(route.method) ? route.method : [route.method]).map(String);
    const isApi = route.url.startsWith('/api/');
    if (!isApi || route.config?.access?.kind !== 'public' || !methods.some((m) => READS.has(m))) return;
    if (route.url.includes('/:site') === (route.config?.readsSite !== undefined))
      throw new Error(`Route GET ${route.url}: a public read has a :site param or declares readsSite, not both.`);
  });
}

/** The disabled sites, kept while the change feed proves no content changed. */
function disabledSitesOf(ctx: AppContext) {
  let known: { gen: number; sites: ReadonlySet<string> } | null = null;
  return async (): Promise<ReadonlySet<string>> => {
    const feed = ctx.changes;
    const gen = feed?.generation('content') ?? 0;
    if (feed?.live && known?.gen === gen) return known.sites;
    const sites = await disabledSites(ctx.db);
    if (feed?.live && feed.generation('content') === gen) known = { gen, sites };
    return sites;
  };
}

/** onRequest (after the access rule and the refusal of unstorable text): refuses reads about a site the caller may not see. */
export function enforceSiteReads(ctx: AppContext) {
  const disabled = disabledSitesOf(ctx);
  return async (req: FastifyRequest) => {
    req.disabledSites = disabled;
    const config = req.routeOptions.config;
    if (!READS.has(req.method) || config?.access?.kind !== 'public') return;
    const rule = config.readsSite;
    if (rule === 'none' || rule === 'filtered') return;
    const fromParams = (req.params as { site?: unknown } | undefined)?.site;
    let site: string | null = null;
    if (typeof fromParams === 'string') site = fromParams;
    else if (typeof rule === 'function') site = await rule(req, ctx);
    if (site === null) return;
    if (!mayRead(req.user, site, await disabled()))
      throw new NotFound(
        typeof fromParams === 'string' ? `There is no site "${site.slice(0, 100)}".` : 'There is no such record.',
      );
  };
}
