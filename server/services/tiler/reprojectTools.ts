// What the reprojection threads run: their code, bundled (bundledCode.ts), and the WebAssembly kernel, compiled
// (wasmKernel.ts). Both are made from the TypeScript and AssemblyScript sources, so only a process that has them
// makes these (the server, a test); a tiling child gets them with its job and never loads esbuild or the compiler.
import { bundledCode } from './bundledCode.ts';
import { reprojectKernel } from './wasmKernel.ts';

export interface ReprojectTools {
  code: string;
  kernel: Uint8Array;
}

/** Made once per process; call early to have them ready when the threads start. */
export async function reprojectTools(): Promise<ReprojectTools> {
  const [code, kernel] = await Promise.all([
    bundledCode(new URL('./reprojectThreadMain.ts', import.meta.url)),
    reprojectKernel(),
  ]);
  return { code, kernel };
}
