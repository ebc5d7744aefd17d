// A photo's whole tile pyramid: decoded once into shared memory, then two threads reproject the cube faces at the
// top level's size (one takes the up face and two sides, the other the down face and the other two) and halve each
// for the lower levels, and each face is cut into 512-px JPEG tiles as it arrives; the six 256-px faces make the
// preview strip. Memory stays near the decoded sphere plus four faces, whatever the level count.
import sharp from 'sharp';
import { FACES, type Face } from '../../demo/cubeGeometry.ts';
import { expectedTileCount, type TileRef } from '../ingest/tilePaths.ts';
import type { PhotoPlan } from './photoPlan.ts';
import { PREVIEW_SIZE } from './pyramidLevels.ts';
import { decodeSphere } from './decodeSphere.ts';
import type { Poles } from './poleBands.ts';
import { openReprojectThread, type ReprojectThread } from './reprojectThread.ts';
import type { ReprojectTools } from './reprojectTools.ts';
import { sphereMemory, type SharedSphere } from './sphereMemory.ts';
import { settleAll } from './settleAll.ts';

/** As the Marzipano Tool writes its tiles: progressive 4:2:0 JPEG with the quantization tables of libjpeg quality 85. */
export const TILE_JPEG = { quality: 85, progressive: true, chromaSubsampling: '4:2:0', mozjpeg: false } as const;

// libvips keeps decoded images in a cache for reuse; a tiler reuses nothing, and a sphere is hundreds of MB.
sharp.cache(false);

export type WriteTile = (ref: TileRef, jpeg: Buffer) => Promise<void>;

/** Files the photo becomes: the preview and every tile of every level. */
export function photoTileCount(plan: PhotoPlan): number {
  return expectedTileCount(plan.levels);
}

const rawInput = (size: number) => ({ raw: { width: size, height: size, channels: 3 as const } });

/** Every tile of one face at one level, each encoded on sharp's threads and written as it is ready. */
function tileLevel(face: Face, z: number, raw: Buffer, size: number, tileSize: number, put: WriteTile) {
  const n = size / tileSize;
  const jobs: Promise<void>[] = [];
  for (let y = 0; y < n; y++)
    for (let x = 0; x < n; x++)
      jobs.push(
        sharp(raw, rawInput(size))
          .extract({ left: x * tileSize, top: y * tileSize, width: tileSize, height: tileSize })
          .jpeg(TILE_JPEG)
          .toBuffer()
          .then((jpeg) => put({ kind: 'tile', z, face, y, x }, jpeg)),
      );
  return jobs;
}

/**
 * Every level of one face, from its pixels at every level's size (largest first), all handed to sharp at once: a
 * level awaited before the next started left the encoding threads idle at each level's tail (its last tile, and
 * level 1 is a single tile), 18 such waits a photo against the floor's 4. Resolves with the preview's pixels.
 */
async function tileFace(face: Face, sized: Buffer[], plan: PhotoPlan, put: WriteTile): Promise<Buffer> {
  const { levels } = plan;
  const jobs: Promise<void>[] = [];
  for (let z = levels.length - 1; z >= 1; z--) {
    const { size, tileSize } = levels[z];
    jobs.push(...tileLevel(face, z, sized[levels.length - 1 - z], size, tileSize, put));
  }
  await settleAll(jobs);
  // A copy: the thread's output room is reused two faces on, and the strip is made once every face is done.
  return Buffer.from(sized[sized.length - 1]);
}

/** Which faces each reprojection thread makes: each pole with two sides, so the two take about as long. A side face
 *  first (half a pole face's CPU): its tiles are encoding while the pole is made, where a pole first left the
 *  encoders idle for its whole time. */
const THREAD_FACES: { poles: Poles; faces: Face[] }[] = [
  { poles: 'top', faces: ['f', 'u', 'b'] },
  { poles: 'bottom', faces: ['l', 'd', 'r'] },
];

