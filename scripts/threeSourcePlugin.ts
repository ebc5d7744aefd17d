// Builds three.js from its module sources (three/src) instead of its two prebuilt files.
// A chunk holds whole modules, and the prebuilt three.core.js is one module of 250 KB: whatever any lazy chunk used
// of it (the VR code's animation tracks, curves, loaders, skinned meshes…) was in the chunk the viewer loads before
// the panorama is live. From its sources each class is a module of its own, so what only the VR code uses stays
// with the VR code. Every importer resolves 'three' here, so a page still has one copy of three.js. Lost on the way:
// the prebuilt file's window.__THREE__ mark (a warning about a second copy, for developers; three's package marks
// its sources free of side effects, so the bundler drops it).
import type { Plugin } from 'vite';

/** What three's own build does to a shader source's GLSL text: comments and blank lines out. */
export function compactGlsl(code: string): string {
  return code.replace(/\/\* glsl \*\/`(.*?)`/gs, (_m, glsl: string) =>
    JSON.stringify(
      glsl
        .trim()
        .replace(/\r/g, '')
        .replace(/[ \t]*\/\/.*\n/g, '')
        .replace(/[ \t]*\/\*[\s\S]*?\*\//g, '')
        .replace(/\n{2,}/g, '\n'),
    ),
  );
}

export function threeFromSource(): Plugin {
  return {
    name: 'three-from-source',
    apply: 'build',
    enforce: 'pre',
    resolveId(id, importer) {
      if (id !== 'three') return null;
      return this.resolve('three/src/Three.js', importer, { skipSelf: true });
    },
    transform(code, id) {
      if (!/\/three\/src\/.*\.glsl\.js$/.test(id)) return null;
      // Only the text inside the shader strings changes: the map of the lines around them stays right.
      return { code: compactGlsl(code), map: null };
    },
  };
}
