// Diagnostic: CPU time of each cube face on the WebAssembly kernel, one thread (this one), the 8192-px bench photo.
// Each face is made REPEAT times in turn so the machine's load hits every face alike; prints the median per face and
// ns per face pixel. Given other kernel sources (AssemblyScript files), each kernel takes its turn face by face, so
// that a before/after pair sees the same load. Not part of the benchmark's figures.
//   node --no-liftoff --import tsx bench/tiling/faceCpu.ts [width] [kernel.ts ...]
import fs from 'node:fs';
import path from 'node:path';
import { FACES } from '../../server/demo/cubeGeometry';
import { decodeSphere } from '../../server/services/tiler/decodeSphere';
import { inspectPhoto } from '../../server/services/tiler/inspectPhoto';
import { compileKernel, reprojectKernel } from '../../server/services/tiler/wasmKernel';
import { openWasmReprojector } from '../../server/services/tiler/wasmReproject';
import { benchPhoto } from './benchPhotos';

const width = Number(process.argv[2] ?? 8192);
const REPEAT = Number(process.env.REPEAT ?? 5);
const photo = await benchPhoto('courtyard', width);
const plan = await inspectPhoto(photo, path.basename(photo));
const sphere = await decodeSphere(photo, plan);
const sources = process.argv.slice(3);
const kernels = sources.length
  ? await Promise.all(sources.map((f) => compileKernel(fs.readFileSync(f, 'utf8'))))
  : [await reprojectKernel()];
const names = sources.length ? sources.map((f) => path.basename(f)) : ['kernel'];
const size = width / 4;
const cpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const reprojectors = kernels.map((k) => {
  const t0 = cpu();
  const r = openWasmReprojector(new WebAssembly.Module(k as BufferSource), sphere, size, 'both');
  console.log(`bands ${(cpu() - t0).toFixed(0)} ms CPU`);
  return r;
});
const times = new Map<string, number[]>();
for (let r = 0; r < REPEAT; r++)
  for (const face of FACES)
    reprojectors.forEach((reprojector, k) => {
      const key = `${names[k]} ${face}`;
      const start = cpu();
      reprojector.rows(face, 0, size);
      times.set(key, [...(times.get(key) ?? []), cpu() - start]);
    });
for (const [key, ms] of [...times].sort(([a], [b]) => a.localeCompare(b))) {
  const sorted = [...ms].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)];
  const ns = (median * 1e6) / (size * size);
  console.log(
    `${key}: ${median.toFixed(0)} ms CPU (${sorted[0].toFixed(0)}-${sorted[sorted.length - 1].toFixed(0)}), ${ns.toFixed(1)} ns/px`,
  );
}
