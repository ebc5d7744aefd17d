// A reprojection thread: reads the decoded sphere from memory shared with the thread that decoded it (never copied),
// narrows the polar bands of its pole, then answers each request for a face with the face's pixels, made by the
// WebAssembly kernel. See reprojectThread.ts.
import os from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import type { Face } from '../../demo/cubeGeometry.ts';
import type { Poles } from './poleBands.ts';
import { touchRows, type SharedSphere } from './sphereMemory.ts';
import { openWasmReprojector, type WasmReprojector } from './wasmReproject.ts';

export interface ThreadData {
  sphere: SharedSphere;
  size: number;
  poles: Poles;
  /** The WebAssembly kernel's module (wasmKernel.ts). */
  kernel: Uint8Array;
  /** The sizes below `size` each face is also wanted at, each half the one before. */
  smaller: number[];
  /** The sphere is not filled yet (all zero): map this thread's half of its pages before answering ready. */
  fresh: boolean;
}
export interface FaceRequest {
  face: Face;
}
/** The first answer says the thread is ready (or why not); each later one is where a face lies in the shared
 *  memory at every size, largest first (byte offsets), in the order asked. */
export type ThreadAnswer = { ok: true; offsets?: number[] } | { ok: false; message: string };

/**
 * Faces are made into two output rooms in turn, and the asker reads them where they lie: face k + 2 overwrites face
 * k, so a face's pixels are the asker's until it asks for the face after next. tilePhoto asks for a face only once
 * the one two before is encoded; a copy per face (67 MB at 16384 px) cost a memcpy and, held until a garbage
 * collection, grew the process by 400 MB over a photo.
 */
export const OUTPUT_ROOMS = 2;

// This thread only, on Linux (nice values are per thread there): when the cores are busy, other work goes first.
// Elsewhere it may not be allowed, and nothing depends on it.
try {
  os.setPriority(10);
} catch {
  /* the priority stays */
}

const failed = (e: unknown): ThreadAnswer => ({ ok: false, message: String((e as Error)?.message ?? e) });

const { sphere, size, poles, kernel, smaller, fresh } = workerData as ThreadData;
try {
  // Compiled now, while the photo may still be decoding into the sphere; the polar bands, which read the sphere,
  // are narrowed at the first face asked, which comes once the sphere is filled.
  const module = new WebAssembly.Module(kernel as BufferSource); // cloned into this thread: on an ArrayBuffer
  // Its pole's half of the sphere's pages mapped now, while the photo decodes, not during the copy after it. A
  // fresh sphere is filled only once every thread has answered that it is ready.
  if (fresh) {
    const half = sphere.height / 2;
    touchRows(sphere, poles === 'bottom' ? half : 0, poles === 'top' ? half : sphere.height);
  }
  let reprojector: WasmReprojector | null = null;
  parentPort!.postMessage({ ok: true } satisfies ThreadAnswer);
  let asked = 0;
  parentPort!.on('message', ({ face }: FaceRequest) => {
    let answer: ThreadAnswer;
    try {
      reprojector ??= openWasmReprojector(module, sphere, size, poles);
      const levels = reprojector.levels(face, smaller, asked++ % OUTPUT_ROOMS);
      answer = { ok: true, offsets: levels.map((l) => l.byteOffset) };
    } catch (e) {
      answer = failed(e);
    }
    parentPort!.postMessage(answer);
  });
} catch (e) {
  parentPort!.postMessage(failed(e));
}
