// tilePhoto in a process of its own at a lower priority (nice 10), so that a server tiling photos keeps answering
// requests: the decode, the reprojection and every JPEG encode run on the child's threads, which the kernel serves
// after the server's when the cores are busy (a nice value set on one thread does not reach libvips' or libuv's
// pools, a process's does). Tiles come back over the IPC channel and are written here, as tilePhoto would.
import type { PhotoPlan } from './photoPlan.ts';
import { PhotoRefused } from './photoRefused.ts';
import { reprojectTools } from './reprojectTools.ts';
import { photoTileCount, type WriteTile } from './tilePhoto.ts';
import type { ChildJob, ChildMessage } from './tileChildMain.ts';
import { keepSpareChild, takeTilerChild } from './tilerChildren.ts';

/** Same contract as tilePhoto; resolves with the child's peak resident memory in bytes. */
export async function tilePhotoApart(
  file: string,
  plan: PhotoPlan,
  write: WriteTile,
  onProgress: (done: number, total: number) => void = () => {},
): Promise<{ maxRssBytes: number }> {
  const total = photoTileCount(plan);
  const threadTools = await reprojectTools();
  // Taken last, and its listeners set in the same turn: a child that ends meanwhile is still heard.
  const child = await takeTilerChild();
  let done = 0;
  // Writes in flight are awaited before the outcome is told, so none lands after a failure was reported.
  const writes: Promise<void>[] = [];
  // Told at the child's 'done', not at its exit: every tile came before it (the channel keeps the order), and the
  // exit of a process that held the sphere (freeing 300 MB at 8192 px, at nice 10) took 70 to 270 ms at load 6 to
  // 7, all of it inside the job. A child that dies without a word is still told at its close.
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
      } else if (m.kind === 'done') {
        outcome = { ok: true, maxRssBytes: m.maxRssBytes };
        void settle();
      } else if (m.kind === 'failed')
        outcome = { ok: false, error: m.refused ? new PhotoRefused(m.message) : new Error(m.message) };
    });
    child.on('error', (e) => {
      outcome ??= { ok: false, error: new Error(`the tiling process could not start: ${e.message}`) };
    });
    child.on('close', (code, signal) => {
      outcome ??= { ok: false, error: new Error(`the tiling process ended (${signal ?? `code ${code}`})`) };
      void settle();
      void keepSpareChild(); // for the next photo
    });
    child.send({ file, plan, threadTools } satisfies ChildJob);
  });
}
