// The reprojection's WebAssembly, compiled from its AssemblyScript source (assembly/reproject.ts) by the
// assemblyscript package: no binary is kept in the repository, and what runs always matches the source. Compiling
// takes seconds, so the module is cached on disk by the hash of the source and the compiler's options and version,
// and compiled at most once per process. Like bundledCode.ts, only a process with the sources calls this; the
// tiling child and the threads get the bytes. The compiler runs on a thread of its own: its optimiser is seconds of
// synchronous work, which on the server's own thread would stop every request meanwhile.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

const SOURCE = fileURLToPath(new URL('./assembly/reproject.ts', import.meta.url));

/** One shared memory, imported from the caller, that every thread reads the sphere from; SIMD for the pixels. */
export const KERNEL_OPTIONS = {
  optimizeLevel: 3,
  shrinkLevel: 0,
  runtime: 'stub',
  noAssert: true,
  importMemory: true,
  sharedMemory: true,
  initialMemory: 1,
  maximumMemory: 65536,
  enable: ['simd', 'threads'],
};

const compilerPackage = () => createRequire(import.meta.url).resolve('assemblyscript/package.json');
const compilerVersion = (): string =>
  (JSON.parse(fs.readFileSync(compilerPackage(), 'utf8')) as { version: string }).version;
/** The compiler's ES module (the package's `./asc` export), by URL: a thread started from a string resolves no names. */
const compilerUrl = () => pathToFileURL(path.join(path.dirname(compilerPackage()), 'dist', 'asc.js')).href;

/** A thread that compiles workerData.source and answers { binary } or { error }. */
const COMPILE_THREAD = `
const { parentPort, workerData } = require('node:worker_threads');
import(workerData.compiler)
  .then(({ default: asc }) => asc.compileString({ 'reproject.ts': workerData.source }, workerData.options))
  .then((r) => parentPort.postMessage(r.error || !r.binary ? { error: String(r.error?.message) + '\\n' + r.stderr } : { binary: r.binary }))
  .catch((e) => parentPort.postMessage({ error: String(e?.stack ?? e) }));
`;

/** The module compiled from `source`, straight from the compiler (no cache), on a thread of its own. */
export async function compileKernel(source: string): Promise<Uint8Array> {
  const worker = new Worker(COMPILE_THREAD, {
    eval: true,
    workerData: { compiler: compilerUrl(), source, options: KERNEL_OPTIONS },
  });
  try {
    const answer = await new Promise<{ binary?: Uint8Array; error?: string }>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
      worker.once('exit', (code) => reject(new Error(`the compiler's thread ended (code ${code})`)));
    });
    if (!answer.binary) throw new Error(`the reprojection's WebAssembly did not compile: ${answer.error}`);
    return answer.binary;
  } finally {
    await worker.terminate();
  }
}

/** Where the module compiled from `source` is cached. */
export function kernelCachePath(source: string, dir = path.join(os.tmpdir(), 'tiler-wasm')): string {
  const hash = createHash('sha256')
    .update(source)
    .update(JSON.stringify(KERNEL_OPTIONS))
    .update(compilerVersion())
    .digest('hex')
    .slice(0, 16);
  return path.join(dir, `reproject-${hash}.wasm`);
}

async function cachedKernel(): Promise<Uint8Array> {
  const source = await fs.promises.readFile(SOURCE, 'utf8');
  const file = kernelCachePath(source);
  try {
    return new Uint8Array(await fs.promises.readFile(file));
  } catch {
    /* not compiled yet */
  }
  const binary = await compileKernel(source);
  await fs.promises.mkdir(path.dirname(file), { recursive: true });
  // Written aside and renamed, so a process reading the cache never sees half a file.
  const partial = `${file}.${process.pid}.partial`;
  await fs.promises.writeFile(partial, binary);
  await fs.promises.rename(partial, file);
  return binary;
}

let kernel: Promise<Uint8Array> | null = null;

/** The reprojection's WebAssembly module, compiled or read from the cache once per process. */
export function reprojectKernel(): Promise<Uint8Array> {
  if (!kernel) {
    kernel = cachedKernel();
    kernel.catch(() => (kernel = null)); // tried again by the next caller
  }
  return kernel;
}
