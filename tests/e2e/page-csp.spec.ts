// Every page of the product runs clean under its Content-Security-Policy and shows no placeholder: the viewer, a
// deep link with the panorama drawn, the about and documentation pages, the upload page, a kiosk, the multi-site
// map home (with PROJECT_TITLE unset here, so it carries the neutral title); scene.html runs under the same policy
// in the scene specs. A CSP violation would
// mean the policy is too tight for our own code (a broken page) or that something foreign tried to load; the
// shared fixture fails the test on one, and on any console error or uncaught exception.
import type { APIRequestContext, Page } from '@playwright/test';
import { NEUTRAL_PROJECT_TITLE } from '../../contract/projectTitle';
import { demoSite } from './app-helpers';
import { expect, test } from './helpers/cleanConsole';
import { expectNoPlaceholderText } from './helpers/placeholders';

const panoramaDrawn = (page: Page) =>
  page.waitForFunction(
    () => ((window as unknown as { __panorama?: { frames: number } }).__panorama?.frames ?? 0) > 3,
    null,
    { timeout: 30_000 },
  );

async function visit(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  await expectNoPlaceholderText(page);
}

const multiSite = (request: APIRequestContext, on: boolean) =>
  request.patch('/api/settings', { data: { enableMultiSite: on } });

test('the app pages run clean under their CSP and show no placeholder', async ({ page, request, consoleErrors }) => {
  const demo = await demoSite(request);
  const res = await page.goto('/site');
  expect(res?.headers()['content-security-policy']).toContain("frame-ancestors 'self'");
  await expect(page.locator('canvas').first()).toBeVisible({ timeout: 30_000 });
  await panoramaDrawn(page);
  await expectNoPlaceholderText(page);
  for (const path of [
    `/site?site=${demo.site}&date=${demo.date}&yaw=1&pitch=0.1`,
    `/site/${demo.site}/about`,
    `/site/${demo.site}/documentation`,
    `/site/${demo.site}/addScene`,
    '/',
  ])
    await visit(page, path);
  expect(consoleErrors.unexpected()).toEqual([]);
});

test('the multi-site map home and a kiosk run clean and are titled without a placeholder', async ({
  page,
  request,
}) => {
  expect((await multiSite(request, true)).ok()).toBe(true);
  try {
    await visit(page, '/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(NEUTRAL_PROJECT_TITLE);
    await expect(page).toHaveTitle(new RegExp(`^${NEUTRAL_PROJECT_TITLE} – `));
    await visit(page, '/?kiosk=1');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(NEUTRAL_PROJECT_TITLE);
  } finally {
    await multiSite(request, false);
  }
  await visit(page, '/site?kiosk=1');
  await panoramaDrawn(page);
  await visit(page, '/site?kiosk=0');
});
