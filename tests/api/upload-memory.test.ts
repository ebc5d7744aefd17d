// No upload may raise the server's memory by more than 256 MB: the real server runs as a child process, its
// resident memory is sampled every 25 ms from /proc while the largest valid and the most hostile uploads we know
// of arrive, and the peak above the warmed-up baseline is checked for each. The server must answer afterwards.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { startChildServer, type ChildServer } from './helpers/childServer.ts';
import { createTempPgDatabase } from './helpers/server.ts';
import { madePicture, type PictureRecipe } from './helpers/madePicture.ts';
import { uploadScenes } from './helpers/upload.ts';
import { writeZip } from './helpers/zipWriter.ts';
import { appData, dataJsText, exportEntries, exportZip, positionsCsv } from './helpers/exportBuilder.ts';
import { postFile } from './resources-helpers.ts';

const LIMIT_MB = 256;
/** A JPEG of noise, so no decoder can shortcut it. */
const noiseJpeg = (width: number, height: number) =>
  madePicture({
    create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } },
    format: 'jpeg',
    options: { quality: 70 },
  });
/** One picture of 95 megapixels (the largest accepted, 9,700 x 9,700). */
let bigJpeg: Promise<Buffer> | undefined;
const bigPicture = () => (bigJpeg ??= noiseJpeg(9700, 9700));
/** A flat picture of 9,700 x 9,700 (within the pixel limit), whatever its encoder makes of it. */
const flat = (channels: 3 | 4, format: PictureRecipe['format'], options: PictureRecipe['options']) =>
  madePicture({
    create: { width: 9700, height: 9700, channels, background: { r: 90, g: 120, b: 150, alpha: 0.5 } },
    format,
    options,
  });
let server: ChildServer;
let dataDir: string;
let dropDb: (() => Promise<void>) | undefined;

const rssMb = (pid: number) => {
  const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : 0;
};

