// A `test` whose pages must run clean: every console error, uncaught exception, native dialog (alert, confirm,
// prompt: the product uses its own, docs/notices.md) and Content-Security-Policy violation (the
// `securitypolicyviolation` event, which a page can raise without any console line) of any page of the test's
// browser context fails the test when it ends. A test that provokes an error on purpose declares
// it first with `consoleErrors.expect(…)` (or `expectConsoleErrors(page, …)` from a helper that provokes it,
// such as a route answered with a failure); only what matches a declaration is let through.
import { expect, test as base, type BrowserContext, type Page } from '@playwright/test';

export { expect };

export interface Report {
  kind: 'console' | 'uncaught' | 'csp' | 'dialog';
  text: string;
  /** The address of the script that logged it, or of the request that failed. */
  url: string;
}

/** A declared error: a pattern of the report's one-line form (see `line`), or a test of the report. */
export type Expected = RegExp | ((r: Report) => boolean);

export interface ConsoleErrors {
  /** Let through the errors that match (a refused request the test makes on purpose, say). */
  expect(expected: Expected): void;
  /** What was reported so far and not declared, one line each. */
  unexpected(): string[];
}

const line = (r: Report) => `${r.kind}: ${r.text}${r.url ? ` (${r.url})` : ''}`;
const BINDING = '__reportCspViolation';
const watched = new WeakMap<BrowserContext, ConsoleErrors>();

/** Start collecting the reports of every page of `context`, present and future. */
export async function watchConsoleErrors(context: BrowserContext): Promise<ConsoleErrors> {
  const seen: Report[] = [];
  const allowed: Expected[] = [];
  context.on('console', (m) => {
    if (m.type() === 'error') seen.push({ kind: 'console', text: m.text(), url: m.location().url });
  });
  context.on('dialog', (d) => {
    seen.push({ kind: 'dialog', text: `${d.type()}: ${d.message()}`, url: d.page()?.url() ?? '' });
    d.dismiss().catch(() => undefined);
  });
  context.on('weberror', (e) => seen.push({ kind: 'uncaught', text: e.error().message, url: e.page()?.url() ?? '' }));
  await context.exposeBinding(BINDING, (_source, text: string, url: string) => seen.push({ kind: 'csp', text, url }));
  await context.addInitScript((binding: string) => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const report = (window as unknown as Record<string, (t: string, u: string) => void>)[binding];
      void report?.(`${e.effectiveDirective} refused ${e.blockedURI} (line ${e.lineNumber})`, e.sourceFile);
    });
  }, BINDING);
  const matches = (r: Report) => allowed.some((a) => (a instanceof RegExp ? a.test(line(r)) : a(r)));
  const errors: ConsoleErrors = {
    expect: (expected) => void allowed.push(expected),
    unexpected: () => seen.filter((r) => !matches(r)).map(line),
  };
  watched.set(context, errors);
  return errors;
}

/** Declare, for the page's context, errors a helper provokes on purpose (no-op where nothing watches). */
export function expectConsoleErrors(page: Page, expected: Expected): void {
  watched.get(page.context())?.expect(expected);
}

/** Playwright's `test` with the guard on for every test (an automatic fixture); `consoleErrors` declares. */
export const test = base.extend<{ consoleErrors: ConsoleErrors }>({
  consoleErrors: [
    async ({ context }, provide) => {
      const errors = await watchConsoleErrors(context);
      await provide(errors);
      expect(errors.unexpected(), 'console errors, uncaught exceptions, native dialogs or CSP violations').toEqual([]);
    },
    { auto: true },
  ],
});
