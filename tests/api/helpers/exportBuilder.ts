// Small, valid Marzipano Tool exports built in the test (real JPEG tiles from sharp), to be broken on purpose.
import sharp from 'sharp';
import { writeZip, type ZipWriterEntry } from './zipWriter.ts';

export interface SceneSpec {
  id: string;
  name: string;
}

let jpegCache: Buffer | undefined;
/** A real (tiny) JPEG. */
export async function tinyJpeg(): Promise<Buffer> {
  jpegCache ??= await sharp({ create: { width: 8, height: 8, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    .jpeg()
    .toBuffer();
  return jpegCache;
}

/** APP_DATA of a tour whose scenes have a 256 preview level and one 512 level of one tile per face. */
export function appData(scenes: SceneSpec[], name = 'test_tour'): any {
  return {
    scenes: scenes.map((s, i) => ({
      id: s.id,
      name: s.name,
      levels: [
        { tileSize: 256, size: 256, fallbackOnly: true },
        { tileSize: 512, size: 512 },
      ],
      faceSize: 500,
      initialViewParameters: { pitch: 0, yaw: 0.5, fov: 1.4 },
      linkHotspots:
        scenes.length > 1 ? [{ yaw: 0.1, pitch: 0.2, rotation: 0, target: scenes[(i + 1) % scenes.length].id }] : [],
      infoHotspots: [{ yaw: 1, pitch: -0.1, title: `Info; ${s.name}`, text: '<p>Tank; <b>valve</b></p>' }],
    })),
    name,
    settings: { mouseViewMode: 'drag', autorotateEnabled: false },
  };
}

export const dataJsText = (data: unknown) => `var APP_DATA = ${JSON.stringify(data, null, 2)};\n`;

export const defaultScenes: SceneSpec[] = [
  { id: '0-hall_a', name: 'hall_a' },
  { id: '1-hall_b', name: 'hall_b' },
];

/** Zip entries of a valid export: data.js, previews, level-1 tiles, plus the Tool's files an ingest ignores. */
export async function exportEntries(
  opts: { scenes?: SceneSpec[]; dataJs?: string | null; name?: string } = {},
): Promise<ZipWriterEntry[]> {
  const scenes = opts.scenes ?? defaultScenes;
  const jpg = await tinyJpeg();
  const entries: ZipWriterEntry[] = [
    { name: 'app-files/' },
    { name: 'app-files/index.html', data: '<!doctype html><title>tour</title>' },
    { name: 'app-files/vendor/marzipano.js', data: '/* vendor */' },
    { name: 'app-files/img/link.png', data: Buffer.from([0x89, 0x50, 0x4e, 0x47]) },
  ];
  for (const s of scenes) {
    entries.push({ name: `app-files/tiles/${s.id}/preview.jpg`, data: jpg, method: 'store' });
    for (const f of ['b', 'd', 'f', 'l', 'r', 'u'])
      entries.push({ name: `app-files/tiles/${s.id}/1/${f}/0/0.jpg`, data: jpg, method: 'store' });
  }
  if (opts.dataJs !== null)
    entries.push({ name: 'app-files/data.js', data: opts.dataJs ?? dataJsText(appData(scenes, opts.name)) });
  return entries;
}

export async function exportZip(
  opts: Parameters<typeof exportEntries>[0] = {},
  extra: ZipWriterEntry[] = [],
): Promise<Buffer> {
  return writeZip([...(await exportEntries(opts)), ...extra]);
}

/** Positions CSV for the scenes (dates dd/mm/yyyy). */
export function positionsCsv(scenes: SceneSpec[] = defaultScenes, date = '05/03/2024'): string {
  return (
    [
      'title,fileName,x,y,date,floor',
      ...scenes.map((s, i) => `${s.name} title,${s.name},${10 + i},${20 + i},${date},0`),
    ].join('\r\n') + '\r\n'
  );
}
