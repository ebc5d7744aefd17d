// GET/HEAD /media/<key>: every user file, served passive (rules in servedFiles.ts). @fastify/send does the file
// work (ETag, Last-Modified, conditional requests, Range, HEAD); it is told not to choose a Content-Type, and we set
// ours from the name of the file actually opened and its first bytes. Blobs are immutable: cached for a year.
import path from 'node:path';
import type { Stats } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { send } from '@fastify/send';
import { PUBLIC } from './access.ts';
import { fail } from './envelope.ts';
import { needsHead, servedAs, servedHeaders, type ServedAs } from './servedFiles.ts';
import { MEDIA_PREFIX, type BlobStore } from '../storage/blobStore.ts';
import { FolderBlobStore } from '../storage/folderBlobStore.ts';
import { readHead } from '../storage/fileHead.ts';

/**
 * The blob key of a routed (already percent-decoded) path, or null when no stored key can be spelled that way:
 * empty, '.' or '..' segments, backslashes, control characters, and segments ending in '.' or ' ' (which some file
 * systems drop, so that "x.html." would open "x.html" while its name says otherwise).
 */
export function mediaKeyOf(routed: string): string | null {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what a key may not hold
  if (!routed || /[\\\u0000-\u001f\u007f]/.test(routed)) return null;
  const segments = routed.split('/');
  if (segments.some((s) => s === '' || s === '.' || s === '..' || /[. ]$/.test(s))) return null;
  return routed;
}

/** Decisions by file, for as long as the file is unchanged (tiles are asked for again and again). */
class DecisionCache {
  private map = new Map<string, { size: number; mtimeMs: number; served: ServedAs }>();
  constructor(private max = 10_000) {}
  get(file: string, stat: Stats): ServedAs | undefined {
    const hit = this.map.get(file);
    return hit && hit.size === stat.size && hit.mtimeMs === stat.mtimeMs ? hit.served : undefined;
  }
  set(file: string, stat: Stats, served: ServedAs): void {
    if (this.map.size >= this.max) this.map.delete(this.map.keys().next().value!);
    this.map.set(file, { size: stat.size, mtimeMs: stat.mtimeMs, served });
  }
}

/** Uploads waiting for their import job (incoming/) are nobody's to read. */
const isPrivateKey = (key: string) => key.startsWith('incoming/');

const notFoundBody = (url: string) =>
  fail(`Not found: ${url.split('?')[0]}. The file may have been replaced by a newer upload; reload the page.`);

export async function mediaRoutes(app: FastifyInstance, blobs: BlobStore): Promise<void> {
  if (!(blobs instanceof FolderBlobStore)) return redirectToStore(app, blobs);
  const mediaDir = blobs.mediaDir;
  const cache = new DecisionCache();
  app.get(`${MEDIA_PREFIX}*`, { schema: { hide: true }, config: { access: PUBLIC } }, async (req, reply) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    const key = mediaKeyOf((req.params as { '*': string })['*']);
    if (!key || isPrivateKey(key)) return reply.status(404).send(notFoundBody(req.url));
    let served: ServedAs | undefined;
    const result = await send(req.raw, key.split('/').map(encodeURIComponent).join('/'), {
      root: mediaDir,
      contentType: false,
      index: false,
      dotfiles: 'ignore',
      acceptRanges: true,
      etag: true,
      lastModified: true,
      maxAge: '365d',
      immutable: true,
      // Called with the file actually opened, before any header is written: the decision is made here.
      onFile: async (file: string, stat: Stats) => {
        served = cache.get(file, stat);
        if (served) return;
        served = servedAs(path.basename(file), needsHead(file) ? await readHead(file) : Buffer.alloc(0));
        cache.set(file, stat, served);
      },
    });
    if (result.type !== 'file' || !served) {
      const status = result.type === 'error' ? result.statusCode : 404;
      if (status === 416) {
        return reply
          .status(416)
          .header('Content-Range', String(result.headers['Content-Range'] ?? ''))
          .send(fail('The requested byte range is not inside the file; ask for a range within its size.'));
      }
      if (status === 412) return reply.status(412).send(fail('The file changed since you last read it; reload it.'));
      if (status >= 500) throw (result.metadata as { error?: Error }).error ?? new Error('could not read a media file');
      return reply.status(404).send(notFoundBody(req.url));
    }
    const passive = servedHeaders(served, path.basename(key));
    // A 304 has no body and so no type; every other answer (HEAD and 206 included) carries all the passive headers.
    if (result.statusCode === 304) {
      delete passive['Content-Type'];
      delete passive['Content-Disposition'];
    }
    return reply.status(result.statusCode).headers(result.headers).headers(passive).send(result.stream);
  });
}

/**
 * With a bucket, browsers read blobs from its public address; /media/<key> (links written before a migration to
 * S3, or by hand) is sent there. The key rules are the same as the folder's.
 */
function redirectToStore(app: FastifyInstance, blobs: BlobStore): void {
  app.get(`${MEDIA_PREFIX}*`, { schema: { hide: true }, config: { access: PUBLIC } }, async (req, reply) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    const key = mediaKeyOf((req.params as { '*': string })['*']);
    if (!key) return reply.status(404).send(notFoundBody(req.url));
    return reply.header('Cache-Control', 'public, max-age=3600').redirect(blobs.url(key), 301);
  });
}
