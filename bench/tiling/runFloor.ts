// The floor no tiler can beat: sharp decoding the photo once and encoding as many tiles of the same sizes and JPEG
// settings as our pyramid has (cut straight from the photo, no reprojection), written to disk like ours. In a process
// of its own for its peak RSS. Prints one JSON line (wall and CPU time, as runOurs.ts).
//   node --import tsx bench/tiling/runFloor.ts <photo> <outDir>
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { inspectPhoto } from '../../server/services/tiler/inspectPhoto';
import { PREVIEW_SIZE } from '../../server/services/tiler/pyramidLevels';
import { TILE_JPEG } from '../../server/services/tiler/tilePhoto';
import { expectedTiles, tileRelPath } from '../../server/services/ingest/tilePaths';
import { cpuSeconds } from './cpuTime';

const [photo, outDir] = process.argv.slice(2) as [string, string];
const started = performance.now();
const cpuStarted = process.cpuUsage();
const plan = await inspectPhoto(photo, path.basename(photo));
const { data, info } = await sharp(photo, { limitInputPixels: false }).raw().toBuffer({ resolveWithObject: true });
const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
const write = async (rel: string, jpeg: Buffer) => {
  const file = path.join(outDir, rel);
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.writeFile(file, jpeg);
};
// One level at a time, its tiles in parallel on sharp's threads (as the tiler encodes a face's level).
for (let z = 0; z < plan.levels.length; z++) {
  const refs = expectedTiles(plan.levels).filter((r) => (r.kind === 'preview' ? z === 0 : r.z === z));
  await Promise.all(
    refs.map(async (ref, i) => {
      const side = ref.kind === 'preview' ? PREVIEW_SIZE : plan.levels[z]!.tileSize;
      const height = ref.kind === 'preview' ? PREVIEW_SIZE * 6 : side;
      const left = (i * side) % (info.width - side);
      const top = (Math.floor((i * side) / info.width) * side) % (info.height - height);
      const jpeg = await sharp(data, raw).extract({ left, top, width: side, height }).jpeg(TILE_JPEG).toBuffer();
      await write(tileRelPath(ref), jpeg);
    }),
  );
}
const ms = performance.now() - started;
const cpuS = cpuSeconds(process.cpuUsage(cpuStarted));
console.log(JSON.stringify({ ms, cpuS, maxRssMB: process.resourceUsage().maxRSS / 1024 }));
