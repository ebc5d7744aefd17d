// The shared fixtures for the browser tests: where they are and their rule (tests/fixtures.ts), the export's tiles.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import JSZip from 'jszip';
import { fixturesDir, marzipanoExport, missingFixtures, repoRoot } from '../../fixtures';

export { fixturesDir, repoRoot };
const fixtureZip = marzipanoExport.zip;

/** null when the export is present; otherwise the reason to skip (and throws in CI, where it must be present). */
export const fixtureMissing = () => missingFixtures(fixtureZip);

/** Unpack the export's tiles once per process into a temp folder; returns its app-files/tiles folder. */
let unzipped: string | null = null;
export async function fixtureTilesDir(): Promise<string> {
  if (unzipped) return unzipped;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scene-fixture-'));
  const zip = await JSZip.loadAsync(fs.readFileSync(fixtureZip));
  for (const entry of Object.values(zip.files)) {
    if (entry.dir || !entry.name.startsWith('app-files/tiles/')) continue;
    const out = path.join(dir, entry.name);
    // Zip entries are data: refuse any that would land outside the folder.
    if (!out.startsWith(dir + path.sep)) throw new Error(`Unsafe zip entry ${entry.name}`);
    fs.mkdirSync(path.dirname(out), { recursive: true });
    fs.writeFileSync(out, await entry.async('nodebuffer'));
  }
  unzipped = path.join(dir, 'app-files', 'tiles');
  return unzipped;
}

export const FIXTURE_SCENE = {
  tilesId: '0-prism_uat_newfield1',
  levels: [
    { tileSize: 256, size: 256, fallbackOnly: true },
    { tileSize: 512, size: 512 },
    { tileSize: 512, size: 1024 },
  ],
  faceSize: 1000,
};

/** The built pages: dist/ normally; SCENE_DIST overrides (e.g. the benchmark's own build). */
export function distDir(): string {
  return process.env.SCENE_DIST ?? process.env.DIST_DIR ?? path.join(repoRoot, 'dist');
}
