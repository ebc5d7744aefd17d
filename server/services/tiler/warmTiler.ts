// The tiler's tools made at server start, in the background: the tiling child's bundled code and the reprojection's
// threads and WebAssembly kernel (reprojectTools.ts). On a machine where the kernel was never compiled that takes
// 3 to 15 s (more on a loaded one), which would otherwise land inside the first photo upload. Start-up and
// readiness never wait for it: an upload arriving meanwhile awaits the same promises, made once per process. No
// tiling child is started here: a server that never tiles would hold one (about 60 MB) for nothing; the first photo
// upload starts it (tilerChildren.ts).
import { tilerChildCode } from './tilerChildren.ts';
import { reprojectTools } from './reprojectTools.ts';

interface Log {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

/** Starts making the tools; logs when they are ready, or why not (the first upload then tries again). */
export function warmTiler(log: Log): Promise<void> {
  const started = performance.now();
  return Promise.all([tilerChildCode(), reprojectTools()]).then(
    () => log.info({ ms: Math.round(performance.now() - started) }, 'photo tiler ready'),
    (err: unknown) => log.warn({ err }, 'the photo tiler could not be made ready; the first upload tries again'),
  );
}
