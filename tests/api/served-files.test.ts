// Nothing we serve runs on our origin: a documentation ZIP carrying every kind of active content is uploaded
// over HTTP, and each file is fetched back, byte for byte, under several spellings of its URL. Only passive
// types come back inline (with their own type, never sniffed); everything else is an attachment of type
// application/octet-stream in a CSP sandbox.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './helpers/server.ts';
import { writeZip } from './helpers/zipWriter.ts';
import { rawRequest } from './helpers/rawHttp.ts';
import { png, postFile, seedSite } from './resources-helpers.ts';

const SCRIPT = '<script>document.title="ran"</script>';
/** Active or unknown content under the names an attacker would try. */
const ACTIVE: Record<string, string> = {
  'page.html': `<html><body>${SCRIPT}</body></html>`,
  'page.htm': SCRIPT,
  'page.xhtml': `<html xmlns="http://www.w3.org/1999/xhtml"><body>${SCRIPT}</body></html>`,
  'page.xht': SCRIPT,
  'page.shtml': SCRIPT,
  'page.mht': `MIME-Version: 1.0\r\nContent-Type: text/html\r\n\r\n${SCRIPT}`,
  'feed.xml': `<?xml version="1.0"?><?xml-stylesheet type="text/xsl" href="style.xsl"?><root/>`,
  'style.xsl': `<xsl:stylesheet version="1.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform"><xsl:template match="/"><html>${SCRIPT}</html></xsl:template></xsl:stylesheet>`,
  'schema.xsd': `<?xml version="1.0"?><x:script xmlns:x="http://www.w3.org/1999/xhtml">document.title="ran"</x:script>`,
  'news.rss': `<?xml version="1.0"?><x:script xmlns:x="http://www.w3.org/1999/xhtml">document.title="ran"</x:script>`,
  'pic.svg': `<svg xmlns="http://www.w3.org/2000/svg">${SCRIPT}</svg>`,
  'PIC2.SVG': `<svg xmlns="http://www.w3.org/2000/svg" onload="document.title='ran'"/>`,
  'app.js': 'document.title="ran"',
  'app.mjs': 'document.title="ran"',
  'look.css': 'body{background:url(javascript:alert(1))}',
  'movie.swf': 'FWS',
  'noextension': SCRIPT,
  'double.png.html': SCRIPT,
  'trailing.html.': SCRIPT,
  'data.json': '{"a":1}',
  'sheet.csv': '=HYPERLINK("http://evil")',
  'module.wasm': '\0asm',
  'cache.appcache': 'CACHE MANIFEST',
  'vcard.vcf': 'BEGIN:VCARD',
  'book.epub': 'PK',
};

let s: TestServer;
let urls: Map<string, string>;

beforeAll(async () => {
  s = await startServer();
  const { site } = await seedSite(s.ctx, 'served');
  const entries = [
    ...Object.entries(ACTIVE).map(([name, data]) => ({ name: `evil/${name}`, data })),
    { name: 'fine/plan.png', data: await png(8, 8) },
    { name: 'fine/html-in-a.png', data: SCRIPT },
    { name: 'fine/readme.txt', data: 'plain words' },
    { name: 'fine/manual.pdf', data: '%PDF-1.4\n%%EOF\n' },
    { name: 'fine/clip.mp4', data: 'not really a video' },
  ];
  const res = await postFile(`${s.baseUrl}/api/documentation/${site}`, 'zipFile', writeZip(entries), 'docs.zip', 'application/zip');
  expect(res.status).toBe(200);
  const files = (await (await fetch(`${s.baseUrl}/api/site/${site}/files`)).json()).payload as { name: string; url: string }[];
  urls = new Map(files.map((f) => [f.name, f.url]));
  expect(urls.size).toBe(entries.length);
});
afterAll(async () => s?.close());

/** The same file under other spellings of its path that still reach it. */
function spellings(url: string): string[] {
  const dot = url.lastIndexOf('.');
  return [
    url,
    url.replace('/media/', '/media//'),
    url.replace('/media/', '/media/./'),
    dot > 0 ? `${url.slice(0, dot)}%2E${url.slice(dot + 1)}` : url,
    url.replace(/\/([^/]+)$/, (_m, last: string) => `/${[...last].map((c) => `%${c.charCodeAt(0).toString(16).padStart(2, '0')}`).join('')}`),
  ];
}

