// The tiling children (tileApart.ts): how one starts, and one kept started ahead. A child's start-up (node, then
// sharp's native library) took 0.66 to 0.76 s at load 9, all of it inside the photo's job, before its first pixel.
// The server starts a spare child once its tools are made (warmTiler.ts), when a photo upload arrives and none waits,
// and each time a photo's child ends; a job takes the spare when one waits, else starts its own as before. A spare
// left idle ends after SPARE_IDLE_MS, so a server that tiles no photos does not hold one for good.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { bundledCode } from './bundledCode.ts';

/** Below normal, as `nice` counts: a busy tiler yields to the server, an idle server leaves it all the cores. */
export const TILER_NICE = 10;
/**
 * The tiling child's node flags. --expose-gc lets tilePhoto free the decode as soon as it is copied. --no-liftoff
 * compiles the kernel with V8's optimising compiler at once: by default V8 first runs WebAssembly on its baseline
 * compiler and swaps in the optimised code only for the next call, and each thread calls the kernel once per face,
 * so every thread made its first face (a pole face, the longest) on the baseline: about 50 ms of CPU more at 8192 px
 * (docs/tiling.md). The optimised compile of the whole kernel takes 10 to 20 ms.
 */
export const TILER_NODE_FLAGS = ['--expose-gc', '--no-liftoff'];
const NICE = '/usr/bin/nice';
/** The child's code, bundled once per server process: it starts in a tenth of a second, not through tsx. */
export const tilerChildCode = () => bundledCode(new URL('./tileChildMain.ts', import.meta.url));

function startChild(code: string): ChildProcess {
  // `node -` reads its program from stdin.
  const node = [process.execPath, ...TILER_NODE_FLAGS, '-'];
  const [cmd, args] = fs.existsSync(NICE) ? [NICE, ['-n', String(TILER_NICE), ...node]] : [node[0], node.slice(1)];
  const child = spawn(cmd, args, { stdio: ['pipe', 'inherit', 'inherit', 'ipc'], serialization: 'advanced' });
  child.stdin!.on('error', () => undefined); // a child that died at once is told by 'close'
  child.stdin!.end(code);
  return child;
}

/** How long a spare waits for a photo before it ends (the next upload starts another). */
export const SPARE_IDLE_MS = 10 * 60_000;

let spare: ChildProcess | null = null;
let spareIdle: NodeJS.Timeout | undefined;
/** The child waiting, if any (for tests). */
export const spareChild = () => spare;

/** A started child for one photo: the spare when it is alive, else a new one. */
export async function takeTilerChild(): Promise<ChildProcess> {
  const code = await tilerChildCode();
  // From here on synchronous: the caller sets its listeners before any event of the child can be missed.
  const taken = spare;
  spare = null;
  clearTimeout(spareIdle);
  if (taken && taken.connected && taken.exitCode === null && taken.signalCode === null) {
    // It holds the process open again while it works (see keepSpareChild).
    taken.ref();
    taken.channel?.ref();
    return taken;
  }
  taken?.kill('SIGKILL');
  return startChild(code);
}

/** Starts a spare child unless one waits; resolves once it has loaded or ended (a job then starts its own). */
export async function keepSpareChild(idleMs = SPARE_IDLE_MS): Promise<void> {
  const code = await tilerChildCode();
  if (spare) return;
  const child = startChild(code);
  spare = child;
  // Waiting, it keeps no process alive: a server or a test may end meanwhile, and the child ends with it
  // (tileChildMain.ts leaves when its parent goes).
  child.unref();
  child.channel?.unref();
  child.on('error', () => undefined); // told to the job that takes it, by its 'close'
  child.on('exit', () => {
    if (spare === child) spare = null;
  });
  await new Promise<void>((resolve) => {
    child.once('message', () => resolve());
    child.once('exit', () => resolve());
  });
  // Idle from here, unless a job took it meanwhile.
  if (spare === child) spareIdle = setTimeout(() => spare === child && child.kill('SIGTERM'), idleMs).unref();
}
