// A `test` whose pages must run clean: every console error, uncaught exception and Content-Security-Policy
// violation (the `securitypolicyviolation` event, which a page can raise without any console line) of any page
// of the test's browser context fails the test when it ends. A test that provokes an error on purpose declares
// it first with `consoleErrors.expect(/…/)`; only what matches a declaration is let through.
import { expect, test as base, type BrowserContext } from '@playwright/test';

export { expect };

export interface ConsoleErrors {
  /** Let through the errors matching `pattern` (a refused request the test makes on purpose, say). */
  expect(pattern: RegExp): void;
  /** What was reported so far and not declared. */
  unexpected(): string[];
}

const BINDING = '__reportCspViolation';

/** Start collecting the reports of every page of `context`, present and future. */
export async function watchConsoleErrors(context: BrowserContext): Promise<ConsoleErrors> {
  const seen: string[] = [];
  const allowed: RegExp[] = [];
  context.on('console', (m) => {
    if (m.type() === 'error') seen.push(`console: ${m.text()} (${m.location().url})`);
  });
  context.on('weberror', (e) => seen.push(`uncaught: ${e.error().message}`));
  await context.exposeBinding(BINDING, (_source, text: string) => void seen.push(`csp: ${text}`));
  await context.addInitScript((binding: string) => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const report = (window as unknown as Record<string, (t: string) => void>)[binding];
      void report?.(`${e.effectiveDirective} refused ${e.blockedURI} (${e.sourceFile}:${e.lineNumber})`);
    });
  }, BINDING);
  return {
    expect: (pattern) => void allowed.push(pattern),
    unexpected: () => seen.filter((s) => !allowed.some((re) => re.test(s))),
  };
}

/** Playwright's `test` with the guard on for every test (an automatic fixture); `consoleErrors` declares. */
export const test = base.extend<{ consoleErrors: ConsoleErrors }>({
  consoleErrors: [
    async ({ context }, provide) => {
      const errors = await watchConsoleErrors(context);
      await provide(errors);
      expect(errors.unexpected(), 'console errors, uncaught exceptions or CSP violations').toEqual([]);
    },
    { auto: true },
  ],
});
