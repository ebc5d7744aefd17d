// The refusals (4xx, and 503 while the database is away) a route may answer, declared in its schema so the OpenAPI document lists them and the answer
// is checked against the contract's `failure` envelope. What every route of a kind may answer is added here once
// (onRoute); a route declares the refusals of its own (a record not found, a name taken, a file too large).
import type { FastifyInstance, RouteOptions } from 'fastify';
import { failure } from '../../contract/api.ts';
import type { Access } from './access.ts';

const REASONS = {
  400: 'The input is not valid; the message names the field and the fix.',
  401: 'Nobody is signed in (or the sign-in failed).',
  403: 'The account may not do this, or the request came from another site or host.',
  404: 'The record asked for does not exist.',
  409: 'The change clashes with what exists, or with a change made at the same moment: reload and try again.',
  413: 'A file or the body is larger than it may be.',
  429: 'Too many attempts: try again after the time the message gives.',
  502: 'A service this server depends on could not be reached.',
  503: 'The database is not answering at the moment: try again after the seconds Retry-After gives.',
  507: "The server's disk is full: nothing was saved.",
} as const;
export type RefusalStatus = keyof typeof REASONS;

/** Response schemas of `statuses`: the failure envelope with the reason the status means. */
export const refusals = (...statuses: RefusalStatus[]) =>
  Object.fromEntries(statuses.map((s) => [s, failure.describe(REASONS[s])])) as Record<RefusalStatus, typeof failure>;

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** What any /api route with this access and these methods may be refused with. */
function commonRefusals(access: Access | undefined, methods: string[]): RefusalStatus[] {
  // Input that fails its schema, or a parameter no database could hold; the database away for the moment.
  const out: RefusalStatus[] = [400, 503];
  if (access && access.kind !== 'public') out.push(401, 403);
  // Writes: refused from another site or host (403), over the body limit (413), lost a race to another write (409),
  // or the disk is full (507).
  if (methods.some((m) => WRITES.has(m))) out.push(403, 409, 413, 507);
  return [...new Set(out)];
}

/** onRoute: adds the common refusals to every /api route's response schema, beside the route's own. */
export function declareRefusals(app: FastifyInstance): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    if (!route.schema || !route.url.startsWith('/api/')) return;
    const methods = (Array.isArray(route.method) ? route.method : [route.method]).map(String);
    const own = (route.schema.response ?? {}) as Record<string, unknown>;
    route.schema = {
      ...route.schema,
      response: { ...refusals(...commonRefusals(route.config?.access, methods)), ...own },
    };
  });
}
