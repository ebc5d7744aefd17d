// Who is asking, and may they write. Enforced here on the server, whatever the client shows.
import type { FastifyRequest, FastifyReply } from 'fastify';
import type { AppContext } from '../context.ts';
import { HttpError } from './errors.ts';
import { findSessionUser } from '../services/users.ts';

export const SESSION_COOKIE = 'sid';
export interface RequestUser { id: string | null; username: string | null; roles: string[]; isAdmin: boolean }

/** Both admin roles are administrators (the original only checked superAdmin: a fault we do not repeat). */
export const isAdminRoles = (roles: string[]) => roles.includes('superAdmin') || roles.includes('projectAdmin');

export async function resolveUser(ctx: AppContext, req: FastifyRequest): Promise<RequestUser> {
  const sid = req.cookies?.[SESSION_COOKIE];
  const user = sid ? await findSessionUser(ctx.db, sid) : null;
  if (user) return { id: user.id, username: user.username, roles: user.roles, isAdmin: !ctx.config.useSso || isAdminRoles(user.roles) };
  // Without SSO the install is trusted (a kiosk or a local install): everyone administers.
  return { id: null, username: null, roles: ctx.config.useSso ? ['guest'] : ['superAdmin'], isAdmin: !ctx.config.useSso };
}

const WRITE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const OPEN_WRITES = new Set(['/api/login', '/api/logout']);

/** onRequest hook: refuse cross-site writes, and writes by non-administrators when SSO is on. */
export function writeGuard(ctx: AppContext) {
  return async (req: FastifyRequest, _reply: FastifyReply) => {
    const isWrite = WRITE.has(req.method);
    const origin = req.headers.origin;
    if (isWrite && origin) {
      let originHost = '';
      try { originHost = new URL(origin).host; } catch { /* malformed: refused below */ }
      if (originHost !== req.headers.host) throw new HttpError(403, 'Cross-site requests are not allowed.');
    }
    req.user = await resolveUser(ctx, req);
    const path = req.url.split('?')[0];
    if (isWrite && path.startsWith('/api/') && !OPEN_WRITES.has(path) && !req.user.isAdmin) {
      throw new HttpError(req.user.id ? 403 : 401, req.user.id ? 'Administrator rights are needed for this.' : 'Please sign in as an administrator.');
    }
  };
}

declare module 'fastify' {
  interface FastifyRequest { user: RequestUser }
}
