// The CI log's closing line: the whole run's count, bare and last, from the JSON reports every pass wrote.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from 'vitest';

const script = path.resolve('scripts/ci-summary.mjs');

function reports(files: Record<string, unknown>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'ci-summary-'));
  for (const [name, body] of Object.entries(files)) writeFileSync(path.join(dir, name), JSON.stringify(body));
  return dir;
}

const vitest = (passed: number, failed: number, pending: number) => ({
  numPassedTests: passed,
  numFailedTests: failed,
  numPendingTests: pending,
  numTodoTests: 0,
});
const playwright = (expected: number, unexpected: number, flaky: number) => ({
  stats: { expected, unexpected, flaky, skipped: 0 },
});

test('ends with the sum of every report as the only "N passed, N failed" line', () => {
  const dir = reports({ 'vitest-1.json': vitest(10, 0, 2), 'playwright-1.json': playwright(5, 0, 1) });
  const lines = execFileSync('node', [script, dir], { encoding: 'utf8' }).trim().split('\n');
  expect(lines.at(-1)).toBe('16 passed, 0 failed, 2 skipped');
  expect(lines.filter((l) => /\d+ passed, \d+ failed/.test(l))).toHaveLength(1);
});

test('exits non-zero when a test failed or none ran', () => {
  const failed = reports({ 'vitest-1.json': vitest(10, 1, 0) });
  expect(spawnSync('node', [script, failed]).status).not.toBe(0);
  const none = reports({ 'vitest-1.json': vitest(0, 0, 3) });
  expect(spawnSync('node', [script, none]).status).not.toBe(0);
});
