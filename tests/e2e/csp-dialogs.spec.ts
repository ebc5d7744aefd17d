// Nothing the client runs is refused by the page's CSP, signed in as a superAdmin with single sign-on on (so every
// administrator's dialog is there): the sign-in and Users dialogs, the pin map's Add Pin and New Site Map modals,
// the viewer, upload, about and documentation pages. Dialogs are found by clicking; a chunk no click reaches is
// still evaluated: the test imports every script of the build under the page's policy. Any report fails it, a
// `securitypolicyviolation` event or a console "Refused to …" (a caught `new Function` probe reports only there).
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { ROOT_PASSWORD, startSsoServer } from './helpers/ssoServer';
import { distDir } from './helpers/fixtures';
import { mapPoint } from './editor-helpers';

const PASSWORD = ROOT_PASSWORD;
let origin = '';
let close: () => Promise<void>;

test.beforeAll(async () => {
  ({ origin, close } = await startSsoServer('survey-csp-'));
});
test.afterAll(async () => close?.());

/** Every CSP report of the page, from the event and from the console. */
async function watchViolations(page: Page): Promise<string[]> {
  const seen: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy|Content-Security-Policy|Refused to/i.test(m.text())) seen.push(m.text());
  });
  page.on('pageerror', (e) => {
    if (/Content Security Policy|unsafe-eval/i.test(e.message)) seen.push(e.message);
  });
  await page.exposeFunction('__cspReport', (text: string) => seen.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      void (window as unknown as { __cspReport: (t: string) => void }).__cspReport(
        `${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`,
      );
    });
  });
  return seen;
}

test('no page, dialog or chunk of the client is refused by the CSP', async ({ page }) => {
  page.on('dialog', (d) => void d.accept());
  const seen = await watchViolations(page);

  await page.goto(`${origin}/`);
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('button', { name: 'Sign in' }).click();
  const signIn = page.getByRole('dialog', { name: 'Sign in' });
  await signIn.getByLabel('User name').fill('root');
  await signIn.getByLabel('Password').fill(PASSWORD);
  await signIn.getByRole('button', { name: 'Sign in' }).click();
  await expect(nav).toContainText('Signed in as root');

  await nav.getByRole('button', { name: 'Users' }).click();
  const users = page.getByRole('dialog', { name: 'Users' });
  await expect(users.getByRole('row', { name: /root superAdmin all/ })).toBeVisible();
  await users.getByRole('button', { name: 'Add user' }).click();
  await users.getByRole('button', { name: 'Close' }).click();

  const settings = await page.request.patch(`${origin}/api/settings`, { data: { enableMultiSite: true } });
  expect(settings.status()).toBe(200);
  await page.goto(`${origin}/`);
  await expect(page.locator('.admin-pin-map .konvajs-content')).toBeVisible({ timeout: 20_000 });
  await page.getByRole('button', { name: 'Add site' }).click();
  const at = await mapPoint(page, 30, 60);
  await page.mouse.click(at.x, at.y);
  const addPin = page.getByRole('dialog', { name: 'Add Pin' });
  await expect(addPin).toBeVisible();
  await addPin.getByRole('button', { name: 'Close' }).click();
  await page.getByRole('button', { name: 'New map' }).click();
  const newMap = page.getByRole('dialog', { name: 'New Site Map' });
  await expect(newMap).toBeVisible();
  await newMap.getByRole('button', { name: 'Close' }).click();

  const sites = (await (await page.request.get(`${origin}/api/sites`)).json()).payload as { id: string }[];
  const site = sites[0]!.id;
  for (const p of [
    `/site/${site}/site`,
    `/site/${site}/addScene`,
    `/site/${site}/about`,
    `/site/${site}/documentation`,
  ]) {
    await page.goto(`${origin}${p}`);
    await page.waitForLoadState('networkidle');
  }

  // Every script of the build, evaluated under this page's policy (an import of one already run does nothing).
  const scripts = fs.readdirSync(path.join(distDir(), 'assets')).filter((f) => f.endsWith('.js'));
  expect(scripts.length).toBeGreaterThan(5);
  const failed = await page.evaluate(async (files) => {
    const out: string[] = [];
    for (const f of files) await import(`/assets/${f}`).catch((e: Error) => out.push(`${f}: ${e.message}`));
    return out;
  }, scripts);
  expect(failed).toEqual([]);
  await page.waitForTimeout(500);
  expect(seen).toEqual([]);
});
