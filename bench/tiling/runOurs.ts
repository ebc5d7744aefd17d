// One run of our tiler on one photo, in a process of its own (so its peak RSS is the tiling's): inspect, stage,
// every tile and the preview written, the staging committed into a folder blob store. Prints one JSON line: wall
// time, and CPU time of every thread of the process (the reprojection's, sharp's and libuv's) over the same span.
//   node --import tsx bench/tiling/runOurs.ts <photo> <dataDir>
import path from 'node:path';
import { FolderBlobStore } from '../../server/storage/folderBlobStore';
import { tileKey } from '../../server/services/ingest/tilePaths';
import { inspectPhoto } from '../../server/services/tiler/inspectPhoto';
import { photoTileCount, tilePhoto } from '../../server/services/tiler/tilePhoto';
import { reprojectTools } from '../../server/services/tiler/reprojectTools';
import { cpuSeconds } from './cpuTime';

const [photo, dataDir] = process.argv.slice(2) as [string, string];
// Made before the clock starts, as a server has them made at start (warmTiler.ts).
const tools = reprojectTools();
await tools;
const started = performance.now();
const cpuStarted = process.cpuUsage();
const store = new FolderBlobStore(dataDir);
const plan = await inspectPhoto(photo, path.basename(photo));
const staging = await store.stage();
const tilesId = `bench-${process.pid}`;
await tilePhoto(photo, plan, tools, (ref, jpeg) => staging.write(tileKey(tilesId, ref), jpeg));
await staging.commit([`tiles/${tilesId}`]);
await staging.discard();
const ms = performance.now() - started;
const cpuS = cpuSeconds(process.cpuUsage(cpuStarted));
store.close();
console.log(JSON.stringify({ ms, cpuS, maxRssMB: process.resourceUsage().maxRSS / 1024, files: photoTileCount(plan) }));
