// Dev tool: writes one of each generated picture to a folder so a person can look at them, and times a whole
// demo-sized tile build (8 nodes, faceSize 1024, 512-px tiles, levels 256/512/1024).
//   node --import tsx server/demo/samples.ts /tmp/demo-samples [equirect.jpg]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { FACES, type Face } from './cubeGeometry.ts';
import { equirectToCubeFaces, renderCubeFace, renderCubeFaceRaw } from './cubeFaces.ts';
import { renderFloorPlan, renderInfoImage, renderPinCover, renderSiteMap } from './floorPlan.ts';
import { writePyramid } from './tilePyramid.ts';

const out = process.argv[2] ?? path.join(os.tmpdir(), 'demo-samples');
fs.mkdirSync(out, { recursive: true });

/** The six faces unfolded as a cross (u above f, d below it; l f r b across) so seams can be checked by eye. */
async function cross(faces: Record<Face, Buffer>, file: string): Promise<void> {
  const s = 256;
  const at: Record<Face, [number, number]> = { u: [1, 0], l: [0, 1], f: [1, 1], r: [2, 1], b: [3, 1], d: [1, 2] };
  const composites = await Promise.all(
    FACES.map(async (f) => ({
      input: await sharp(faces[f]).resize(s, s).toBuffer(),
      left: at[f][0] * s,
      top: at[f][1] * s,
    })),
  );
  await sharp({ create: { width: 4 * s, height: 3 * s, channels: 3, background: '#000' } })
    .composite(composites)
    .png()
    .toFile(file);
}

const faces = Object.fromEntries(
  await Promise.all(FACES.map(async (f) => [f, await renderCubeFace(f, 'Node A', 1024)] as const)),
) as Record<Face, Buffer>;
for (const f of FACES) fs.writeFileSync(path.join(out, `face_${f}.png`), faces[f]);
await cross(faces, path.join(out, 'cross.png'));
if (process.argv[3])
  await cross(await equirectToCubeFaces(fs.readFileSync(process.argv[3]), 512), path.join(out, 'cross_equirect.png'));
fs.writeFileSync(
  path.join(out, 'floor_plan.png'),
  await renderFloorPlan({ width: 1600, height: 1200, floorLabel: 'Ground Floor' }),
);
fs.writeFileSync(
  path.join(out, 'site_map.jpg'),
  await renderSiteMap({ width: 1600, height: 1000, seed: 'demo', title: 'Demo Sites' }),
);
fs.writeFileSync(path.join(out, 'pin_cover.jpg'), await renderPinCover('Shade House'));
fs.writeFileSync(path.join(out, 'info.jpg'), await renderInfoImage('Irrigation Pump'));

const t0 = performance.now();
const cpu0 = process.cpuUsage();
let files = 0;
for (let k = 0; k < 8; k++) {
  const label = `Node ${String.fromCharCode(65 + k)}`;
  const { paths } = await writePyramid(path.join(out, 'tiles', `node-${k}`), (f) => renderCubeFaceRaw(f, label, 1024), {
    faceSize: 1024,
    tileSize: 512,
  });
  files += paths.length;
}
const cpu = process.cpuUsage(cpu0); // CPU time as well as wall time: the wall time depends on what else is running
console.log(
  `8-node pyramid: ${files} files in ${Math.round(performance.now() - t0)} ms wall, ${Math.round((cpu.user + cpu.system) / 1000)} ms CPU; samples in ${out}`,
);
