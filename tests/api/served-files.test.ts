// Nothing we serve runs on our origin. A documentation ZIP carrying every kind of active content is uploaded over
// HTTP and each file is fetched back under several spellings of its URL, with GET, HEAD and a Range: only passive
// types come back inline (our type, checked against the content, nosniff, sandboxed); everything else is an
// application/octet-stream attachment in a CSP sandbox. Pictures of every other upload (floor plans, pin covers,
// tiles) and files stored before this rule are checked too. The browser side is tests/e2e/served-files.spec.ts.
// With S3_TEST=1 the files are read from the bucket (through the headers the deploy guide asks of its front): the
// same headers are checked there; what only our /media route does (path spellings, JSON errors) is the folder's.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './helpers/server.ts';
import { writeZip } from './helpers/zipWriter.ts';
import { rawRequest } from './helpers/rawHttp.ts';
import { HOSTILE_FILES, passiveFiles } from './helpers/servedFileCorpus.ts';
import { exportZip, positionsCsv } from './helpers/exportBuilder.ts';
import { uploadScenes } from './helpers/upload.ts';
import { png, postFile, seedSite } from './resources-helpers.ts';
import { s3Testing } from './helpers/s3.ts';
import { storedKeys } from './helpers/snapshot.ts';

const onBucket = s3Testing();
const FOLDER_ONLY = 'the /media route of the local folder: a bucket answers these itself';

let s: TestServer;
let urls: Map<string, string>;
let passive: Awaited<ReturnType<typeof passiveFiles>>;

beforeAll(async () => {
  s = await startServer();
  passive = await passiveFiles();
  const { site } = await seedSite(s.ctx, 'served');
  const entries = [
    ...Object.entries(HOSTILE_FILES).map(([name, data]) => ({ name: `evil/${name}`, data })),
    ...Object.entries(passive).map(([name, f]) => ({ name: `fine/${name}`, data: f.data })),
  ];
  const res = await postFile(
    `${s.baseUrl}/api/documentation/${site}`,
    'zipFile',
    writeZip(entries),
    'docs.zip',
    'application/zip',
  );
  expect(res.status).toBe(200);
  const files = (await (await fetch(`${s.baseUrl}/api/site/${site}/files`)).json()).payload as {
    name: string;
    url: string;
  }[];
  urls = new Map(files.map((f) => [f.name, f.url]));
  expect(urls.size).toBe(entries.length);
});
afterAll(async () => s?.close());

/** The same file under other spellings of its path; each either reaches the same file or nothing (404). */
function spellings(url: string): string[] {
  const dot = url.lastIndexOf('.');
  const last = url.lastIndexOf('/');
  const enc = (c: string) => `%${c.charCodeAt(0).toString(16).padStart(2, '0')}`;
  return [
    url,
    url.replace('/media/', '/media//'),
    url.replace('/media/', '/media/./'),
    url.replace('/media/', '/media/x/../'),
    url.replace('/media/', '/media/%2e/'),
    dot > last ? `${url.slice(0, dot)}%2E${url.slice(dot + 1)}` : url,
    `${url.slice(0, last + 1)}${[...url.slice(last + 1)].map(enc).join('')}`,
    `${url.slice(0, last)}%2F${url.slice(last + 1)}`,
    url.toUpperCase(),
    dot > last ? url.slice(0, dot) + url.slice(dot).toUpperCase() : url,
    `${url}.`,
    `${url}/`,
    `${url}%20`,
    `${url}::$DATA`,
    `${url};.png`,
    `${url}?x=.png`,
    `${url}#.png`,
  ];
}

const METHODS = [
  ['GET', {}],
  ['HEAD', {}],
  ['GET', { range: 'bytes=0-5' }],
  ['GET', { range: 'bytes=3-' }],
] as const;

/** An answer for a media URL: a path of ours, or an absolute address in the bucket. */
async function answer(method: string, rawPath: string, extra: Record<string, string> = {}) {
  const abs = /^https?:\/\//.test(rawPath) ? new URL(rawPath) : undefined;
  const a = await rawRequest(abs ? abs.origin : s.baseUrl, method, abs ? abs.pathname + abs.search : rawPath, extra);
  return { status: a.status, h: a.headers, body: a.body };
}

