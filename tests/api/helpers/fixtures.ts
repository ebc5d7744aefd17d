// The shared real fixtures (../shared/fixtures beside the checkout). In CI (CI=true) a missing folder is a
// failure; elsewhere tests that need it skip with a one-line reason.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
export const fixturesDir = path.resolve(repoRoot, '..', 'shared', 'fixtures');

export const marzipanoExport = {
  zip: path.join(fixturesDir, 'marzipano-export', 'prism_new_field.zip'),
  csv: path.join(fixturesDir, 'marzipano-export', 'prism_new_field.csv'),
};

/**
 * Whether the given fixture files exist. Throws in CI when they do not; otherwise returns a one-line reason
 * to pass to `it.skipIf` / `describe.skipIf` (or null when present).
 */
export function fixtureSkipReason(...files: string[]): string | null {
  const missing = files.filter((f) => !fs.existsSync(f));
  if (!missing.length) return null;
  const reason = `fixtures missing (${missing.map((f) => path.relative(repoRoot, f)).join(', ')}): skipped outside CI`;
  if (process.env.CI === 'true') throw new Error(`Required test fixtures are missing in CI: ${missing.join(', ')}`);
  return reason;
}
