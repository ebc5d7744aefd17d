// A worker thread's code as one plain script, so that it starts in milliseconds. A worker started from a TypeScript
// file goes through tsx's loader, which spends most of a second per thread resolving and transpiling its modules;
// the reprojection's modules are pure and import no package, so they bundle into one small script instead, once
// per process.
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';

const built = new Map<string, Promise<string>>();

/**
 * CommonJS code of `entry` and everything it imports, for `new Worker(code, { eval: true })`. Asynchronous (the
 * bundler runs as a process of its own), so a caller can start it alongside other work, such as a decode.
 */
export function threadCode(entry: URL): Promise<string> {
  const file = fileURLToPath(entry);
  let code = built.get(file);
  if (code === undefined) {
    code = build({
      entryPoints: [file],
      bundle: true,
      platform: 'node',
      format: 'cjs',
      target: 'node20',
      write: false,
      logLevel: 'silent',
    }).then((out) => out.outputFiles[0].text);
    code.catch(() => built.delete(file)); // a failed build is tried again by the next caller
    built.set(file, code);
  }
  return code;
}
