// The build takes three.js from its sources (scripts/threeSourcePlugin.ts) and compacts the shaders' GLSL as three's
// own build does: every shader must come out as the prebuilt three.js has it, or WebGL would compile other programs.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { ShaderChunk } from 'three';
import { describe, expect, it } from 'vitest';
import { compactGlsl } from '../../../scripts/threeSourcePlugin';

const shaders = path.join(path.dirname(createRequire(import.meta.url).resolve('three')), '../src/renderers/shaders');
const chunks = ShaderChunk as unknown as Record<string, string>;
/** Sources three keeps out of its ShaderChunk (ShaderMaterial's defaults, the shadow map's blur): not comparable. */
const ELSEWHERE = ['default_vertex', 'default_fragment', 'vsm'];

/** Each shader source of one folder, compacted and loaded, with its name. */
async function* compacted(folder: string): AsyncGenerator<[string, Record<string, string>]> {
  const dir = path.join(shaders, folder);
  const files = fs.readdirSync(dir).filter((f) => f.endsWith('.glsl.js'));
  expect(files.length).toBeGreaterThan(10);
  for (const f of files) {
    const name = f.replace('.glsl.js', '');
    if (ELSEWHERE.includes(name)) continue;
    const code = compactGlsl(fs.readFileSync(path.join(dir, f), 'utf8'));
    yield [name, (await import(`data:text/javascript,${encodeURIComponent(code)}`)) as Record<string, string>];
  }
}

describe('three.js from its sources', () => {
  it('compacts every shader chunk to the prebuilt text', async () => {
    let n = 0;
    for await (const [name, m] of compacted('ShaderChunk')) {
      expect(m.default, name).toBe(chunks[name]);
      n++;
    }
    expect(n).toBeGreaterThan(100);
  });

  it('compacts every material shader to the prebuilt text', async () => {
    for await (const [name, m] of compacted('ShaderLib')) {
      expect(m.vertex, `${name} vertex`).toBe(chunks[`${name}_vert`]);
      expect(m.fragment, `${name} fragment`).toBe(chunks[`${name}_frag`]);
    }
  });

  it('leaves files without GLSL as they are', () => {
    const code = 'export const a = `x // not a comment`;\n';
    expect(compactGlsl(code)).toBe(code);
  });
});
