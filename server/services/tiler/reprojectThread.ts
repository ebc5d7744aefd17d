// The per-pixel reprojection on threads of their own, one per pole, so that it runs on every core while the thread
// that opened them drives sharp's encodes. The decoded sphere (400 MB at 16384x8192) lives once, in shared memory
// that every thread reads; each thread narrows only its own pole's bands (poleBands.ts) and runs the WebAssembly
// kernel (wasmReproject.ts).
import { Worker } from 'node:worker_threads';
import type { Face } from '../../demo/cubeGeometry.ts';
import type { Poles } from './poleBands.ts';
import type { ReprojectTools } from './reprojectTools.ts';
import type { FaceRequest, ThreadAnswer, ThreadData } from './reprojectThreadMain.ts';
import type { SharedSphere } from './sphereMemory.ts';

export interface ReprojectThread {
  /** One face (RGB) at the thread's size, then at each smaller size asked. Faces come back in the order asked, as
   *  views of the shared memory valid until the face after next is asked (OUTPUT_ROOMS). */
  face(face: Face): Promise<Buffer[]>;
  close(): Promise<void>;
}

/**
 * A thread running `tools` (reprojectTools'), ready to make faces of `size` from `sphere` (in shared memory), and
 * each also at the `smaller` sizes, each half the one before (a 2x2 box filter of the one above). The sphere need
 * not be filled yet, only before the first face is asked: the thread can start while the photo decodes. `fresh`:
 * the sphere is still all zero, and the thread maps its pole's half of the pages (touchRows) before it says it is
 * ready; fill it only once this has resolved.
 */
export async function openReprojectThread(
  tools: ReprojectTools,
  sphere: SharedSphere,
  size: number,
  smaller: number[],
  poles: Poles,
  fresh = false,
): Promise<ReprojectThread> {
  const worker = new Worker(tools.code, {
    eval: true,
    workerData: { sphere, size, poles, kernel: tools.kernel, smaller, fresh } satisfies ThreadData,
  });
  // Answers arrive in the order of the requests; the first says the thread is ready.
  const waiting: { resolve: (offsets: number[] | undefined) => void; reject: (e: Error) => void }[] = [];
  let failure: Error | null = null;
  const fail = (e: Error) => {
    failure ??= e;
    for (const w of waiting.splice(0)) w.reject(failure);
  };
  worker.on('message', (a: ThreadAnswer) => {
    const w = waiting.shift();
    if (a.ok) w?.resolve(a.offsets);
    else w?.reject(new Error(`reprojection failed: ${a.message}`));
  });
  worker.on('error', (e) => fail(new Error(`the reprojection thread failed: ${e.message}`)));
  worker.on('exit', (code) => fail(new Error(`the reprojection thread ended (code ${code})`)));
  const next = () =>
    new Promise<number[] | undefined>((resolve, reject) => {
      if (failure) reject(failure);
      else waiting.push({ resolve, reject });
    });
  const close = async () => {
    failure ??= new Error('the reprojection thread is closed');
    await worker.terminate();
  };
  try {
    await next();
  } catch (e) {
    await close();
    throw e;
  }
  return {
    async face(face) {
      const answer = next();
      worker.postMessage({ face } satisfies FaceRequest);
      const offsets = (await answer)!;
      // The buffer read now: the thread may have grown the memory since this one last looked.
      const memory = sphere.memory.buffer;
      return [size, ...smaller].map((n, i) => Buffer.from(memory, offsets[i], n * n * 3));
    },
    close,
  };
}
