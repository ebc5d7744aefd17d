// Hostile exports, documentation archives, images and bodies, made in the test: absurd pyramids, bombs, lying
// headers, huge CSVs, deep trees, broken multipart, each with the answer it must get. They are sent to the site
// HOSTILE_SITE, which holds the valid test export (hostile-corpus.test.ts in process, crash-corpus.test.ts to a
// child process). (tests/api/ingest-errors.test.ts holds the export format's own refusals: paths, symlinks, ratios.)
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { uploadScenes, type UploadInput } from './upload.ts';
import { crc32, writeZip, type ZipWriterEntry } from './zipWriter.ts';
import { appData, dataJsText, exportEntries, exportZip, positionsCsv } from './exportBuilder.ts';
import { postFile } from '../resources-helpers.ts';

/** The site every case is sent to; it must exist (see uploadHostileSite). */
export const HOSTILE_SITE = 'corpus';

const csv = positionsCsv();
const csvWith = (...rows: string[]) => ['title,fileName,x,y,date,floor', ...rows].join('\n') + '\n';
const OK_ROWS = ['A,hall_a,1,2,05/03/2024,0', 'B,hall_b,3,4,05/03/2024,0'];

/** The valid test export with data.js edited, and stored uncompressed (so the zip-bomb guard is not what refuses it). */
async function withData(edit: (d: any) => void): Promise<Buffer> {
  const d = appData([
    { id: '0-hall_a', name: 'hall_a' },
    { id: '1-hall_b', name: 'hall_b' },
  ]);
  edit(d);
  return storedDataJs(dataJsText(d));
}
async function storedDataJs(text: string): Promise<Buffer> {
  const entries = await exportEntries({ dataJs: text });
  for (const e of entries) if (e.name.endsWith('data.js')) e.method = 'store';
  return writeZip(entries);
}
const level0 = (d: any) => d.scenes[0];

/** A PNG whose header claims `w` x `h` pixels, with almost no pixel data behind it. */
function lyingPng(w: number, h: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const td = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(td));
    return Buffer.concat([len, td, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', Buffer.from([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A real small JPEG whose frame header is rewritten to claim `w` x `h`. */
export async function lyingJpeg(w: number, h: number): Promise<Buffer> {
  const jpg = Buffer.from(
    await sharp({ create: { width: 16, height: 16, channels: 3, background: '#888' } })
      .jpeg()
      .toBuffer(),
  );
  for (let i = 2; i < jpg.length - 9; i++) {
    if (jpg[i] === 0xff && jpg[i + 1] >= 0xc0 && jpg[i + 1] <= 0xc2) {
      jpg.writeUInt16BE(h, i + 5);
      jpg.writeUInt16BE(w, i + 7);
      return jpg;
    }
  }
  throw new Error('no SOF marker');
}

export type Target = 'scenes' | 'docs' | 'minimap' | 'cover' | 'raw';
export interface Case {
  name: string;
  target: Target;
  status: number;
  message: RegExp;
  input: () => Promise<any>;
}

const sceneCase = (name: string, status: number, message: RegExp, input: () => Promise<UploadInput>): Case => ({
  name,
  target: 'scenes',
  status,
  message,
  input,
});
const docsCase = (name: string, status: number, message: RegExp, entries: () => ZipWriterEntry[] | Buffer): Case => ({
  name,
  target: 'docs',
  status,
  message,
  input: async () => {
    const e = entries();
    return Buffer.isBuffer(e) ? e : writeZip(e);
  },
});
const imageCase = (
  target: 'minimap' | 'cover',
  name: string,
  message: RegExp,
  image: () => Promise<Buffer> | Buffer,
  filename = 'plan.png',
): Case => ({ name, target, status: 400, message, input: async () => ({ image: await image(), filename }) });
const rawCase = (
  name: string,
  status: number,
  message: RegExp,
  path: string,
  contentType: string,
  body: string,
): Case => ({ name, target: 'raw', status, message, input: async () => ({ path, contentType, body }) });

/** A JPEG start and `n` bytes of noise: passes the tile check on its first bytes, and keeps a stream busy. */
const jpegStarted = (n: number) => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(n)]);
/** Text of `n` bytes (hex of noise): deflate codes it, so damaged deflate data fails half-way while inflating. */
const jpegStartedText = (n: number) =>
  Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from(randomBytes(n / 2).toString('hex'))]);
