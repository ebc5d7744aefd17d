import { defineConfig } from '@playwright/test';
import { e2eDataDir } from './tests/e2e/helpers/serverDataDir.ts';

// End-to-end tests drive Debian's Chromium (no downloaded browser) against the real built server.
const port = Number(process.env.E2E_PORT ?? 8181);
export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 120_000,
  workers: 1,
  // One retry in CI: the fast-pan holes check has a rare one-pixel flake under SwiftShader (noted on the renderer issue).
  retries: process.env.CI ? 1 : 0,
  // CI sums every pass's counts into one closing line (scripts/ci-summary.mjs), so the run also writes JSON.
  reporter: process.env.CI_REPORT_DIR
    ? [['list'], ['json', { outputFile: `${process.env.CI_REPORT_DIR}/playwright-${Date.now()}.json` }]]
    : [['list']],
  use: {
    // A click on something that never comes fails in 20 s, so the test's own clean-up still runs (a test timeout
    // closes the request context before a `finally` can restore the demo site).
    actionTimeout: 20_000,
    baseURL: `http://127.0.0.1:${port}`,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--use-angle=swiftshader',
        '--enable-unsafe-swiftshader',
        '--disable-background-networking',
        '--disable-component-update',
      ],
    },
  },
  webServer: {
    command: `node --import tsx tests/e2e/server.ts`,
    url: `http://127.0.0.1:${port}/api/settings`,
    timeout: 180_000,
    reuseExistingServer: false,
    // The viewer tests count and compare the uploaded JPEG tiles; avif-tiles.spec.ts runs its own server with copies.
    // SHELL_PAGES (the default, said here as the suite depends on it): tests/e2e/first-view-shell.spec.ts.
    env: { PORT: String(port), AVIF_TILES: 'false', SHELL_PAGES: 'true', E2E_DATA_DIR: e2eDataDir(port) },
  },
});
