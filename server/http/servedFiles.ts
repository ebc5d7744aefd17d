// How a user file (anything under /media/: documents, uploaded pictures, minimaps, tiles) is served. Pure rules.
//
// Only passive kinds are shown inline: raster images, PDF, plain text, video and audio. The Content-Type is ours,
// chosen from an allow-list by the stored name's extension AND confirmed by the file's first bytes (text excepted:
// text/plain with nosniff is never run). Everything else (HTML, XML and every XML dialect, SVG, scripts, style
// sheets, MHT, unknown or missing extensions, a ".png" that holds HTML) is an application/octet-stream attachment.
// Every answer carries nosniff and a sandboxing CSP: even a browser that ignored the attachment would run nothing,
// with an opaque origin (none of our cookies or storage) and no network access. Chromium still shows images, PDF
// (its viewer works under this CSP), text and media with it, so it is on the inline answers too.
import path from 'node:path';

/** Bytes of a file's start that the content checks read (a PDF header may follow up to 1 kB of junk). */
export const HEAD_BYTES = 1024;

/** The CSP of every user file: no script, an opaque origin, nothing loaded but the file itself. */
export const USER_FILE_CSP =
  "sandbox; default-src 'none'; img-src 'self' data:; media-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'self'";

type Kind = 'image' | 'pdf' | 'text' | 'media';

const startsWith = (head: Buffer, bytes: number[] | string, at = 0) =>
  (typeof bytes === 'string' ? [...Buffer.from(bytes, 'latin1')] : bytes).every((b, i) => head[at + i] === b);

/** Raster formats by their signature; the type served is the content's, so a PNG named .jpg still shows. */
const RASTER: { type: string; is: (h: Buffer) => boolean }[] = [
  { type: 'image/png', is: (h) => startsWith(h, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) },
  { type: 'image/jpeg', is: (h) => startsWith(h, [0xff, 0xd8, 0xff]) },
  { type: 'image/gif', is: (h) => startsWith(h, 'GIF87a') || startsWith(h, 'GIF89a') },
  { type: 'image/webp', is: (h) => startsWith(h, 'RIFF') && startsWith(h, 'WEBP', 8) },
  {
    type: 'image/avif',
    is: (h) => startsWith(h, 'ftyp', 4) && /avi[fs]/.test(h.subarray(8, Math.min(h.length, 64)).toString('latin1')),
  },
  { type: 'image/bmp', is: (h) => startsWith(h, 'BM') && h.length >= 26 },
];

const isoMedia = (h: Buffer) => startsWith(h, 'ftyp', 4);
const ogg = (h: Buffer) => startsWith(h, 'OggS');
const ebml = (h: Buffer) => startsWith(h, [0x1a, 0x45, 0xdf, 0xa3]);
const mp3 = (h: Buffer) => startsWith(h, 'ID3') || (h[0] === 0xff && (h[1] & 0xe0) === 0xe0);

/** The allow-list: extension -> kind, the type served and the check of the first bytes. */
const INLINE: Record<string, { kind: Kind; type: string; is: (h: Buffer) => boolean }> = {
  pdf: { kind: 'pdf', type: 'application/pdf', is: (h) => h.subarray(0, HEAD_BYTES).includes('%PDF-') },
  txt: { kind: 'text', type: 'text/plain; charset=utf-8', is: () => true },
  mp4: { kind: 'media', type: 'video/mp4', is: isoMedia },
  m4v: { kind: 'media', type: 'video/mp4', is: isoMedia },
  mov: { kind: 'media', type: 'video/quicktime', is: isoMedia },
  webm: { kind: 'media', type: 'video/webm', is: ebml },
  ogv: { kind: 'media', type: 'video/ogg', is: ogg },
  m4a: { kind: 'media', type: 'audio/mp4', is: isoMedia },
  mp3: { kind: 'media', type: 'audio/mpeg', is: mp3 },
  oga: { kind: 'media', type: 'audio/ogg', is: ogg },
  ogg: { kind: 'media', type: 'audio/ogg', is: ogg },
  opus: { kind: 'media', type: 'audio/ogg', is: ogg },
  wav: { kind: 'media', type: 'audio/wav', is: (h) => startsWith(h, 'RIFF') && startsWith(h, 'WAVE', 8) },
  flac: { kind: 'media', type: 'audio/flac', is: (h) => startsWith(h, 'fLaC') },
};
const RASTER_EXTENSIONS = new Set(['png', 'jpg', 'jpeg', 'jpe', 'jfif', 'gif', 'webp', 'avif', 'bmp']);

/** What a file is served as. */
export interface ServedAs {
  contentType: string;
  inline: boolean;
}

const ATTACHMENT: ServedAs = { contentType: 'application/octet-stream', inline: false };

/** The extension that decides, lower-cased ("" when there is none). */
function extensionOf(fileName: string): string {
  return path.posix.extname(fileName).slice(1).toLowerCase();
}

/** Whether the decision needs the file's first bytes (every inline kind does but text). */
export function needsHead(fileName: string): boolean {
  const ext = extensionOf(fileName);
  return RASTER_EXTENSIONS.has(ext) || (ext in INLINE && INLINE[ext].kind !== 'text');
}

/** How to serve `fileName` whose first bytes are `head` (up to HEAD_BYTES; may be empty when needsHead is false). */
export function servedAs(fileName: string, head: Buffer): ServedAs {
  const ext = extensionOf(fileName);
  if (RASTER_EXTENSIONS.has(ext)) {
    const raster = RASTER.find((r) => r.is(head));
    return raster ? { contentType: raster.type, inline: true } : ATTACHMENT;
  }
  const entry = Object.hasOwn(INLINE, ext) ? INLINE[ext] : undefined;
  return entry && entry.is(head) ? { contentType: entry.type, inline: true } : ATTACHMENT;
}

/** A Content-Disposition naming the file: an ASCII fallback and the exact name (RFC 6266 / 8187). */
export function contentDisposition(disposition: 'inline' | 'attachment', fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const exact = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${disposition}; filename="${ascii}"; filename*=UTF-8''${exact}`;
}

/** The headers that make an answer passive, whatever the file holds. */
export function servedHeaders(served: ServedAs, fileName: string): Record<string, string> {
  return {
    'Content-Type': served.contentType,
    'Content-Disposition': contentDisposition(served.inline ? 'inline' : 'attachment', fileName),
    'Content-Security-Policy': USER_FILE_CSP,
    'X-Content-Type-Options': 'nosniff',
  };
}
