// The shared real fixtures (../shared/fixtures beside the checkout) and the one rule for their absence, used by the
// API and the browser tests alike: in CI (CI=true) a missing fixture fails the run; elsewhere the tests that need it
// are skipped with a one-line reason. Our own demo data is no fixture: a test that needs it fails when it is absent.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const fixturesDir = path.resolve(repoRoot, '..', 'shared', 'fixtures');

/** The real Marzipano Tool export and its positions CSV. */
export const marzipanoExport = {
  zip: path.join(fixturesDir, 'marzipano-export', 'prism_new_field.zip'),
  csv: path.join(fixturesDir, 'marzipano-export', 'prism_new_field.csv'),
};

/** Real equirectangular photographs (1024×512 JPEG, CC0) by name, e.g. `equirectPhoto('courtyard')`. */
export const equirectPhoto = (name: string) => path.join(fixturesDir, 'equirect', `${name}.jpg`);

/**
 * null when every file exists. Otherwise throws in CI, where they must be present, and elsewhere returns the
 * reason to skip with (`it.skipIf(!!reason)`, `test.skip(!!reason, reason)`).
 */
export function missingFixtures(...files: string[]): string | null {
  const missing = files.filter((f) => !fs.existsSync(f));
  if (!missing.length) return null;
  if (process.env.CI === 'true') throw new Error(`Required test fixtures are missing in CI: ${missing.join(', ')}`);
  return `fixtures missing (${missing.map((f) => path.relative(repoRoot, f)).join(', ')}): skipped outside CI`;
}