/** Runs `work` while sampling the server's RSS; returns the peak above the RSS just before. */
async function peakDuring(work: () => Promise<unknown>): Promise<{ baseline: number; peak: number }> {
  const pid = server.proc.pid!;
  const baseline = rssMb(pid);
  let peak = baseline;
  const timer = setInterval(() => {
    peak = Math.max(peak, rssMb(pid));
  }, 25);
  try {
    await work();
  } finally {
    clearInterval(timer);
  }
  peak = Math.max(peak, rssMb(pid));
  return { baseline, peak: peak - baseline };
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'survey-mem-'));
  let databaseUrl = '';
  if (process.env.DATABASE_URL) {
    const db = await createTempPgDatabase(process.env.DATABASE_URL);
    databaseUrl = db.url;
    dropDb = db.drop;
  }
  server = await startChildServer({ dataDir, databaseUrl, env: { LOG_LEVEL: 'error' } });
  // Warm up (first upload loads sharp, yauzl, jsdom): the baseline is a server that has done this work once.
  expect(
    (
      await uploadScenes(server.baseUrl, 'mem', 0, {
        zip: await exportZip(),
        csv: positionsCsv(),
        mode: 'addNewSite',
        siteName: 'Mem',
      })
    ).status,
  ).toBe(200);
  const small = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#456' } })
    .png()
    .toBuffer();
  expect(
    (await postFile(`${server.baseUrl}/api/site/mem/minimap?floor=0`, 'file', small, 'p.png', 'image/png')).status,
  ).toBe(200);
}, 120_000);
afterAll(async () => {
  await server?.kill('SIGTERM');
  await dropDb?.();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe(`uploads raise the server's memory by at most ${LIMIT_MB} MB`, () => {
  const results: Record<string, string> = {};
  afterAll(() => console.log('peak RSS above baseline (MB):', results));

  const check = (name: string, work: () => Promise<{ status: number }>, status: number) =>
    it(
      name,
      async () => {
        let answer = 0;
        const { baseline, peak } = await peakDuring(async () => {
          answer = (await work()).status;
        });
        results[name] = `${peak.toFixed(0)} (baseline ${baseline.toFixed(0)})`;
        expect(answer).toBe(status);
        expect(peak).toBeLessThan(LIMIT_MB);
        expect((await fetch(`${server.baseUrl}/api/health`)).status).toBe(200);
      },
      180_000,
    );

  check(
    'a floor plan of 95 megapixels (the largest accepted), noise so it cannot be shortcut',
    async () =>
      postFile(`${server.baseUrl}/api/site/mem/minimap?floor=0`, 'file', await bigPicture(), 'big.jpg', 'image/jpeg'),
    200,
  );

  check(
    'a PNG decompression bomb (12,000 x 12,000 of one colour, under 1 MB)',
    async () => {
      const png = await sharp({
        create: { width: 12000, height: 12000, channels: 3, background: '#000' },
        limitInputPixels: false,
      })
        .png({ compressionLevel: 9 })
        .toBuffer();
      expect(png.length).toBeLessThan(1024 * 1024);
      return postFile(`${server.baseUrl}/api/site/mem/minimap?floor=0`, 'file', png, 'bomb.png', 'image/png');
    },
    400,
  );

  check(
    'a floor plan of 2,000 x 16,000 (its decoded copy is bounded, not kept at its full height)',
    async () => {
      const tall = await noiseJpeg(2000, 16_000);
      return postFile(`${server.baseUrl}/api/site/mem/minimap?floor=0`, 'file', tall, 'tall.jpg', 'image/jpeg');
    },
    200,
  );

  check(
    'a cover of 60,000 x 1,500 (refused by its side before any row is decoded)',
    async () => {
      const wide = await sharp({
        create: { width: 60_000, height: 1500, channels: 3, background: '#345' },
        limitInputPixels: false,
      })
        .png({ compressionLevel: 9 })
        .toBuffer();
      return postFile(`${server.baseUrl}/api/map-pins/preview`, 'file', wide, 'wide.png', 'image/png');
    },
    400,
  );

  check(
    'a cover picture of 95 megapixels',
    async () =>
      postFile(`${server.baseUrl}/api/map-pins/preview`, 'file', await bigPicture(), 'cover.jpg', 'image/jpeg'),
    200,
  );

  // Decoders that hold the whole picture before its first row (no reading in sequence): small files, large memory.
  const wholePictures: [string, string, () => Promise<Buffer>][] = [
    ['a progressive JPEG', 'p.jpg', () => flat(3, 'jpeg', { progressive: true, quality: 50 })],
    ['an interlaced PNG', 'i.png', () => flat(4, 'png', { progressive: true, compressionLevel: 1 })],
    ['a GIF', 'g.gif', () => flat(3, 'gif', {})],
  ];
  for (const [kind, name, make] of wholePictures)
    check(
      `${kind} floor plan of 95 megapixels (decoded whole, so refused by its header)`,
      async () => postFile(`${server.baseUrl}/api/site/mem/minimap?floor=0`, 'file', await make(), name, 'image/png'),
      400,
    );

  check(
    'an export whose data.js describes a pyramid of 4 million tiles',
    async () => {
      const d = appData([
        { id: '0-hall_a', name: 'hall_a' },
        { id: '1-hall_b', name: 'hall_b' },
      ]);
      d.scenes[0].levels = Array.from({ length: 12 }, () => ({ tileSize: 256, size: 65536 }));
      const entries = await exportEntries({ dataJs: dataJsText(d) });
      for (const e of entries) if (e.name.endsWith('data.js')) e.method = 'store';
      return uploadScenes(server.baseUrl, 'mem', 0, { zip: writeZip(entries), csv: positionsCsv(), mode: 'addScene' });
    },
    400,
  );

  check(
    'a documentation zip of 10,000 files (the most accepted)',
    async () => {
      const zip = writeZip(
        Array.from({ length: 10_000 }, (_, i) => ({
          name: `f${i % 50}/doc-${i}.txt`,
          data: `document ${i}\n`.repeat(20),
        })),
      );
      return postFile(`${server.baseUrl}/api/documentation/mem`, 'zipFile', zip, 'docs.zip', 'application/zip');
    },
    200,
  );

  check(
    'a scene export of 60,000 entries',
    async () => {
      const zip = writeZip([
        ...(await exportEntries()),
        ...Array.from({ length: 60_000 }, (_, i) => ({
          name: `app-files/extra/${i}.txt`,
          data: 'x',
          method: 'store' as const,
        })),
      ]);
      // Another date: the same export again to the warm-up's survey would be refused as a duplicate (409).
      return uploadScenes(server.baseUrl, 'mem', 0, {
        zip,
        csv: positionsCsv(undefined, '06/03/2024'),
        mode: 'addScene',
      });
    },
    200,
  );
});
