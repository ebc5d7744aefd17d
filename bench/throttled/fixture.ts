// The tiles every page of the throttled benchmark reads, as a Marzipano Tool export the app ingests through its
// real upload path: the labelled 4096 pyramid (face 4096, five levels: 256 preview fallbackOnly, 512..4096 in
// 512-px tiles, as bench/viewer.ts bigPyramid()) as the first scene, its negative as the same place on a later
// date and on the floor above (so a date or floor switch has something to load and to see), and small filler
// scenes so the site's API answers weigh what a real site's do.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { writeLabelledPyramid, type GenLevel } from '../../tests/e2e/helpers/generatedPyramid';
import { dataJsText, tinyJpeg } from '../../tests/api/helpers/exportBuilder';
import { writeZip, type ZipWriterEntry } from '../../tests/api/helpers/zipWriter';
import { repoRoot } from '../../tests/e2e/helpers/fixtures';

export const BIG_LEVELS: GenLevel[] = [
  { tileSize: 256, size: 256, fallbackOnly: true },
  ...[512, 1024, 2048, 4096].map((size) => ({ tileSize: 512, size })),
];
export const FACE = 4096;
/**
 * Start view of every scene (data.js initialViewParameters, and the peers' query): yaw 0, level, vertical field of
 * view 1.2 rad. Not wider: at 1.38 (the Tool's usual default) or π/2 on 1280x720, Marzipano under SwiftShader draws
 * the side-face tiles that reach 90° off the view axis black (tested: black strips left and right in its settled
 * frame, though it loads those tiles), which would leave its "settled" picture incomplete and flatter it.
 */
export const START_VIEW = { yaw: 0, pitch: 0, fov: 1.2 };
export const DATE_1 = '2024-03-05';
export const DATE_2 = '2024-09-05';
/** Names of the three big scenes in the export (tiles_name on the server). */
export const SCENES = { main: 'main', later: 'later', upstairs: 'upstairs' } as const;

const tmp = path.join(repoRoot, '.tmp');
const FILLER_LEVELS = [
  { tileSize: 256, size: 256, fallbackOnly: true },
  { tileSize: 512, size: 512 },
];

/** The labelled 4096 pyramid, the same folder bench/viewer.ts uses (generated once; slow: SVG noise at 4096). */
async function pyramid(): Promise<string> {
  const dir = path.join(tmp, 'bench-gen', 'big4096');
  if (!fs.existsSync(path.join(dir, 'preview.jpg'))) {
    console.log('generating the 4096 pyramid (once)…');
    await writeLabelledPyramid(dir, BIG_LEVELS, { noise: true, quality: 80 });
  }
  return dir;
}

/** Its photographic negative, tile by tile (as heavy, different everywhere; far quicker than drawing it again). */
async function negativeOf(src: string): Promise<string> {
  const dir = `${src}-negative`;
  if (fs.existsSync(path.join(dir, 'preview.jpg'))) return dir;
  console.log('writing the negative of the 4096 pyramid (once)…');
  // preview.jpg last: its presence means the folder is complete.
  const files = walk(src).sort((a, b) => Number(a.endsWith('preview.jpg')) - Number(b.endsWith('preview.jpg')));
  for (const file of files) {
    const out = path.join(dir, path.relative(src, file));
    fs.mkdirSync(path.dirname(out), { recursive: true });
    await sharp(file).negate({ alpha: false }).jpeg({ quality: 80 }).toFile(out);
  }
  return dir;
}

const walk = (dir: string): string[] =>
  fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));

const dmy = (iso: string) => iso.split('-').reverse().join('/');

/** Writes (once) export.zip and positions.csv in the Tool's layout; returns their paths. */
export async function buildExport(fillers = 40): Promise<{ zip: string; csv: string }> {
  const normal = await pyramid();
  const negative = await negativeOf(normal);
  const big = [
    { id: '0-main', name: SCENES.main, dir: normal, date: DATE_1, floor: 0 },
    { id: '1-later', name: SCENES.later, dir: negative, date: DATE_2, floor: 0 },
    { id: '2-upstairs', name: SCENES.upstairs, dir: negative, date: DATE_1, floor: 1 },
  ];
  const small = Array.from({ length: fillers }, (_, i) => ({ id: `${i + 3}-room_${i}`, name: `room_${i}` }));
  const entries: ZipWriterEntry[] = [{ name: 'app-files/index.html', data: '<!doctype html><title>tour</title>' }];
  for (const s of big) {
    for (const file of walk(s.dir)) {
      entries.push({
        name: `app-files/tiles/${s.id}/${path.relative(s.dir, file).split(path.sep).join('/')}`,
        data: fs.readFileSync(file),
        method: 'store',
      });
    }
  }
  const jpg = await tinyJpeg();
  const out = path.join(tmp, 'throttled-export');
  for (const s of small) {
    entries.push({ name: `app-files/tiles/${s.id}/preview.jpg`, data: jpg, method: 'store' });
    for (const f of ['b', 'd', 'f', 'l', 'r', 'u'])
      entries.push({ name: `app-files/tiles/${s.id}/1/${f}/0/0.jpg`, data: jpg, method: 'store' });
  }
  const all = [...big.map((s) => s.id), ...small.map((s) => s.id)];
  // Each scene links to its neighbours and has an info text, as surveyed sites do.
  const links = (i: number) =>
    [1, -1].map((d, k) => ({ yaw: k * 2 - 1, pitch: 0, rotation: 0, target: all[(i + d + all.length) % all.length] }));
  const info = (name: string) => [
    {
      yaw: 1,
      pitch: -0.1,
      title: `Notes on ${name}`,
      text: `<p>Pipework and valves of ${name}, checked on the survey day.</p>`,
    },
  ];
  const data = {
    name: 'bench_tour',
    settings: { mouseViewMode: 'drag', autorotateEnabled: false },
    scenes: [
      ...big.map((s, i) => ({
        id: s.id,
        name: s.name,
        levels: BIG_LEVELS,
        faceSize: FACE,
        initialViewParameters: START_VIEW,
        linkHotspots: links(i),
        infoHotspots: info(s.name),
      })),
      ...small.map((s, i) => ({
        id: s.id,
        name: s.name,
        levels: FILLER_LEVELS,
        faceSize: 500,
        initialViewParameters: START_VIEW,
        linkHotspots: links(i + big.length),
        infoHotspots: info(s.name),
      })),
    ],
  };
  // The big scenes share one plan position (the nearest-node rule must find them); fillers lie around.
  const rows = [
    ...big.map((s) => `${s.name} title,${s.name},400,300,${dmy(s.date)},${s.floor}`),
    ...small.map(
      (s, i) => `${s.name} title,${s.name},${40 + (i % 10) * 70},${40 + Math.floor(i / 10) * 60},${dmy(DATE_1)},0`,
    ),
  ];
  const csvText = ['title,fileName,x,y,date,floor', ...rows].join('\r\n') + '\r\n';
  // Written once per content: a change of scenes or start view makes a new export.
  const key = createHash('sha1')
    .update(dataJsText(data) + csvText)
    .digest('hex')
    .slice(0, 10);
  const zip = path.join(out, `export-${key}.zip`);
  const csv = path.join(out, `positions-${key}.csv`);
  if (fs.existsSync(zip) && fs.existsSync(csv)) return { zip, csv };
  entries.push({ name: 'app-files/data.js', data: dataJsText(data) });
  fs.mkdirSync(out, { recursive: true });
  fs.writeFileSync(zip, writeZip(entries));
  fs.writeFileSync(csv, csvText);
  return { zip, csv };
}
