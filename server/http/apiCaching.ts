// Validators on API reads: every successful GET/HEAD of /api/ carries a weak ETag (a hash of the JSON) and
// `Cache-Control: private, no-cache`, and an If-None-Match that still matches gets a bodiless 304. `no-cache`,
// not a max-age: after an administrator's change the client refetches and must see it at once, not a copy the
// browser kept; the 304 still saves the body. `private`: some reads answer about the caller (login/user/info).
// Weak, because the same JSON goes out brotli, gzip or plain (the compression hook runs after this one).
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

export const API_CACHE_CONTROL = 'private, no-cache';

const opaque = (tag: string) => tag.trim().replace(/^W\//, '');

/** Whether an If-None-Match header names `etag` (weak comparison, RFC 9110 13.1.2). */
export function ifNoneMatchHas(header: string | string[] | undefined, etag: string): boolean {
  if (!header) return false;
  const tags = (Array.isArray(header) ? header.join(',') : header).split(',');
  return tags.some((t) => t.trim() === '*' || opaque(t) === opaque(etag));
}

export const etagOf = (body: string | Buffer) =>
  `W/"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;

/** onSend: ETag and Cache-Control on API reads, 304 when the caller's copy is current. Register before compression. */
export function apiValidators(app: FastifyInstance): void {
  app.addHook('onSend', async (req, reply, payload) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || reply.statusCode !== 200 || !req.url.startsWith('/api/'))
      return payload;
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    // An answer kept in memory (readCache.ts) comes with its ETag, hashed once, and may be compressed already.
    const etag = (reply.getHeader('ETag') as string | undefined) ?? etagOf(payload);
    reply.header('ETag', etag);
    if (!reply.hasHeader('Cache-Control')) reply.header('Cache-Control', API_CACHE_CONTROL);
    if (!ifNoneMatchHas(req.headers['if-none-match'], etag)) return payload;
    reply.status(304);
    reply.removeHeader('Content-Length');
    return '';
  });
}
