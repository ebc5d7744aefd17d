// A second real build of the client (vite build into a folder of its own, with a build id the page shows as
// <html data-build>): what a deployment of a new version would serve, for the kiosk update test.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { repoRoot } from '../../api/helpers/fixtures.ts';

export interface Build {
  dir: string;
  /** The paths of its scripts and styles, `/assets/…`. */
  assets: Set<string>;
}

export const assetsOf = (dir: string): Set<string> =>
  new Set(fs.readdirSync(path.join(dir, 'assets')).map((f) => `/assets/${f}`));

/** The build `npm run build` made (dist/), which the suite's server serves. */
export function currentBuild(): Build {
  const dir = path.join(repoRoot, 'dist');
  if (!fs.existsSync(path.join(dir, 'index.html'))) throw new Error('dist/ has no build: run `npm run build` first');
  return { dir, assets: assetsOf(dir) };
}

/** Builds the client again into a temporary folder with `buildId` (36 s at a load average of 10: three.js is built from its sources). */
export async function buildAgain(buildId: string): Promise<Build> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'survey-build-'));
  await promisify(execFile)(
    process.execPath,
    [path.join(repoRoot, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', dir, '--emptyOutDir'],
    {
      cwd: repoRoot,
      env: { ...process.env, VITE_BUILD_ID: buildId },
      maxBuffer: 16 * 1024 * 1024,
    },
  );
  return { dir, assets: assetsOf(dir) };
}