/** Overwrites 4 kB in the middle of a compressed stream. */
const damageMiddle = (body: Buffer) => {
  randomBytes(4096).copy(body, Math.floor(body.length / 2));
  return body;
};

/**
 * The valid test export whose tiles all stream for a while (600 kB each, stored), with `edit` applied to the tile
 * `0-hall_a/1/u/0/0.jpg`: an entry that fails half-way while the other tiles are being unpacked beside it.
 */
async function busyExport(edit: (tile: ZipWriterEntry) => void): Promise<UploadInput> {
  const entries = await exportEntries();
  for (const e of entries) {
    if (!/\/tiles\/.*\.jpg$/.test(e.name)) continue;
    Object.assign(e, { data: jpegStarted(600_000), method: 'store' });
    if (e.name.endsWith('0-hall_a/1/u/0/0.jpg')) edit(e);
  }
  return { zip: writeZip(entries), csv };
}

/**
 * A picture of noise (it compresses badly, so it is large), cut or damaged half-way through its bytes. (A JPEG
 * damaged in its middle still decodes, to other pixels, so damage is tried on PNG: its checksums catch it.)
 */
async function damagedPicture(format: 'png' | 'jpeg', how: 'cut' | 'damaged'): Promise<Buffer> {
  const side = 1500;
  const noise = sharp(randomBytes(side * side * 3), { raw: { width: side, height: side, channels: 3 } });
  const img = await (format === 'png' ? noise.png() : noise.jpeg()).toBuffer();
  if (how === 'cut') return img.subarray(0, Math.floor(img.length * 0.6));
  return damageMiddle(Buffer.from(img));
}

