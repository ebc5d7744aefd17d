// A tiling process (tileApart.ts): takes one photo and its plan, tiles it with tilePhoto and sends every tile back to
// the parent, which stores it. It ends when the parent goes away, so a killed server leaves no tiler running.
import type { TileRef } from '../ingest/tilePaths.ts';
import { DomainError } from '../errors.ts';
import type { PhotoPlan } from './photoPlan.ts';
import type { ReprojectTools } from './reprojectTools.ts';
import { tilePhoto } from './tilePhoto.ts';

export interface ChildJob {
  file: string;
  plan: PhotoPlan;
  /** The reprojection threads' code and kernel: this process runs bundled, without the sources to make them from. */
  threadTools: ReprojectTools;
}
export type ChildMessage =
  | { kind: 'ready' }
  | { kind: 'tile'; ref: TileRef; jpeg: Uint8Array }
  | { kind: 'done'; maxRssBytes: number }
  | { kind: 'failed'; refused: boolean; message: string };

const send = (m: ChildMessage) =>
  new Promise<void>((resolve, reject) => process.send!(m, undefined, {}, (e) => (e ? reject(e) : resolve())));

process.on('disconnect', () => process.exit(0));
// Loaded and waiting: a spare child (tilerChildren.ts) is counted ready from here.
void send({ kind: 'ready' }).catch(() => undefined);
process.once('message', (job: ChildJob) => {
  const write = (ref: TileRef, jpeg: Buffer) => send({ kind: 'tile', ref, jpeg });
  void tilePhoto(job.file, job.plan, Promise.resolve(job.threadTools), write)
    .then(() => send({ kind: 'done', maxRssBytes: process.resourceUsage().maxRSS * 1024 }))
    .catch((e: unknown) =>
      send({ kind: 'failed', refused: e instanceof DomainError, message: String((e as Error)?.message ?? e) }),
    )
    .finally(() => process.disconnect());
});
