// Code for a worker thread or a child process as one plain CommonJS script, so that it starts in milliseconds. Code
// started from a TypeScript file goes through tsx's loader, which spends most of a second resolving and
// transpiling modules before the first line runs. esbuild bundles our modules instead, once per process; the
// packages they import stay outside the bundle, required by absolute path, so the script runs from any directory
// (a child reads it from its stdin, a worker from a string).
import { build, type Plugin } from 'esbuild';
import { createRequire, isBuiltin } from 'node:module';
import { fileURLToPath } from 'node:url';

const built = new Map<string, Promise<string>>();

/** Bare imports become requires of the file Node would load from `entry`'s folder. */
function packagesByPath(entry: string): Plugin {
  const require = createRequire(entry);
  return {
    name: 'packages-by-path',
    setup(b) {
      b.onResolve({ filter: /^[^./]/ }, ({ path }) => ({
        path: isBuiltin(path) ? path : require.resolve(path),
        external: true,
      }));
    },
  };
}

/**
 * CommonJS code of `entry` and everything it imports, for `new Worker(code, { eval: true })` or a `node -` child.
 * Asynchronous (the bundler runs as a process of its own), so a caller can start it alongside other work.
 */
export function bundledCode(entry: URL): Promise<string> {
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
      plugins: [packagesByPath(file)],
    }).then((out) => out.outputFiles[0].text);
    code.catch(() => built.delete(file)); // a failed build is tried again by the next caller
    built.set(file, code);
  }
  return code;
}
