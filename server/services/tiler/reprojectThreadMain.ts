// The reprojection thread: decodes the photo itself (so the sphere, hundreds of MB, lives here once and is never
// copied between threads), then answers each request for a face with the face's pixels, handed over without a copy.
// See reprojectThread.ts.
import os from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import type { Face } from '../../demo/cubeGeometry.ts';
import { DomainError } from '../errors.ts';
import { decodeSphere } from './decodeSphere.ts';
import type { PhotoPlan } from './photoPlan.ts';
import { reprojectRows } from './reproject.ts';

export interface ThreadData {
  file: string;
  plan: PhotoPlan;
}
export interface FaceRequest {
  face: Face;
  size: number;
}
/** The first answer says the photo is decoded (or why not); each later one is a face, in the order asked. */
export type ThreadAnswer = { ok: true; pixels?: ArrayBuffer } | { ok: false; refused: boolean; message: string };

// This thread only, on Linux (nice values are per thread there): when the cores are busy, the event loop that
// answers requests goes first. Elsewhere it may not be allowed, and nothing depends on it.
try {
  os.setPriority(10);
} catch {
  /* the priority stays */
}

const failed = (e: unknown): ThreadAnswer => ({
  ok: false,
  refused: e instanceof DomainError,
  message: String((e as Error)?.message ?? e),
});

const { file, plan } = workerData as ThreadData;
try {
  const sphere = await decodeSphere(file, plan);
  parentPort!.postMessage({ ok: true } satisfies ThreadAnswer);
  parentPort!.on('message', ({ face, size }: FaceRequest) => {
    let answer: ThreadAnswer;
    try {
      const pixels = new ArrayBuffer(size * size * 3);
      reprojectRows(sphere, face, size, new Uint8Array(pixels), 0, size);
      answer = { ok: true, pixels };
    } catch (e) {
      answer = failed(e);
    }
    parentPort!.postMessage(answer, answer.ok && answer.pixels ? [answer.pixels] : []);
  });
} catch (e) {
  parentPort!.postMessage(failed(e));
}
