// The headers an object is stored with in a bucket: the served-file rules (http/servedFiles.ts) carried by the
// object itself, since browsers read it from the bucket and not through us. A bucket cannot hold a CSP or nosniff
// per object: the public bucket or CDN must add both to every answer (deploy/README.md).
import path from 'node:path';
import { HEAD_BYTES, contentDisposition, servedAs } from '../http/servedFiles.ts';

export const IMMUTABLE = 'public, max-age=31536000, immutable';

export interface ObjectHeaders {
  ContentType: string;
  ContentDisposition: string;
  CacheControl: string;
}

/** Headers for the object `key` whose first bytes are `head` (up to HEAD_BYTES). */
export function objectHeaders(key: string, head: Buffer): ObjectHeaders {
  const name = path.posix.basename(key);
  const served = servedAs(name, head.subarray(0, HEAD_BYTES));
  return {
    ContentType: served.contentType,
    ContentDisposition: contentDisposition(served.inline ? 'inline' : 'attachment', name),
    CacheControl: IMMUTABLE,
  };
}