describe('files from a documentation ZIP', () => {
  it(`serves each of ${Object.keys(HOSTILE_FILES).length} active, unknown or mislabelled kinds as a sandboxed attachment, however it is asked for`, async () => {
    let reached = 0;
    for (const name of Object.keys(HOSTILE_FILES)) {
      const url = urls.get(name);
      expect(url, name).toBeTruthy();
      for (const p of onBucket ? [url!] : spellings(url!)) {
        for (const [method, extra] of METHODS) {
          const { status, h } = await answer(method, p, extra);
          if ([400, 404, 416].includes(status)) {
            // Reaching no file (or no byte of it) serves nothing of it: the JSON envelope, never the file as another type.
            // (A bucket's own error answer is its XML error document.)
            expect(String(h['content-type']), `${method} ${p}`).toMatch(
              onBucket ? /^application\/(json|xml)/ : /^application\/json/,
            );
            continue;
          }
          expect([200, 206], `${method} ${p}`).toContain(status);
          expect(h['content-type'], `${method} ${p}`).toBe('application/octet-stream');
          expect(String(h['content-disposition']), `${method} ${p}`).toMatch(/^attachment; filename="/);
          expect(String(h['content-security-policy']), `${method} ${p}`).toMatch(/^sandbox; default-src 'none'/);
          expect(h['x-content-type-options'], `${method} ${p}`).toBe('nosniff');
          reached++;
        }
      }
    }
    // Every file is reached at least by its own URL, percent-encoded letters and an encoded dot, each 4 ways.
    // In a bucket (its own URL only), a range past the end of the few tiny files is refused: 3 of 4 ways at least.
    expect(reached).toBeGreaterThanOrEqual(
      Object.keys(HOSTILE_FILES).length * (onBucket ? METHODS.length - 1 : METHODS.length * 3),
    );
  });

  it('shows passive files inline with the type of their content, sandboxed and never sniffed', async () => {
    for (const [name, f] of Object.entries(passive)) {
      for (const [method, extra] of METHODS) {
        const { status, h, body } = await answer(method, urls.get(name)!, extra);
        expect([200, 206], `${method} ${name}`).toContain(status);
        expect(h['content-type'], `${method} ${name}`).toBe(f.type);
        expect(String(h['content-disposition']), name).toMatch(/^inline; filename="/);
        expect(String(h['content-security-policy']), name).toMatch(/^sandbox; default-src 'none'/);
        expect(h['x-content-type-options'], name).toBe('nosniff');
        if (method === 'HEAD') {
          expect(body).toBe('');
          expect(Number(h['content-length'])).toBe(f.data.length);
        }
        if ('range' in extra && extra.range === 'bytes=0-5')
          expect(h['content-range']).toBe(`bytes 0-5/${f.data.length}`);
      }
    }
    const full = await fetch(new URL(urls.get('manual.pdf')!, s.baseUrl));
    expect(Buffer.from(await full.arrayBuffer())).toEqual(passive['manual.pdf'].data);
  });

  it('an attachment keeps the name it had in the ZIP', async () => {
    expect((await answer('GET', urls.get('page.html')!)).h['content-disposition']).toBe(
      `attachment; filename="page.html"; filename*=UTF-8''page.html`,
    );
    expect((await answer('GET', urls.get('UPPER.HTML')!)).h['content-disposition']).toMatch(
      /^attachment; filename="UPPER.HTML"/,
    );
    const body = await (await fetch(new URL(urls.get('page.html')!, s.baseUrl))).text();
    expect(body).toBe(HOSTILE_FILES['page.html']);
  });

  it('a revalidation (304) and an unsatisfiable range (416) keep nosniff and the sandbox, and say what to do', async (t) => {
    if (onBucket) return t.skip(FOLDER_ONLY);
    const url = urls.get('plan.png')!;
    const first = await answer('GET', url);
    const again = await answer('GET', url, { 'if-none-match': first.h.etag });
    expect(again.status).toBe(304);
    expect(again.h['x-content-type-options']).toBe('nosniff');
    expect(String(again.h['content-security-policy'])).toMatch(/^sandbox/);
    const beyond = await answer('GET', urls.get('page.html')!, { range: 'bytes=999999-' });
    expect(beyond.status).toBe(416);
    expect(JSON.parse(beyond.body).message).toMatch(/range/);
  });
});

describe('files under /media that no upload of this version made', () => {
  it('are served by the same rule: old ".txt" names as text, other names as attachments, missing files as 404 JSON', async (t) => {
    if (onBucket) return t.skip(FOLDER_ONLY);
    const dir = path.join(s.dataDir, 'media', 'docs', 'served', 'old-upload');
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'x.xml'), HOSTILE_FILES['feed.xml']);
    fs.writeFileSync(path.join(dir, 'README'), HOSTILE_FILES['page.html']);
    fs.writeFileSync(path.join(dir, 'report.svg.txt'), HOSTILE_FILES['plan.svg']);
    fs.writeFileSync(path.join(dir, 'photo.png'), await png(4, 4));
    const get = async (n: string) => (await answer('GET', `/media/docs/served/old-upload/${n}`)).h;
    expect(await get('x.xml')).toMatchObject({
      'content-type': 'application/octet-stream',
      'x-content-type-options': 'nosniff',
    });
    expect(String((await get('x.xml'))['content-disposition'])).toMatch(/^attachment/);
    expect(String((await get('README'))['content-disposition'])).toMatch(/^attachment; filename="README"/);
    expect((await get('report.svg.txt'))['content-type']).toBe('text/plain; charset=utf-8');
    expect((await get('photo.png'))['content-type']).toBe('image/png');
    for (const p of [
      '/media/docs/served/old-upload/none.svg',
      '/media/docs/served/old-upload/',
      '/media/docs/served/old-upload',
      '/media/../survey.sqlite',
      '/media/%2e%2e/survey.sqlite',
      '/media/docs/served/old-upload/x.xml%00.png',
      '/media/',
    ]) {
      const a = await answer('GET', p);
      expect([400, 404], p).toContain(a.status);
      expect(String(a.h['content-type']), p).toMatch(/^application\/json/);
      expect(JSON.parse(a.body).message, p).toBeTruthy();
    }
  });
});

