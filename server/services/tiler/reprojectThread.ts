// The photo's decode and the per-pixel reprojection on a thread of their own, so the event loop keeps answering
// requests while a photo is tiled, and this thread's sharp encodes one face's tiles while the next face is made.
// One thread, not one per core: the decoded sphere (400 MB at 16384x8192) can be read by several threads only
// from shared memory, a second copy that would break the tiler's memory bound.
import { Worker } from 'node:worker_threads';
import type { Face } from '../../demo/cubeGeometry.ts';
import type { PhotoPlan } from './photoPlan.ts';
import { PhotoRefused } from './photoRefused.ts';
import type { FaceRequest, ThreadAnswer, ThreadData } from './reprojectThreadMain.ts';

export interface ReprojectThread {
  /** One face, size x size RGB. Faces come back in the order asked. */
  face(face: Face, size: number): Promise<Buffer>;
  close(): Promise<void>;
}

/** A thread that has decoded `file` (rejects with PhotoRefused when the photo does not decode). */
export async function openReprojectThread(file: string, plan: PhotoPlan): Promise<ReprojectThread> {
  const worker = new Worker(new URL('./reprojectThreadBoot.mjs', import.meta.url), {
    workerData: { file, plan } satisfies ThreadData,
  });
  // Answers arrive in the order of the requests; the first is the decode's.
  const waiting: { resolve: (a: ArrayBuffer | undefined) => void; reject: (e: Error) => void }[] = [];
  let failure: Error | null = null;
  const fail = (e: Error) => {
    failure ??= e;
    for (const w of waiting.splice(0)) w.reject(failure);
  };
  worker.on('message', (a: ThreadAnswer) => {
    const w = waiting.shift();
    if (a.ok) w?.resolve(a.pixels);
    else w?.reject(a.refused ? new PhotoRefused(a.message) : new Error(`reprojection failed: ${a.message}`));
  });
  worker.on('error', (e) => fail(new Error(`the reprojection thread failed: ${e.message}`)));
  worker.on('exit', (code) => fail(new Error(`the reprojection thread ended (code ${code})`)));
  const next = () =>
    new Promise<ArrayBuffer | undefined>((resolve, reject) => {
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
    async face(face, size) {
      const answer = next();
      worker.postMessage({ face, size } satisfies FaceRequest);
      return Buffer.from((await answer)!);
    },
    close,
  };
}
