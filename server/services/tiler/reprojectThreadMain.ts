// A reprojection thread: reads the decoded sphere from memory shared with the thread that decoded it (never copied),
// narrows the polar bands of its pole, then answers each request for a face with the face's pixels, made by the
// WebAssembly kernel. See reprojectThread.ts.
import os from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import type { Face } from '../../demo/cubeGeometry.ts';
import type { Poles } from './poleBands.ts';
import type { SharedSphere } from './sphereMemory.ts';
import { openWasmReprojector } from './wasmReproject.ts';

export interface ThreadData {
  sphere: SharedSphere;
  size: number;
  poles: Poles;
  /** The WebAssembly kernel's module (wasmKernel.ts). */
  kernel: Uint8Array;
  /** The sizes below `size` each face is also wanted at, each half the one before. */
  smaller: number[];
}
export interface FaceRequest {
  face: Face;
}
/** The first answer says the thread is ready (or why not); each later one is a face at every size, largest first,
 *  one after the other in `pixels`, in the order asked. */
export type ThreadAnswer = { ok: true; pixels?: ArrayBuffer } | { ok: false; message: string };

// This thread only, on Linux (nice values are per thread there): when the cores are busy, other work goes first.
// Elsewhere it may not be allowed, and nothing depends on it.
try {
  os.setPriority(10);
} catch {
  /* the priority stays */
}

const failed = (e: unknown): ThreadAnswer => ({ ok: false, message: String((e as Error)?.message ?? e) });

const { sphere, size, poles, kernel, smaller } = workerData as ThreadData;
try {
  const reprojector = openWasmReprojector(kernel, sphere, size, poles);
  parentPort!.postMessage({ ok: true } satisfies ThreadAnswer);
  parentPort!.on('message', ({ face }: FaceRequest) => {
    let answer: ThreadAnswer;
    try {
      // Copied out of the shared memory, where the next face goes, into a buffer handed over without a copy.
      const levels = reprojector.levels(face, smaller);
      const pixels = new ArrayBuffer(levels.reduce((n, l) => n + l.length, 0));
      let at = 0;
      for (const l of levels) {
        new Uint8Array(pixels, at).set(l);
        at += l.length;
      }
      answer = { ok: true, pixels };
    } catch (e) {
      answer = failed(e);
    }
    parentPort!.postMessage(answer, answer.ok && answer.pixels ? [answer.pixels] : []);
  });
} catch (e) {
  parentPort!.postMessage(failed(e));
}