describe('pictures of the other uploads', () => {
  it('floor plans, pin covers, tiles and previews are inline pictures with nosniff and the sandbox', async () => {
    const { site } = await seedSite(s.ctx, 'pictures');
    const plan = await postFile(
      `${s.baseUrl}/api/site/${site}/minimap?floor=0`,
      'file',
      await png(64, 48),
      'plan.png',
      'image/png',
    );
    const cover = await postFile(
      `${s.baseUrl}/api/map-pins/preview`,
      'file',
      await png(32, 32),
      'cover.png',
      'image/png',
    );
    const up = await uploadScenes(s.baseUrl, 'tiles-site', 0, {
      zip: await exportZip(),
      csv: positionsCsv(),
      mode: 'addNewSite',
      siteName: 'Tiles site',
    });
    expect(up.status).toBe(200);
    const picked: string[] = [];
    expect(plan.status).toBe(200);
    picked.push(plan.body.payload.image, plan.body.payload.image_url, plan.body.payload.image_large_url);
    expect(cover.status).toBe(200);
    picked.push(cover.body.payload.url);
    // Tiles: every scene's preview and one tile, found in the store under the tiles prefix the upload wrote.
    const tilesIds = [
      ...new Set((await storedKeys(s.ctx)).filter((k) => k.startsWith('tiles/')).map((k) => k.split('/')[1])),
    ];
    expect(tilesIds.length).toBeGreaterThan(0);
    for (const t of tilesIds)
      picked.push(s.ctx.blobs.url(`tiles/${t}/preview.jpg`), s.ctx.blobs.url(`tiles/${t}/1/f/0/0.jpg`));
    for (const url of picked) {
      expect(s.ctx.blobs.keyOfUrl(url), 'an upload answered a URL of the store').toBeTruthy();
      const { status, h } = await answer('GET', url);
      expect(status, url).toBe(200);
      expect(String(h['content-type']), url).toMatch(/^image\/(png|jpeg)$/);
      expect(String(h['content-security-policy']), url).toMatch(/^sandbox/);
      expect(h['x-content-type-options'], url).toBe('nosniff');
      expect(h['cache-control'], url).toBe('public, max-age=31536000, immutable');
    }
    expect(picked.length).toBeGreaterThanOrEqual(3 + 1 + 2 * 2);
  });
});
