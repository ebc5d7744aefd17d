// How a user file (anything under /media/: documents, tiles, pictures) is served. Decided from an allow-list
// by the stored file's own extension, never from what the uploader said: only passive types are shown inline;
// everything else (HTML, SVG, XML of any flavour, scripts, unknown or no extension) is an attachment of type
// application/octet-stream in a sandbox, so no file we hold can run as a page of our origin.
import path from 'node:path';

/** Types a browser shows without running anything of the file's own. SVG is not one (it can carry script). */
const INLINE: Record<string, string> = {
  png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', gif: 'image/gif', webp: 'image/webp', avif: 'image/avif', bmp: 'image/bmp',
  pdf: 'application/pdf',
  txt: 'text/plain; charset=utf-8',
  mp4: 'video/mp4', m4v: 'video/mp4', webm: 'video/webm', ogv: 'video/ogg', mov: 'video/quicktime',
  mp3: 'audio/mpeg', m4a: 'audio/mp4', oga: 'audio/ogg', ogg: 'audio/ogg', wav: 'audio/wav', flac: 'audio/flac',
};

export interface ServedHeaders { 'Content-Type': string; 'Content-Disposition'?: string; 'Content-Security-Policy'?: string }

/** `filename` for a Content-Disposition header: a plain ASCII fallback and the exact name (RFC 6266 / 5987). */
export function dispositionName(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\%;]/g, '_');
  return `filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/**
 * Headers for the file at `filePath` (the path on disk after routing, so how the URL was spelled does not matter).
 * Inline files still get a sandbox CSP where the browser can show them inside one (everything but PDF, whose
 * viewer Chromium refuses to start in a sandboxed document).
 */
export function servedHeaders(filePath: string): ServedHeaders {
  const base = path.basename(filePath);
  const ext = path.extname(base).slice(1).toLowerCase();
  const inline = Object.hasOwn(INLINE, ext) ? INLINE[ext] : undefined;
  if (inline === 'application/pdf') return { 'Content-Type': inline };
  if (inline) return { 'Content-Type': inline, 'Content-Security-Policy': "sandbox; default-src 'none'; img-src 'self' data:; media-src 'self'; style-src 'unsafe-inline'" };
  return {
    'Content-Type': 'application/octet-stream',
    'Content-Disposition': `attachment; ${dispositionName(base)}`,
    'Content-Security-Policy': "sandbox; default-src 'none'",
  };
}
