// The pages run under their Content-Security-Policy with nothing refused: the viewer, a deep link with the
// panorama drawn, the editors' pages, the about and documentation pages. A violation would mean the policy is
// too tight for our own code (a broken page) or that something foreign tried to load.
import { expect, test, type Page } from '@playwright/test';
import { demoSite } from './app-helpers';

async function watchViolations(page: Page): Promise<string[]> {
  const seen: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy|Content-Security-Policy/i.test(m.text())) seen.push(m.text());
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { __csp: string[] }).__csp ??= [];
      (window as unknown as { __csp: string[] }).__csp.push(`${e.violatedDirective} ${e.blockedURI}`);
    });
  });
  return seen;
}

test('the app pages run under their CSP with no violation', async ({ page, request }) => {
  const demo = await demoSite(request);
  const console = await watchViolations(page);
  const res = await page.goto('/site');
  expect(res?.headers()['content-security-policy']).toContain("frame-ancestors 'self'");
  await expect(page.locator('canvas').first()).toBeVisible({ timeout: 30_000 });
  await page.waitForFunction(
    () => ((window as unknown as { __panorama?: { frames: number } }).__panorama?.frames ?? 0) > 3,
    null,
    { timeout: 30_000 },
  );
  for (const path of [
    `/site?site=${demo.site}&date=${demo.date}&yaw=1&pitch=0.1`,
    `/site/${demo.site}/about`,
    `/site/${demo.site}/documentation`,
    '/',
  ]) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
  }
  const events = await page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? []);
  expect([...console, ...events]).toEqual([]);
});
