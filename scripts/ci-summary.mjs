// Adds up the JSON reports every test run of `.ci/run` wrote (vitest's and Playwright's) and prints one closing
// line, "N passed, N failed, N skipped", bare and last, so a reader of CI's log (or a machine that knows only that
// plain form) sees the whole run's count at its end. The per-report lines are worded differently on purpose, so no
// line but the last reads as a closing count. Exits non-zero when a report is unreadable, a test failed, or nothing
// ran at all.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const dir = process.argv[2];
if (!dir) throw new Error('usage: node scripts/ci-summary.mjs <report folder>');

/** One report's counts: vitest writes jest-style totals, Playwright its stats (a flaky test passed on retry). */
function counts(file, report) {
  if (file.startsWith('vitest-')) {
    return {
      passed: report.numPassedTests,
      failed: report.numFailedTests,
      skipped: report.numPendingTests + report.numTodoTests,
      flaky: 0,
    };
  }
  const s = report.stats;
  return { passed: s.expected + s.flaky, failed: s.unexpected, skipped: s.skipped, flaky: s.flaky };
}

/** Names of the tests that failed, or passed only on retry, so the log's tail says which without the whole log. */
function named(file, report) {
  const out = [];
  if (file.startsWith('vitest-')) {
    for (const r of report.testResults ?? [])
      for (const a of r.assertionResults ?? [])
        if (a.status === 'failed') out.push(`failed: ${path.basename(r.name ?? '')} > ${a.fullName}`);
    return out;
  }
  const walk = (suite) => {
    for (const spec of suite.specs ?? [])
      for (const t of spec.tests ?? [])
        if (t.status === 'unexpected' || t.status === 'flaky')
          out.push(`${t.status === 'flaky' ? 'flaky' : 'failed'}: ${spec.file}:${spec.line} > ${spec.title}`);
    for (const s of suite.suites ?? []) walk(s);
  };
  for (const s of report.suites ?? []) walk(s);
  return out;
}

const total = { passed: 0, failed: 0, skipped: 0, flaky: 0 };
const names = [];
for (const file of readdirSync(dir)
  .filter((f) => f.endsWith('.json'))
  .sort()) {
  const report = JSON.parse(readFileSync(path.join(dir, file), 'utf8'));
  const c = counts(file, report);
  names.push(...named(file, report));
  if (Object.values(c).some((n) => !Number.isInteger(n))) throw new Error(`${file}: no counts in this report`);
  console.log(`report ${file}: passed ${c.passed}, failed ${c.failed}, skipped ${c.skipped}, flaky ${c.flaky}`);
  for (const k of Object.keys(total)) total[k] += c[k];
}
for (const n of names) console.log(n);
if (total.flaky) console.log(`flaky (passed on retry): ${total.flaky}`);
console.log(`${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
if (total.failed > 0 || total.passed === 0) process.exit(1);
