// The rules of how a user file is served (server/http/servedFiles.ts) and which routed paths name a blob key
// (server/http/mediaRoute.ts), pure: the API and browser tests (served-files) prove them over HTTP and in Chromium.
import { describe, expect, it } from 'vitest';
import {
  contentDisposition,
  needsHead,
  servedAs,
  servedHeaders,
  USER_FILE_CSP,
} from '../../../server/http/servedFiles';
import { mediaKeyOf } from '../../../server/http/mediaRoute';

const bytes = (...parts: (string | number[])[]) =>
  Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))));
const PNG = bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 'rest');
const JPEG = bytes([0xff, 0xd8, 0xff, 0xe0], 'rest');
const HTML = bytes('<!doctype html><script>alert(1)</script>');
const attachment = { contentType: 'application/octet-stream', inline: false };

describe('servedAs', () => {
  it('shows a picture inline with the type of its content, whatever raster extension it has', () => {
    expect(servedAs('a.png', PNG)).toEqual({ contentType: 'image/png', inline: true });
    expect(servedAs('a.JPG', PNG)).toEqual({ contentType: 'image/png', inline: true });
    expect(servedAs('a.jpeg', JPEG)).toEqual({ contentType: 'image/jpeg', inline: true });
    expect(servedAs('a.gif', bytes('GIF89a...'))).toEqual({ contentType: 'image/gif', inline: true });
    expect(servedAs('a.webp', bytes('RIFF\0\0\0\0WEBPVP8 '))).toEqual({ contentType: 'image/webp', inline: true });
    expect(servedAs('a.avif', bytes([0, 0, 0, 0x1c], 'ftypavif'))).toEqual({ contentType: 'image/avif', inline: true });
  });

  it('makes an attachment of a picture name that does not hold a picture, and of a picture under another name', () => {
    expect(servedAs('a.png', HTML)).toEqual(attachment);
    expect(servedAs('a.png', Buffer.alloc(0))).toEqual(attachment);
    expect(servedAs('a.html', PNG)).toEqual(attachment);
    expect(servedAs('a.png.html', PNG)).toEqual(attachment);
    expect(servedAs('png', PNG)).toEqual(attachment);
  });

  it('never shows SVG, HTML, XML or scripts inline', () => {
    for (const name of [
      'a.svg',
      'a.SVG',
      'a.svgz',
      'a.html',
      'a.xhtml',
      'a.xml',
      'a.xsl',
      'a.rss',
      'a.js',
      'a.css',
      'a.mht',
      'a.json',
      'a.csv',
      'README',
      '.htaccess',
      'a.',
    ]) {
      expect(servedAs(name, PNG), name).toEqual(attachment);
    }
  });

  it('checks PDF, video and audio by their signature, and shows .txt as UTF-8 text', () => {
    expect(servedAs('a.pdf', bytes('%PDF-1.7\n'))).toEqual({ contentType: 'application/pdf', inline: true });
    expect(servedAs('a.pdf', HTML)).toEqual(attachment);
    expect(servedAs('a.mp4', bytes([0, 0, 0, 0x18], 'ftypmp42'))).toEqual({ contentType: 'video/mp4', inline: true });
    expect(servedAs('a.mp4', HTML)).toEqual(attachment);
    expect(servedAs('a.webm', bytes([0x1a, 0x45, 0xdf, 0xa3]))).toEqual({ contentType: 'video/webm', inline: true });
    expect(servedAs('a.mp3', bytes('ID3'))).toEqual({ contentType: 'audio/mpeg', inline: true });
    expect(servedAs('a.txt', HTML)).toEqual({ contentType: 'text/plain; charset=utf-8', inline: true });
    expect(needsHead('a.txt')).toBe(false);
    expect(needsHead('a.PNG')).toBe(true);
    expect(needsHead('a.html')).toBe(false);
  });
});

describe('headers', () => {
  it('always carry nosniff and the sandbox; an attachment is named', () => {
    expect(servedHeaders(attachment, 'page.html')).toEqual({
      'Content-Type': 'application/octet-stream',
      'Content-Disposition': `attachment; filename="page.html"; filename*=UTF-8''page.html`,
      'Content-Security-Policy': USER_FILE_CSP,
      'X-Content-Type-Options': 'nosniff',
    });
    expect(USER_FILE_CSP).toMatch(/^sandbox; default-src 'none'/);
    expect(servedHeaders({ contentType: 'image/png', inline: true }, 'a.png')['Content-Disposition']).toMatch(
      /^inline;/,
    );
  });

  it('names a file safely whatever its characters', () => {
    expect(contentDisposition('attachment', 'Plan "é";\r\n.pdf')).toBe(
      `attachment; filename="Plan ___;__.pdf"; filename*=UTF-8''Plan%20%22%C3%A9%22%3B%0D%0A.pdf`,
    );
  });
});

describe('mediaKeyOf', () => {
  it('takes keys as stored, and refuses spellings no stored key has', () => {
    expect(mediaKeyOf('docs/site/1f0e/plan.png')).toBe('docs/site/1f0e/plan.png');
    expect(mediaKeyOf('tiles/abc/1/f/0/0.jpg')).toBe('tiles/abc/1/f/0/0.jpg');
    for (const bad of [
      '',
      'docs//a.png',
      'docs/./a.png',
      'docs/../a.png',
      'docs/a.html.',
      'docs/a.html ',
      'docs/a/',
      'docs\\a.png',
      'docs/a.png\u0000.txt',
      '/docs/a.png',
    ]) {
      expect(mediaKeyOf(bad), JSON.stringify(bad)).toBeNull();
    }
  });
});