const PYRAMID = /data\.js|tile files|levels|tiles per face/;
export const hostileCases: Case[] = [
  // Absurd pyramids in data.js.
  sceneCase('a face of 2^30 pixels', 400, /faceSize: must be from 0 to 65536/, () =>
    withData((d) => {
      level0(d).faceSize = 2 ** 30;
    }).then((zip) => ({ zip, csv })),
  ),
  sceneCase('a level of 2^30 pixels with 1-pixel tiles', 400, /levels\[1\]\.tileSize: must be from 16/, () =>
    withData((d) => {
      level0(d).levels[1] = { tileSize: 1, size: 2 ** 30 };
    }).then((zip) => ({ zip, csv })),
  ),
  sceneCase('a level with 4096 tiles per face side', 400, /more than 256 tiles per face side/, () =>
    withData((d) => {
      level0(d).levels[1] = { tileSize: 16, size: 65536 };
    }).then((zip) => ({ zip, csv })),
  ),
  sceneCase(
    'a pyramid needing more tiles than the zip holds',
    400,
    /tile files for it, more than the \d+ files in the whole zip/,
    () =>
      withData((d) => {
        level0(d).levels.push({ tileSize: 256, size: 65536 });
      }).then((zip) => ({ zip, csv })),
  ),
  sceneCase('a million levels', 400, /may have at most 12 levels/, () =>
    withData((d) => {
      level0(d).levels = Array.from({ length: 10_000 }, () => ({ tileSize: 256, size: 256 }));
    }).then((zip) => ({ zip, csv })),
  ),
  sceneCase('tile size 0', 400, PYRAMID, () =>
    withData((d) => {
      level0(d).levels[1].tileSize = 0;
    }).then((zip) => ({ zip, csv })),
  ),
  sceneCase('negative level size', 400, PYRAMID, () =>
    withData((d) => {
      level0(d).levels[1].size = -512;
    }).then((zip) => ({ zip, csv })),
  ),
  sceneCase('a level size written as text', 400, /expected a whole number/, () =>
    withData((d) => {
      level0(d).levels[1].size = '512';
    }).then((zip) => ({ zip, csv })),
  ),
  sceneCase('a fractional tile size', 400, /expected a whole number/, () =>
    withData((d) => {
      level0(d).levels[1].tileSize = 256.5;
    }).then((zip) => ({ zip, csv })),
  ),
  sceneCase('an initial yaw of 1e300', 400, /yaw: must be from -1000 to 1000/, () =>
    withData((d) => {
      level0(d).initialViewParameters.yaw = 1e300;
    }).then((zip) => ({ zip, csv })),
  ),
  sceneCase('10,000 scenes', 400, /describes 10000 scenes; one upload may hold at most 2000/, () =>
    withData((d) => {
      d.scenes = Array.from({ length: 10_000 }, (_, i) => ({ ...d.scenes[0], id: `${i}-s${i}`, name: `s${i}` }));
    }).then((zip) => ({ zip, csv })),
  ),
  sceneCase('20,000 info hotspots', 400, /at most 1000 info hotspots/, () =>
    withData((d) => {
      level0(d).infoHotspots = Array.from({ length: 20_000 }, () => ({ yaw: 0, pitch: 0, title: 't', text: 'x' }));
    }).then((zip) => ({ zip, csv })),
  ),
  sceneCase('a hotspot text of 5 MB', 400, /at most 100000 characters/, () =>
    withData((d) => {
      level0(d).infoHotspots = [{ yaw: 0, pitch: 0, title: 't', text: 'x'.repeat(5_000_000) }];
    }).then((zip) => ({ zip, csv })),
  ),
  sceneCase('a scene id of 10,000 characters', 400, /at most 200 characters/, () =>
    withData((d) => {
      level0(d).id = 'i'.repeat(10_000);
    }).then((zip) => ({ zip, csv })),
  ),
  sceneCase('data.js nested 100,000 deep', 400, /data\.js/, async () => ({
    zip: await exportZip({ dataJs: `var APP_DATA = ${'['.repeat(100_000)}${']'.repeat(100_000)};` }),
    csv,
  })),
  sceneCase('data.js with __proto__ keys', 400, /data\.js/, async () => ({
    zip: await exportZip({
      dataJs: 'var APP_DATA = {"__proto__": {"isAdmin": true}, "constructor": {"prototype": {"x": 1}}};',
    }),
    csv,
  })),
  sceneCase('data.js of 9 MB', 400, /is 9 MB, more than the 8 MB it may be/, async () => ({
    zip: await storedDataJs(`var APP_DATA = {"scenes": [], "pad": "${'x'.repeat(9 * 1024 * 1024)}"};`),
    csv,
  })),
  sceneCase('data.js that loops if evaluated', 400, /could not be read at line 1, column 16/, async () => ({
    zip: await exportZip({ dataJs: 'var APP_DATA = (function(){ while(true){} })();' }),
    csv,
  })),
  // Zips.
  sceneCase('a zip within a zip', 400, /scene|tile|zip/i, async () => ({
    zip: writeZip([{ name: 'inner.zip', data: await exportZip(), method: 'store' }]),
    csv,
  })),
  // Positions CSV.
  sceneCase('a CSV of 100,000 rows', 400, /100001 lines; one upload may hold at most 2000 scenes/, async () => ({
    zip: await exportZip(),
    csv: csvWith(...Array.from({ length: 100_000 }, (_, i) => `T,s${i},1,2,05/03/2024,0`)),
  })),
  sceneCase('a CSV line of 4 MB', 400, /longer than 200 characters/, async () => ({
    zip: await exportZip(),
    csv: csvWith(`${'T'.repeat(4_000_000)},hall_a,1,2,05/03/2024,0`, OK_ROWS[1]),
  })),
  sceneCase('a CSV of 6 MB', 413, /larger than 5 MB/, async () => ({
    zip: await exportZip(),
    csv: csvWith(...OK_ROWS) + '#'.repeat(6 * 1024 * 1024),
  })),
  sceneCase('a floor of 1e10 in the CSV', 400, /is not a floor number \(0 to 200\)/, async () => ({
    zip: await exportZip(),
    csv: csvWith('A,hall_a,1,2,05/03/2024,10000000000', OK_ROWS[1]),
  })),
  sceneCase('a floor of 201 in the CSV', 400, /is not a floor number \(0 to 200\)/, async () => ({
    zip: await exportZip(),
    csv: csvWith('A,hall_a,1,2,05/03/2024,201', OK_ROWS[1]),
  })),
  sceneCase('a floor of 2.5 in the CSV', 400, /is not a floor number/, async () => ({
    zip: await exportZip(),
    csv: csvWith('A,hall_a,1,2,05/03/2024,2.5', OK_ROWS[1]),
  })),
  sceneCase('an x of 1e308', 400, /is not a number of floor-plan pixels/, async () => ({
    zip: await exportZip(),
    csv: csvWith('A,hall_a,1e308,2,05/03/2024,0', OK_ROWS[1]),
  })),
  sceneCase('an x of NaN', 400, /is not a number of floor-plan pixels/, async () => ({
    zip: await exportZip(),
    csv: csvWith('A,hall_a,NaN,2,05/03/2024,0', OK_ROWS[1]),
  })),
  sceneCase('the 30th of February', 400, /is not a date from 1900 to 2200/, async () => ({
    zip: await exportZip(),
    csv: csvWith('A,hall_a,1,2,30/02/2024,0', OK_ROWS[1]),
  })),
  sceneCase('the year 9999', 400, /is not a date from 1900 to 2200/, async () => ({
    zip: await exportZip(),
    csv: csvWith('A,hall_a,1,2,01/01/9999,0', OK_ROWS[1]),
  })),
  sceneCase('an unclosed quote', 400, /malformed|line/i, async () => ({
    zip: await exportZip(),
    csv: 'title,fileName,x,y,date,floor\n"A,hall_a,1,2,05/03/2024,0\n',
  })),
  sceneCase('binary junk as the CSV', 400, /CSV/, async () => ({
    zip: await exportZip(),
    csv: '\x00\x01\x02\xff\xfe garbage \x00',
  })),
  sceneCase('a floor of 99999999999 in the URL', 400, /floor must be from -1 to 200/, async () => ({
    zip: await exportZip(),
    csv,
  })),
  // Documentation archives.
  docsCase('a documentation zip of 20,000 entries', 400, /an upload may hold at most 10,000/, () =>
    Array.from({ length: 20_000 }, (_, i) => ({ name: `d/${i}.txt`, data: 'x', method: 'store' as const })),
  ),
  docsCase('a documentation tree 1,000 folders deep', 400, /nested more than 32 folders deep/, () => [
    { name: `${Array.from({ length: 1000 }, () => 'd').join('/')}/x.txt`, data: 'x' },
  ]),
  docsCase('a documentation file name of 1,000 characters', 400, /longer than 255 characters/, () => [
    { name: `${'n'.repeat(1000)}.txt`, data: 'x' },
  ]),
  docsCase('a documentation bomb', 400, /zip bomb/, () => [{ name: 'bomb.txt', data: Buffer.alloc(50_000_000, 0) }]),
  docsCase('a documentation entry escaping with ../', 400, /points outside|evil/, () => [
    { name: 'ok.txt', data: 'x' },
    { name: '../../evil.txt', data: 'x' },
  ]),
  docsCase('a documentation entry that lies about its size', 400, /damaged|declares|larger/, () => [
    { name: 'a.txt', data: Buffer.alloc(300_000, 65), declaredSize: 10 },
  ]),
  docsCase('a documentation file that is not a zip', 400, /ZIP/, () => Buffer.from('%PDF-1.4 not a zip')),
  // Images: headers that claim billions of pixels, and damaged pictures.
  imageCase(
    'minimap',
    'a floor plan PNG claiming 100,000 x 100,000 pixels',
    /too large \(100000 x 100000 pixels\)/,
    () => lyingPng(100_000, 100_000),
  ),
  imageCase(
    'minimap',
    'a floor plan JPEG claiming 65,000 x 65,000 pixels',
    /too large \(65000 x 65000 pixels\)/,
    () => lyingJpeg(65_000, 65_000),
    'plan.jpg',
  ),
  imageCase('cover', 'a cover PNG claiming 2^31 pixels wide', /too large|Please choose an image file/, () =>
    lyingPng(2 ** 31 - 1, 1),
  ),
  imageCase('cover', 'a cover picture cut in half', /could not be read|Please choose an image file/, async () =>
    (
      await sharp({ create: { width: 64, height: 64, channels: 3, background: '#123' } })
        .png()
        .toBuffer()
    ).subarray(0, 60),
  ),
  imageCase('minimap', 'HTML named plan.png', /Please choose an image file/, () =>
    Buffer.from('<html><script>alert(1)</script></html>'),
  ),
  imageCase(
    'minimap',
    'an SVG with script',
    /Please choose an image file/,
    () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
    'plan.svg',
  ),
  // Bodies.
  rawCase(
    'multipart without a boundary',
    400,
    /could not be read as multipart\/form-data/,
    `/api/documentation/${HOSTILE_SITE}`,
    'multipart/form-data',
    '--x\r\nContent-Disposition: form-data; name="zipFile"; filename="a.zip"\r\n\r\nPK\r\n--x--\r\n',
  ),
  rawCase(
    'multipart cut off inside the file',
    400,
    /could not be read as multipart\/form-data/,
    `/api/site/${HOSTILE_SITE}/0/addScenes`,
    'multipart/form-data; boundary=x',
    '--x\r\nContent-Disposition: form-data; name="zipFile"; filename="a.zip"\r\nContent-Type: application/zip\r\n\r\nPK\x03\x04abc',
  ),
  rawCase(
    'multipart with the wrong boundary',
    400,
    /could not be read as multipart\/form-data/,
    `/api/site/${HOSTILE_SITE}/minimap?floor=0`,
    'multipart/form-data; boundary=y',
    '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--x--\r\n',
  ),
  rawCase(
    'multipart with 2,000 fields',
    413,
    /too many form fields/,
    '/api/map-pins/preview',
    'multipart/form-data; boundary=x',
    Array.from({ length: 2000 }, (_, i) => `--x\r\nContent-Disposition: form-data; name="f${i}"\r\n\r\nv\r\n`).join(
      '',
    ) + '--x--\r\n',
  ),
  rawCase(
    'a JSON body of 6 MB',
    413,
    /\w+ \w+/,
    `/api/site/${HOSTILE_SITE}/about`,
    'application/json',
    JSON.stringify({ info: 'x'.repeat(6 * 1024 * 1024) }),
  ),
  rawCase(
    'JSON nested 100,000 deep',
    400,
    /\w+ \w+/,
    '/api/map-pins',
    'application/json',
    '['.repeat(100_000) + ']'.repeat(100_000),
  ),
  // Entries and pictures that fail half-way through their bytes (while other entries stream beside them).
  sceneCase(
    'a 3 MB tile of random bytes among busy tiles',
    400,
    /"app-files\/tiles\/0-hall_a\/1\/u\/0\/0\.jpg" is not a JPEG/,
    () => busyExport((t) => Object.assign(t, { data: randomBytes(3_000_000) })),
  ),
  sceneCase('a 3 MB tile that starts as a PNG among busy tiles', 400, /is not a JPEG image/, () =>
    busyExport((t) =>
      Object.assign(t, { data: Buffer.concat([Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'), randomBytes(3_000_000)]) }),
    ),
  ),
  ...(
    [
      ['whose deflate data is damaged half-way', { damage: damageMiddle }],
      ['longer than the size it declares', { declaredSize: 1_000_000 }],
      ['shorter than the size it declares', { declaredSize: 3_500_000 }],
    ] as const
  ).map(([what, change]) =>
    sceneCase(`a 3 MB tile ${what}`, 400, /The zip file is damaged: "[^"]+0\.jpg" could not be unpacked/, () =>
      busyExport((t) => Object.assign(t, { data: jpegStartedText(3_000_000), method: 'deflate', ...change })),
    ),
  ),
  sceneCase('data.js whose deflate data is damaged half-way', 400, /damaged|data\.js/, async () => {
    const entries = await exportEntries();
    const d = entries.find((e) => e.name.endsWith('data.js'))!;
    Object.assign(d, { data: `${d.data}\n// ${randomBytes(200_000).toString('hex')}\n`, damage: damageMiddle });
    return { zip: writeZip(entries), csv };
  }),
  docsCase('a documentation archive whose third large file is damaged half-way', 400, /damaged/, () =>
    Array.from({ length: 6 }, (_, i) => ({
      name: `d/${i}.txt`,
      data: jpegStartedText(2_000_000),
      ...(i === 2 ? { damage: damageMiddle } : {}),
    })),
  ),
  imageCase('minimap', 'a floor-plan PNG of noise cut at 60 %', /could not be read/, () =>
    damagedPicture('png', 'cut'),
  ),
  imageCase('minimap', 'a floor-plan PNG of noise damaged half-way', /could not be read/, () =>
    damagedPicture('png', 'damaged'),
  ),
  imageCase('cover', 'a cover PNG of noise damaged half-way', /could not be read/, () =>
    damagedPicture('png', 'damaged'),
  ),
  imageCase(
    'cover',
    'a cover JPEG of noise cut at 60 %',
    /could not be read/,
    () => damagedPicture('jpeg', 'cut'),
    'cover.jpg',
  ),
];

/** Creates HOSTILE_SITE from the valid test export, so "nothing changed" is checked against rows and tiles that exist. */
export async function uploadHostileSite(baseUrl: string) {
  return uploadScenes(baseUrl, HOSTILE_SITE, 0, {
    zip: await exportZip(),
    csv,
    mode: 'addNewSite',
    siteName: 'Corpus',
  });
}

/** Sends one case over real HTTP to `baseUrl`; its status and message. */
export async function sendHostile(baseUrl: string, c: Case): Promise<{ status: number; message: string }> {
  const input = await c.input();
  if (c.target === 'scenes') {
    const floor = c.name.includes('in the URL') ? '99999999999' : 0;
    const r = await uploadScenes(baseUrl, HOSTILE_SITE, floor, { mode: 'addScene', ...input });
    return { status: r.status, message: r.body.message };
  }
  const fileAnswer = (r: { status: number; body: any }) => ({ status: r.status, message: r.body?.message });
  if (c.target === 'docs')
    return fileAnswer(
      await postFile(`${baseUrl}/api/documentation/${HOSTILE_SITE}`, 'zipFile', input, 'docs.zip', 'application/zip'),
    );
  if (c.target === 'minimap')
    return fileAnswer(
      await postFile(
        `${baseUrl}/api/site/${HOSTILE_SITE}/minimap?floor=0`,
        'file',
        input.image,
        input.filename,
        'image/png',
      ),
    );
  if (c.target === 'cover')
    return fileAnswer(
      await postFile(`${baseUrl}/api/map-pins/preview`, 'file', input.image, input.filename, 'image/png'),
    );
  const res = await fetch(`${baseUrl}${input.path}`, {
    method: c.name.includes('JSON body') ? 'PUT' : 'POST',
    headers: { 'content-type': input.contentType },
    body: input.body,
  });
  const text = await res.text();
  let message = text;
  try {
    message = JSON.parse(text).message;
  } catch {
    /* not JSON: compared as text */
  }
  return { status: res.status, message };
}
