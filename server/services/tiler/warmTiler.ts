// The tiler's tools made at server start, in the background: the tiling child's bundled code and the reprojection's
// threads and WebAssembly kernel (reprojectTools.ts). On a machine where the kernel was never compiled that takes
// 3 to 15 s (more on a loaded one), which would otherwise land inside the first photo upload; and a tiling child
// started ahead (tilerChildren.ts), which ends if no photo comes within its idle time. Start-up and readiness never
// wait for it: an upload arriving meanwhile awaits the same promises, made once per process.
import { keepSpareChild, tilerChildCode } from './tilerChildren.ts';
import { reprojectTools } from './reprojectTools.ts';

interface Log {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

/** Starts making the tools; logs when they are ready, or why not (the first upload then tries again). */
export function warmTiler(log: Log): Promise<void> {
  const started = performance.now();
  return Promise.all([tilerChildCode().then(() => keepSpareChild()), reprojectTools()]).then(
    () => log.info({ ms: Math.round(performance.now() - started) }, 'photo tiler ready'),
    (err: unknown) => log.warn({ err }, 'the photo tiler could not be made ready; the first upload tries again'),
  );
}