async function openThreads(tools: ReprojectTools, sphere: SharedSphere, sizes: number[]) {
  const [size, ...smaller] = sizes;
  const opened = await Promise.allSettled(
    THREAD_FACES.map(({ poles }) => openReprojectThread(tools, sphere, size, smaller, poles, true)),
  );
  const threads: { thread: ReprojectThread; faces: Face[] }[] = [];
  opened.forEach((o, i) => o.status === 'fulfilled' && threads.push({ thread: o.value, faces: THREAD_FACES[i].faces }));
  const failed = opened.find((o) => o.status === 'rejected');
  if (failed) {
    await Promise.all(threads.map(({ thread }) => thread.close()));
    throw failed.reason;
  }
  return threads;
}

/**
 * Decodes `file` once and writes every tile and the preview strip of `plan` through `write`; `onProgress` hears of
 * each file written. Throws PhotoRefused when the file does not decode (damaged, cut short, too slow).
 * `threadTools`: the reprojection threads' code and kernel (reprojectTools.ts), from the caller, so that a tiling
 * child, which has no sources to make them from, never loads the bundler or the compiler.
 */
export async function tilePhoto(
  file: string,
  plan: PhotoPlan,
  threadTools: Promise<ReprojectTools>,
  write: WriteTile,
  onProgress: (done: number, total: number) => void = () => {},
): Promise<void> {
  const total = photoTileCount(plan);
  let done = 0;
  const put: WriteTile = async (ref, jpeg) => {
    await write(ref, jpeg);
    onProgress(++done, total);
  };
  // Every level's size, largest first, then the preview's: each is half the one before (see pyramidLevels.ts).
  const sizes = [...plan.levels.slice(1).map((l) => l.size)].reverse().concat(PREVIEW_SIZE);
  // The threads start (a worker's start-up, the kernel's compile: 0.15 to 0.25 s) while the photo decodes, on the
  // core the decode leaves idle; they read the sphere only once it is filled and they are asked for a face.
  const sphere = sphereMemory(plan.full.width, plan.full.height);
  const opening = threadTools.then((tools) => openThreads(tools, sphere, sizes));
  opening.catch(() => undefined); // awaited below; a failure meanwhile is not unhandled
  try {
    // Placed once the threads are open: each has mapped its half of the sphere's pages meanwhile (touchRows).
    await decodeSphere(file, plan, sphere, opening);
  } catch (e) {
    await opening.then(
      (threads) => Promise.all(threads.map(({ thread }) => thread.close())),
      () => undefined,
    );
    throw e;
  }
  // sharp's decode (400 MB at 16384 px), copied into the shared sphere and no longer referenced, would otherwise
  // live until a collection the idle main thread rarely triggers: through the whole reprojection. A tiling child
  // runs with --expose-gc (tileApart.ts); elsewhere gc is absent and this does nothing.
  (globalThis as { gc?: () => void }).gc?.();
  const threads = await opening;
  const previews = new Map<Face, Buffer>();
  try {
    await settleAll(
      threads.map(async ({ thread, faces }) => {
        // While one face's tiles are encoded on sharp's threads, this thread reprojects its next face.
        let pending: Promise<void> | null = null;
        try {
          for (const face of faces) {
            const sized = await thread.face(face);
            await pending;
            pending = tileFace(face, sized, plan, put).then((preview) => void previews.set(face, preview));
            pending.catch(() => undefined); // awaited below; a failure meanwhile is not unhandled
          }
        } finally {
          // A face's writes still under way must end before the caller discards their folder.
          await pending;
        }
      }),
    );
  } finally {
    await Promise.all(threads.map(({ thread }) => thread.close()));
  }
  // Same-width raw faces stack vertically by concatenation, in the strip's b, d, f, l, r, u order.
  const strip = await sharp(Buffer.concat(FACES.map((face) => previews.get(face)!)), {
    raw: { width: PREVIEW_SIZE, height: PREVIEW_SIZE * FACES.length, channels: 3 },
  })
    .jpeg(TILE_JPEG)
    .toBuffer();
  await put({ kind: 'preview' }, strip);
}
