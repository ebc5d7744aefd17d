// Builds a script the server writes into the page itself (not a file the page asks for): one classic script,
// bundled and minified by esbuild, emitted beside the build manifest (dist/.vite/), never hashed or preloaded.
// Vite's own output cannot be it: an entry of the main build shares chunks with the app and so imports them.
import { build } from 'esbuild';
import type { Plugin } from 'vite';

export function inlineScript(entry: string, fileName: string): Plugin {
  return {
    name: 'inline-script',
    apply: 'build',
    async generateBundle() {
      const out = await build({
        entryPoints: [entry],
        bundle: true,
        minify: true,
        format: 'iife',
        target: 'es2020',
        write: false,
        legalComments: 'none',
      });
      this.emitFile({ type: 'asset', fileName, source: out.outputFiles[0]!.text.trim() });
    },
  };
}
