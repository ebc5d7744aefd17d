// The scene tests' `test`: a worker fixture `scene`, one static server per worker for every scene spec file it
// runs (the built pages at /, the real fixture's tiles at /media/tiles/, generated pyramids at /media/gen/,
// the WebXR controller profiles at /xr-profiles/), closed and its temp folder removed when the worker ends.
// Spec files sharing a worker ask for different generated cubes, so each pyramid is named by its content.
// Its pages must run clean (no console error, uncaught exception or CSP violation: ./cleanConsole).
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import { createRequire } from 'node:module';
import path from 'node:path';
import { test as base } from './cleanConsole';
import { distDir, fixtureMissing, fixtureTilesDir } from './fixtures';
import { type GenLevel, writeLabelledPyramid } from './generatedPyramid';
import { startStaticServer } from './staticServer';

export { expect } from './cleanConsole';

export type PyramidOptions = NonNullable<Parameters<typeof writeLabelledPyramid>[2]>;

export interface Scene {
  /** http://127.0.0.1:<port> of this worker's server. */
  origin: string;
  /** The folder served at /media/gen/. */
  genDir: string;
  /** Write a labelled cube pyramid under /media/gen/ once per worker; returns its name (the `tiles` id), which
   *  is derived from the levels and options, so different pyramids never share a name. */
  pyramid(levels: GenLevel[], opts?: PyramidOptions): Promise<string>;
}

/** JSON with object keys sorted, so equal levels and options give one name whatever their key order. */
function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (v && typeof v === 'object')
    return `{${Object.keys(v)
      .sort()
      .filter((k) => (v as Record<string, unknown>)[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${canonical((v as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(v);
}

async function startScene(): Promise<{ scene: Scene; close(): Promise<void> }> {
  const dist = distDir();
  if (!fs.existsSync(path.join(dist, 'scene.html')))
    throw new Error(`${dist}/scene.html missing: run npm run build first`);
  const genDir = fs.mkdtempSync(path.join(os.tmpdir(), 'scene-gen-'));
  const mounts = [
    { prefix: '/', dir: dist },
    { prefix: '/media/gen/', dir: genDir },
    {
      prefix: '/xr-profiles/',
      dir: path.join(
        path.dirname(createRequire(import.meta.url).resolve('@webxr-input-profiles/assets/package.json')),
        'dist',
        'profiles',
      ),
    },
  ];
  if (!fixtureMissing()) mounts.push({ prefix: '/media/tiles/', dir: await fixtureTilesDir() });
  const server = await startStaticServer(mounts);

  const written = new Map<string, Promise<string>>();
  const pyramid = (levels: GenLevel[], opts: PyramidOptions = {}): Promise<string> => {
    const name = `cube-${createHash('sha256').update(canonical({ levels, opts })).digest('hex').slice(0, 12)}`;
    let done = written.get(name);
    if (!done) {
      done = (async () => {
        const final = path.join(genDir, name);
        if (fs.existsSync(final)) return name;
        // Written beside it and renamed into place: the name never shows a half-written pyramid.
        const tmp = fs.mkdtempSync(path.join(genDir, `.${name}-`));
        try {
          await writeLabelledPyramid(tmp, levels, opts);
          fs.renameSync(tmp, final);
        } catch (e) {
          fs.rmSync(tmp, { recursive: true, force: true });
          if (!fs.existsSync(final)) throw e;
        }
        return name;
      })();
      // A failed write is not remembered, so the next spec file that asks tries again.
      done.catch(() => written.delete(name));
      written.set(name, done);
    }
    return done;
  };

  return {
    scene: { origin: server.origin, genDir, pyramid },
    close: async () => {
      await server.close();
      fs.rmSync(genDir, { recursive: true, force: true });
    },
  };
}

export const test = base.extend<object, { scene: Scene }>({
  scene: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a fixture uses from this pattern.
    async ({}, provide) => {
      // (Playwright's `use`, named otherwise so the rules of hooks do not take it for React's.)
      const { scene, close } = await startScene();
      await provide(scene);
      await close();
    },
    { scope: 'worker' },
  ],
});
