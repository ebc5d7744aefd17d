// The reprojection's WebAssembly, compiled from its AssemblyScript source (assembly/reproject.ts) by the
// assemblyscript package: no binary is kept in the repository, and what runs always matches the source. Compiling
// takes seconds, so the module is cached on disk by the hash of the source and the compiler's options and version,
// and compiled at most once per process. Like bundledCode.ts, only a process with the sources calls this; the
// tiling child and the threads get the bytes.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

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

const compilerVersion = (): string =>
  (createRequire(import.meta.url)('assemblyscript/package.json') as { version: string }).version;

/** The module compiled from `source`, straight from the compiler (no cache). */
export async function compileKernel(source: string): Promise<Uint8Array> {
  const { default: asc } = await import('assemblyscript/asc');
  const result = await asc.compileString({ 'reproject.ts': source }, KERNEL_OPTIONS);
  if (result.error || !result.binary)
    throw new Error(`the reprojection's WebAssembly did not compile: ${result.error?.message}\n${result.stderr}`);
  return result.binary;
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
