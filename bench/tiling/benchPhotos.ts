// Real photographs at the sizes the tiling benchmarks need: a fixture upscaled to width × width/2, made once and
// kept in .tmp/bench-tiling/.
import fs from 'node:fs';
import path from 'node:path';
import { equirectPhoto, missingFixtures } from '../../tests/fixtures';
import { repoRoot } from '../../tests/e2e/helpers/fixtures';
import { upscaledPhoto } from '../../tests/e2e/helpers/photoPyramid';

const cache = path.join(repoRoot, '.tmp', 'bench-tiling');

export async function benchPhoto(name: string, width: number): Promise<string> {
  const missing = missingFixtures(equirectPhoto(name));
  if (missing) throw new Error(missing);
  const file = path.join(cache, `${name}-${width}.jpg`);
  if (!fs.existsSync(file)) {
    console.log(`making ${path.relative(repoRoot, file)} (once)…`);
    await upscaledPhoto(equirectPhoto(name), width, file);
  }
  return file;
}
