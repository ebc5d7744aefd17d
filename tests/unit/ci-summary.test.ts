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

test('names the tests that failed or passed only on retry, above the closing line', () => {
  const dir = reports({
    'vitest-1.json': {
      ...vitest(1, 1, 0),
      testResults: [
        {
          name: '/repo/tests/unit/a.test.ts',
          assertionResults: [
            { fullName: 'keeps x', status: 'passed' },
            { fullName: 'drops y', status: 'failed' },
          ],
        },
      ],
    },
    'playwright-1.json': {
      ...playwright(1, 1, 1),
      suites: [
        {
          specs: [],
          suites: [
            {
              specs: [
                { file: 'k.spec.ts', line: 9, title: 'moves', tests: [{ status: 'unexpected' }] },
                { file: 'k.spec.ts', line: 20, title: 'turns', tests: [{ status: 'flaky' }] },
                { file: 'k.spec.ts', line: 30, title: 'stays', tests: [{ status: 'expected' }] },
              ],
            },
          ],
        },
      ],
    },
  });
  const run = spawnSync('node', [script, dir], { encoding: 'utf8' });
  const lines = run.stdout.trim().split('\n');
  expect(lines).toContain('failed: a.test.ts > drops y');
  expect(lines).toContain('failed: k.spec.ts:9 > moves');
  expect(lines).toContain('flaky: k.spec.ts:20 > turns');
  expect(lines.some((l) => l.includes('stays') || l.includes('keeps x'))).toBe(false);
  expect(lines.at(-1)).toBe('3 passed, 2 failed, 0 skipped');
});
