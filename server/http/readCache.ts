// Answers of public reads kept in memory while the change feed proves nothing they were read from has changed.
// A route opts in with `config: { cacheable: true }` when its answer depends on nothing but its path, query and
// which sites the caller administers (disabled sites and pins are shown only to their administrators). Every entry carries the
// content generation seen *before* its read; it is stored only if that generation still holds after the read,
// and served only while it is the current one, so an answer read across a commit is never kept.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { ChangeFeed } from '../db/changeFeed.ts';
import { etagOf } from './apiCaching.ts';
import { sightKey } from '../auth/principal.ts';
import { acceptedEncoding, COMPRESS_THRESHOLD, encodeBody, type Encoding } from './encodings.ts';

/** Bounds: a few hundred sites' floors, whatever the answers weigh, never more than this much memory. */
const MAX_ENTRIES = 5_000;
const MAX_BYTES = 64 * 1024 * 1024;
/** A process killed between its commit and its notice leaves the others unaware: no answer is kept longer. */
export const CACHE_TTL_MS = 30_000;

interface Entry {
  gen: number;
  body: string;
  type: string;
  /** The answer's validator, hashed once (apiCaching.ts keeps an ETag already set). */
  etag: string;
  /** The body compressed, made the first time a client asks for each encoding. */
  encoded: Partial<Record<Encoding, Buffer>>;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The answer depends only on path, query and the sites the caller administers: it may be served from memory. */
    cacheable?: boolean;
  }
  interface FastifyRequest {
    /** Set when this read's answer may be stored: its key and the content generation before the read. */
    cacheFill?: { key: string; gen: number };
  }
}

const keyOf = (req: FastifyRequest) =>
  `${req.routeOptions.url}|${JSON.stringify(req.params)}|${JSON.stringify(req.query)}|${sightKey(req.user)}`;

export function readCache(app: FastifyInstance, feed: ChangeFeed): void {
  const cache = new LRUCache<string, Entry>({
    max: MAX_ENTRIES,
    maxSize: MAX_BYTES,
    sizeCalculation: (e, key) =>
      e.body.length + key.length + (e.encoded.br?.length ?? 0) + (e.encoded.gzip?.length ?? 0),
    ttl: CACHE_TTL_MS,
  });

  // After validation and the access rule, before the handler reads the database.
  app.addHook('preHandler', async (req, reply) => {
    if (req.method !== 'GET' || !req.routeOptions.config?.cacheable || !feed.live) return;
    const key = keyOf(req);
    const gen = feed.generation('content');
    const hit = cache.get(key);
    if (hit && hit.gen === gen) {
      reply.type(hit.type).header('ETag', hit.etag);
      const enc = hit.body.length >= COMPRESS_THRESHOLD ? acceptedEncoding(req.headers['accept-encoding']) : null;
      if (!enc) return reply.send(hit.body);
      let buf = hit.encoded[enc];
      if (!buf) {
        buf = hit.encoded[enc] = encodeBody(hit.body, enc);
        cache.set(key, hit); // its size grew
      }
      // Already encoded: the compression plugin leaves it as it is.
      return reply.header('Content-Encoding', enc).header('Vary', 'accept-encoding').send(buf);
    }
    req.cacheFill = { key, gen };
  });

  app.addHook('onSend', async (req, reply, payload) => {
    const fill = req.cacheFill;
    if (
      fill &&
      reply.statusCode === 200 &&
      typeof payload === 'string' &&
      feed.live &&
      feed.generation('content') === fill.gen
    ) {
      const type = String(reply.getHeader('content-type') ?? '');
      cache.set(fill.key, { gen: fill.gen, body: payload, type, etag: etagOf(payload), encoded: {} });
    }
    return payload;
  });
}
