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

async function load(file: string): Promise<Record<string, string>> {
  const code = compactGlsl(fs.readFileSync(file, 'utf8'));
  return import(`data:text/javascript,${encodeURIComponent(code)}`) as Promise<Record<string, string>>;
}

describe('three.js from its sources', () => {
  it('compacts every shader chunk to the prebuilt text', async () => {
    const dir = path.join(shaders, 'ShaderChunk');
    const files = fs.readdirSync(dir).filter((f) => f.endsWith('.glsl.js'));
    expect(files.length).toBeGreaterThan(100);
    for (const f of files) {
      const name = f.replace('.glsl.js', '');
      if (ELSEWHERE.includes(name)) continue;
      expect((await load(path.join(dir, f))).default, name).toBe(chunks[name]);
    }
  });

  it('compacts every material shader to the prebuilt text', async () => {
    const dir = path.join(shaders, 'ShaderLib');
    const files = fs.readdirSync(dir).filter((f) => f.endsWith('.glsl.js'));
    expect(files.length).toBeGreaterThan(10);
    for (const f of files) {
      const name = f.replace('.glsl.js', '');
      if (ELSEWHERE.includes(name)) continue;
      const m = await load(path.join(dir, f));
      expect(m.vertex, `${name} vertex`).toBe(chunks[`${name}_vert`]);
      expect(m.fragment, `${name} fragment`).toBe(chunks[`${name}_frag`]);
    }
  });

  it('leaves files without GLSL as they are', () => {
    const code = 'export const a = `x // not a comment`;\n';
    expect(compactGlsl(code)).toBe(code);
  });
});
