// One static server per spec file: the built pages at /, the real fixture's tiles at /media/tiles/, and
// generated pyramids at /media/gen/.
import fs from 'node:fs';
import os from 'node:os';
import { createRequire } from 'node:module';
import path from 'node:path';
import { distDir, fixtureMissing, fixtureTilesDir } from './fixtures';
import { type StaticServer, startStaticServer } from './staticServer';

export interface SceneServer {
  server: StaticServer;
  genDir: string;
}

export async function startSceneServer(): Promise<SceneServer> {
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
  return { server: await startStaticServer(mounts), genDir };
}
