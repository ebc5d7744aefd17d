// tilePhoto in a process of its own at a lower priority (nice 10), so that a server tiling photos keeps answering
// requests: the decode, the reprojection and every JPEG encode run on the child's threads, which the kernel serves
// after the server's when the cores are busy (a nice value set on one thread does not reach libvips' or libuv's
// pools, a process's does). Tiles come back over the IPC channel and are written here, as tilePhoto would.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { bundledCode } from './bundledCode.ts';
import type { PhotoPlan } from './photoPlan.ts';
import { PhotoRefused } from './photoRefused.ts';
import { reprojectTools } from './reprojectTools.ts';
import { photoTileCount, type WriteTile } from './tilePhoto.ts';
import type { ChildJob, ChildMessage } from './tileChildMain.ts';

/** Below normal, as `nice` counts: a busy tiler yields to the server, an idle server leaves it all the cores. */
export const TILER_NICE = 10;
/**
 * The tiling child's node flags. --expose-gc lets tilePhoto free the decode as soon as it is copied. --no-liftoff
 * compiles the kernel with V8's optimising compiler at once: by default V8 first runs WebAssembly on its baseline
 * compiler and swaps in the optimised code only for the next call, and each thread calls the kernel once per face,
 * so every thread made its first face (a pole face, the longest) on the baseline: 0.8 s instead of 0.45 s at 8192 px.
 * The optimised compile of the whole kernel takes 10 to 20 ms.
 */
export const TILER_NODE_FLAGS = ['--expose-gc', '--no-liftoff'];
const NICE = '/usr/bin/nice';
/** The child's code, bundled once per server process: it starts in a tenth of a second, not through tsx. */
export const tilerChildCode = () => bundledCode(new URL('./tileChildMain.ts', import.meta.url));

/** Same contract as tilePhoto; resolves with the child's peak resident memory in bytes. */
export async function tilePhotoApart(
  file: string,
  plan: PhotoPlan,
  write: WriteTile,
  onProgress: (done: number, total: number) => void = () => {},
): Promise<{ maxRssBytes: number }> {
  const total = photoTileCount(plan);
  const [code, threadTools] = await Promise.all([tilerChildCode(), reprojectTools()]);
  // `node -` reads its program from stdin.
  const node = [process.execPath, ...TILER_NODE_FLAGS, '-'];
  const [cmd, args] = fs.existsSync(NICE) ? [NICE, ['-n', String(TILER_NICE), ...node]] : [node[0], node.slice(1)];
  const child = spawn(cmd, args, { stdio: ['pipe', 'inherit', 'inherit', 'ipc'], serialization: 'advanced' });
  child.stdin!.on('error', () => undefined); // a child that died at once is told by 'close'
  child.stdin!.end(code);
  let done = 0;
  // Writes in flight are awaited before the outcome is told, so none lands after a failure was reported.
  const writes: Promise<void>[] = [];
  let writeFailed: unknown = null;
  return new Promise<{ maxRssBytes: number }>((resolve, reject) => {
    let outcome: { ok: true; maxRssBytes: number } | { ok: false; error: Error } | null = null;
    const settle = async () => {
      await Promise.allSettled(writes);
      if (writeFailed) reject(writeFailed);
      else if (outcome?.ok) resolve({ maxRssBytes: outcome.maxRssBytes });
      else reject(outcome?.error ?? new Error('the tiling process ended without an answer'));
    };
    child.on('message', (m: ChildMessage) => {
      if (m.kind === 'tile') {
        if (writeFailed) return;
        writes.push(
          write(m.ref, Buffer.from(m.jpeg.buffer, m.jpeg.byteOffset, m.jpeg.byteLength)).then(
            () => onProgress(++done, total),
            (e: unknown) => {
              writeFailed ??= e;
              child.kill('SIGKILL'); // no point tiling on into a store that refuses
            },
          ),
        );
      } else if (m.kind === 'done') outcome = { ok: true, maxRssBytes: m.maxRssBytes };
      else outcome = { ok: false, error: m.refused ? new PhotoRefused(m.message) : new Error(m.message) };
    });
    child.on('error', (e) => {
      outcome ??= { ok: false, error: new Error(`the tiling process could not start: ${e.message}`) };
    });
    child.on('close', (code, signal) => {
      outcome ??= { ok: false, error: new Error(`the tiling process ended (${signal ?? `code ${code}`})`) };
      void settle();
    });
    child.send({ file, plan, threadTools } satisfies ChildJob);
  });
}
