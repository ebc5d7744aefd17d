// Sign-in, sign-out and a superAdmin's Users dialog, on a server of its own with single sign-on on (the shared
// e2e server is a trusted install): wrong password shown, signed in by name, an account added with a site,
// changed and removed, then signed out, which another tab follows. Screenshots at desktop and phone sizes.
import { expect, test } from '@playwright/test';
import { ROOT_PASSWORD, startSsoServer } from './helpers/ssoServer';
import { cutOffSideways } from './helpers/fitsWidth';

const PASSWORD = ROOT_PASSWORD;
let origin = '';
let close: () => Promise<void>;

test.beforeAll(async () => {
  ({ origin, close } = await startSsoServer('survey-account-'));
});
test.afterAll(async () => close?.());

test('sign in, manage accounts as a superAdmin, sign out', async ({ page, context }) => {
  // The product asks with its own dialogs: a native one is a fault.
  const native: string[] = [];
  page.on('dialog', (d) => {
    native.push(d.message());
    void d.dismiss();
  });
  // Another tab of the same browser follows the sign-in and the sign-out without a reload.
  const other = await context.newPage();
  await other.goto(`${origin}/`);
  const otherNav = other.getByRole('navigation', { name: 'Main' });
  await expect(otherNav.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await page.goto(`${origin}/`);
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('button', { name: 'Sign in' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign in' });
  await dialog.getByLabel('User name').fill('root');
  await dialog.getByLabel('Password').fill('not the password');
  await dialog.getByRole('button', { name: 'Sign in' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Wrong user name or password.');
  await dialog.getByLabel('Password').fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Sign in' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(nav).toContainText('Signed in as root');
  await expect(otherNav).toContainText('Signed in as root');
  await page.screenshot({ path: test.info().outputPath('signed-in.png') });

  await nav.getByRole('button', { name: 'Users' }).click();
  const users = page.getByRole('dialog', { name: 'Users' });
  await expect(users.getByRole('row', { name: /root superAdmin all/ })).toBeVisible();
  await users.getByRole('button', { name: 'Add user' }).click();
  await users.getByLabel('User name').fill('pat');
  await users.getByLabel(/Password/).fill('pat password 1');
  await users.getByLabel('Role').selectOption('projectAdmin');
  await users.getByRole('group', { name: 'Sites it administers' }).getByRole('checkbox').first().check();
  await users.getByRole('button', { name: 'Save' }).click();
  await expect(users.getByRole('row', { name: /^pat projectAdmin demo/ })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('users.png') });
  // Remove and Save are offered only when they can work, and say why not.
  await expect(users.getByRole('button', { name: 'Remove root' })).toBeDisabled();
  await expect(users.getByRole('button', { name: 'Remove root' })).toHaveAttribute('title', /^The last superAdmin/);
  await users.getByRole('button', { name: 'Edit pat' }).click();
  await expect(users.getByRole('button', { name: 'Save' })).toHaveAttribute('title', /^Nothing to save/);
  await users.getByLabel('Role').selectOption('guest');
  await expect(users.getByRole('button', { name: 'Save' })).toBeEnabled();
  await users.getByRole('button', { name: 'Save' }).click();
  await expect(users.getByRole('row', { name: /^pat guest -/ })).toBeVisible();
  // The last superAdmin cannot demote itself: the server's sentence is shown.
  await users.getByRole('button', { name: 'Edit root' }).click();
  await users.getByLabel('Role').selectOption('guest');
  await users.getByRole('button', { name: 'Save' }).click();
  await expect(users.getByRole('alert')).toHaveText(
    'There must be at least one superAdmin: make another account superAdmin first.',
  );
  await users.getByRole('button', { name: 'Cancel' }).click();
  // Removing asks first, in an alertdialog over the Users dialog: Escape closes the question only.
  const removePat = users.getByRole('button', { name: 'Remove pat' });
  await removePat.click();
  const question = page.getByRole('alertdialog', { name: 'Remove account' });
  await expect(question).toContainText('Remove the account pat? Its sessions end at once.');
  await page.keyboard.press('Escape');
  await expect(question).toHaveCount(0);
  await expect(users).toBeVisible();
  await expect(removePat).toBeFocused();
  await removePat.click();
  await question.getByRole('button', { name: 'Remove' }).click();
  await expect(users.getByRole('row', { name: /^pat / })).toHaveCount(0);
  await users.getByRole('button', { name: 'Close' }).click();
  expect(native).toEqual([]);

  await nav.getByRole('button', { name: 'Sign out' }).click();
  await expect(nav.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await expect(nav).not.toContainText('Signed in as');
  await expect(otherNav.getByRole('button', { name: 'Sign in' })).toBeVisible();
});

test('on a phone the sign-in dialog fits the screen', async ({ browser }) => {
  const ctx = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  const page = await ctx.newPage();
  await page.goto(`${origin}/`);
  const menu = page.getByRole('button', { name: /menu|sidebar/i }).first();
  if (await menu.isVisible()) await menu.click();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Sign in' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign in' });
  const box = (await dialog.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  await page.screenshot({ path: test.info().outputPath('phone-sign-in.png') });
  await ctx.close();
});

for (const width of [1280, 390]) {
  test(`at ${width} px the Users dialog, its table and its form fit the page`, async ({ browser }) => {
    const ctx = await browser.newContext({ viewport: { width, height: 844 }, isMobile: width < 500, hasTouch: true });
    const page = await ctx.newPage();
    await page.request.post(`${origin}/api/login`, { data: { username: 'root', password: PASSWORD } });
    for (const [username, roles] of [
      ['a-rather-long-account-name-of-the-farm-office', ['projectAdmin']],
      ['sam', ['guest']],
    ] as const)
      await page.request.post(`${origin}/api/users`, {
        data: { username, password: PASSWORD, roles, sites: roles[0] === 'projectAdmin' ? ['demo-farm'] : [] },
      });
    await page.goto(`${origin}/`);
    const menu = page.getByRole('button', { name: 'Expand sidebar' });
    if (await menu.isVisible()) await menu.click();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Users' }).click();
    const users = page.getByRole('dialog', { name: 'Users' });
    await users.getByRole('button', { name: 'Add user' }).click();
    await users.getByLabel('Role').selectOption('projectAdmin');
    await page.screenshot({ path: test.info().outputPath(`users-${width}.png`) });
    expect(await cutOffSideways(page, '.users-dialog')).toEqual([]);
    await ctx.close();
  });
}