async function headersOf(method: string, rawPath: string, extra: Record<string, string> = {}) {
  const a = await rawRequest(s.baseUrl, method, rawPath, extra);
  return { status: a.status, h: a.headers };
}

describe('files from a documentation ZIP', () => {
  it(`serves each of ${Object.keys(ACTIVE).length} active or unknown kinds as a sandboxed attachment, however its URL is spelled`, async () => {
    let checked = 0;
    for (const name of Object.keys(ACTIVE)) {
      const url = urls.get(name);
      expect(url, name).toBeTruthy();
      for (const p of spellings(url!)) {
        for (const [method, extra] of [['GET', {}], ['HEAD', {}], ['GET', { range: 'bytes=0-5' }]] as const) {
          const { status, h } = await headersOf(method, p, extra);
          if (status === 404) continue; // a spelling that reaches no file serves nothing
          expect([200, 206], `${method} ${p}`).toContain(status);
          const type = String(h['content-type']);
          expect(type, `${method} ${p}`).toBe('application/octet-stream');
          expect(String(h['content-disposition']), `${method} ${p}`).toMatch(/^attachment; filename=/);
          expect(String(h['content-security-policy']), `${method} ${p}`).toMatch(/^sandbox/);
          expect(h['x-content-type-options']).toBe('nosniff');
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThanOrEqual(Object.keys(ACTIVE).length * 3);
  });

  it('shows passive files inline with their own type', async () => {
    const expectInline = async (name: string, type: string) => {
      const { status, h } = await headersOf('GET', urls.get(name)!);
      expect(status).toBe(200);
      expect(h['content-type'], name).toBe(type);
      expect(h['content-disposition'], name).toBeUndefined();
      expect(h['x-content-type-options']).toBe('nosniff');
    };
    await expectInline('plan.png', 'image/png');
    await expectInline('readme.txt', 'text/plain; charset=utf-8');
    await expectInline('manual.pdf', 'application/pdf');
    await expectInline('clip.mp4', 'video/mp4');
    // HTML in a file named .png is sent as an image that never decodes, and may not be sniffed as HTML.
    await expectInline('html-in-a.png', 'image/png');
  });

  it('an attachment keeps the name it had in the ZIP', async () => {
    const { h } = await headersOf('GET', urls.get('page.html')!);
    expect(String(h['content-disposition'])).toBe(`attachment; filename="page.html"; filename*=UTF-8''page.html`);
  });
});

describe('files under /media that no upload made', () => {
  it('treats a name without an allowed extension as an attachment, and a missing file as 404 JSON', async () => {
    const fs = await import('node:fs');
    const path = await import('node:path');
    const dir = path.join(s.dataDir, 'media', 'stray');
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'x.xml'), '<x/>');
    const { h } = await headersOf('GET', '/media/stray/x.xml');
    expect(h['content-type']).toBe('application/octet-stream');
    const missing = await headersOf('GET', '/media/stray/none.svg');
    expect(missing.status).toBe(404);
    expect(String(missing.h['content-type'])).toMatch(/^application\/json/);
  });
});

describe('HTML from data', () => {
  it('is stored sanitised: the about text comes back without script, styles or foreign pictures', async () => {
    const { site } = await seedSite(s.ctx, 'about-site');
    const hostile = '<p>Hello</p><img src=x onerror="alert(1)"><div style="position:fixed;inset:0">Sign in</div>'
      + '<script>alert(2)</script><a href="javascript:alert(3)">x</a><img src="https://tracker.example/p.gif"><img src="/media/a.png">';
    const res = await fetch(`${s.baseUrl}/api/site/${site}/about`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ info: hostile }) });
    expect(res.status).toBe(200);
    const stored = (await (await fetch(`${s.baseUrl}/api/site/${site}/about`)).json()).payload.info as string;
    expect(stored).toBe('<p>Hello</p><img><div>Sign in</div><a>x</a><img src="https://tracker.example/p.gif"><img src="/media/a.png">');
  });
});
