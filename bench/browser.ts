// The Chromium every benchmark drives: Debian's, software WebGL (SwiftShader), no background traffic, as the e2e
// tests run it (playwright.config.ts), so figures of different benchmarks compare.
import { chromium } from '@playwright/test';

export const launchBenchBrowser = () =>
  chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--use-angle=swiftshader',
      '--enable-unsafe-swiftshader',
      '--disable-background-networking',
      '--disable-component-update',
    ],
  });
