// The compression of answers, in one place: what the compression plugin is registered with (app.ts) and what the
// read cache (readCache.ts) keeps ready, so an answer kept in memory is compressed once, not at every request.
import zlib from 'node:zlib';

export const ENCODINGS = ['br', 'gzip'] as const;
export type Encoding = (typeof ENCODINGS)[number];
/** Smaller answers go out as they are (the plugin's default). */
export const COMPRESS_THRESHOLD = 1024;
/** Brotli's quality for answers made per request: cheap enough on the fly (the plugin's default). */
const BROTLI_QUALITY = 4;

/** The encoding to send for an Accept-Encoding header: the client's highest q, ours in order on a tie; null for none. */
export function acceptedEncoding(header: string | string[] | undefined): Encoding | null {
  if (!header) return null;
  let best: Encoding | null = null;
  let bestQ = 0;
  for (const part of (Array.isArray(header) ? header.join(',') : header).split(',').slice(0, 20)) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (!(q > 0)) continue;
    for (const enc of ENCODINGS) {
      if (name !== enc && name !== '*') continue;
      if (q > bestQ || (q === bestQ && best && ENCODINGS.indexOf(enc) < ENCODINGS.indexOf(best))) {
        best = enc;
        bestQ = q;
      }
    }
  }
  return best;
}

export function encodeBody(body: string, encoding: Encoding): Buffer {
  return encoding === 'br'
    ? zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } })
    : zlib.gzipSync(body);
}
