// With single sign-on on, each person is offered the controls the server lets it use and no others: an anonymous
// visitor, a guest, the projectAdmin of the demo site and a superAdmin walk the site's pages and the multi-site map,
// use the administrator controls they are shown, and no request of theirs is refused (401/403).
import { expect, test, type Browser, type Page } from '@playwright/test';
import { ROOT_PASSWORD, startSsoServer } from './helpers/ssoServer';
import { cutOffSideways } from './helpers/fitsWidth';

type Person = 'anonymous' | 'guest' | 'projectAdmin' | 'superAdmin';
const ACCOUNTS: Record<Exclude<Person, 'anonymous'>, { username: string; roles: string[]; sites: string[] }> = {
  guest: { username: 'gus', roles: ['guest'], sites: [] },
  projectAdmin: { username: 'pat', roles: ['projectAdmin'], sites: ['demo-farm'] },
  superAdmin: { username: 'root', roles: ['superAdmin'], sites: [] },
};
const PASSWORD = ROOT_PASSWORD;

let origin = '';
let close: () => Promise<void>;

test.beforeAll(async ({ request }) => {
  ({ origin, close } = await startSsoServer('survey-roles-'));
  await request.post(`${origin}/api/login`, { data: { username: 'root', password: PASSWORD } });
  for (const a of [ACCOUNTS.guest, ACCOUNTS.projectAdmin]) {
    const r = await request.post(`${origin}/api/users`, { data: { ...a, password: PASSWORD } });
    expect(r.status()).toBe(200);
  }
});
test.afterAll(async () => close?.());

/** A page signed in as `person`, and the list of requests the server refused it. */
async function as(browser: Browser, person: Person): Promise<{ page: Page; refused: string[] }> {
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await ctx.newPage();
  if (person !== 'anonymous') {
    const r = await page.request.post(`${origin}/api/login`, {
      data: { username: ACCOUNTS[person].username, password: PASSWORD },
    });
    expect(r.status()).toBe(200);
  }
  const refused: string[] = [];
  page.on('response', (r) => {
    if ([401, 403].includes(r.status())) refused.push(`${r.request().method()} ${r.url()} ${r.status()}`);
  });
  page.on('dialog', (d) => {
    refused.push(`dialog: ${d.message()}`);
    void d.dismiss();
  });
  return { page, refused };
}

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const setMultiSite = async (on: boolean, request: import('@playwright/test').APIRequestContext) => {
  await request.post(`${origin}/api/login`, { data: { username: 'root', password: PASSWORD } });
  expect((await request.patch(`${origin}/api/settings`, { data: { enableMultiSite: on } })).status()).toBe(200);
};

// What each person is shown, page by page: [control, shown to].
const OFFERED: { page: string; control: (p: Page) => ReturnType<Page['getByRole']>; to: Person[] }[] = [
  { page: '/site', control: (p) => nav(p).getByRole('button', { name: 'Enable Multisite' }), to: ['superAdmin'] },
  { page: '/site', control: (p) => nav(p).getByRole('button', { name: 'Users' }), to: ['superAdmin'] },
  {
    page: '/site',
    control: (p) => nav(p).getByRole('link', { name: 'Add Scene' }),
    to: ['projectAdmin', 'superAdmin'],
  },
  {
    page: '/documentation',
    control: (p) => p.getByRole('button', { name: 'Upload documents' }),
    to: ['projectAdmin', 'superAdmin'],
  },
];

for (const person of ['anonymous', 'guest', 'projectAdmin', 'superAdmin'] as const) {
  test(`${person}: offered only what the server lets it do, and nothing it uses is refused`, async ({ browser }) => {
    const { page, refused } = await as(browser, person);
    for (const pagePath of [...new Set(OFFERED.map((o) => o.page))]) {
      await page.goto(`${origin}${pagePath}`);
      await expect(nav(page)).toBeVisible({ timeout: 20_000 });
      for (const o of OFFERED.filter((x) => x.page === pagePath))
        await expect(o.control(page)).toHaveCount(o.to.includes(person) ? 1 : 0);
    }
    if (person === 'projectAdmin' || person === 'superAdmin') {
      await page.getByRole('button', { name: 'Upload documents' }).click();
      await expect(page.getByLabel('Upload documents .zip')).toBeVisible();
      await nav(page).getByRole('link', { name: 'Add Scene' }).click();
      await expect(page.getByRole('heading', { name: /^Add Scenes/ })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Submit' })).toHaveAttribute('title', /^Add the tour \.zip/);
    }
    if (person === 'superAdmin') {
      await page.goto(`${origin}/site`);
      await nav(page).getByRole('button', { name: 'Enable Multisite' }).click();
      await expect(page.getByRole('toolbar', { name: 'Pin editor' })).toBeVisible({ timeout: 20_000 });
      await page.getByRole('toolbar', { name: 'Pin editor' }).getByRole('button', { name: 'To Single Site' }).click();
      await expect(page.getByRole('toolbar', { name: 'Pin editor' })).toHaveCount(0);
    }
    expect(refused).toEqual([]);
    await page.context().close();
  });
}

test('on the multi-site map only a superAdmin gets the pin editor', async ({ browser, request }) => {
  await setMultiSite(true, request);
  try {
    for (const person of ['guest', 'projectAdmin', 'superAdmin'] as const) {
      const { page, refused } = await as(browser, person);
      await page.goto(`${origin}/`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 20_000 });
      await expect(page.getByRole('toolbar', { name: 'Pin editor' })).toHaveCount(person === 'superAdmin' ? 1 : 0);
      expect(refused).toEqual([]);
      await page.context().close();
    }
  } finally {
    await setMultiSite(false, request);
  }
});

for (const width of [1280, 390]) {
  test(`at ${width} px no admin page, form or toolbar is wider than the page`, async ({ browser, request }) => {
    const ctx = await browser.newContext({ viewport: { width, height: 844 }, isMobile: width < 500, hasTouch: true });
    const page = await ctx.newPage();
    await page.request.post(`${origin}/api/login`, { data: { username: 'root', password: PASSWORD } });
    const cut: string[] = [];
    const check = async (what: string, root: string) => {
      await page.screenshot({ path: test.info().outputPath(`${what}-${width}.png`) });
      cut.push(...(await cutOffSideways(page, root)).map((c) => `${what}: ${c}`));
    };
    await page.goto(`${origin}/documentation`);
    await page.getByRole('button', { name: 'Upload documents' }).click();
    await expect(page.getByLabel('Upload documents .zip')).toBeVisible();
    await check('documentation', 'main');
    await page.goto(`${origin}/addScene`);
    await expect(page.getByRole('heading', { name: /^Add Scenes/ })).toBeVisible();
    await check('upload', 'main');
    await setMultiSite(true, request);
    try {
      await page.goto(`${origin}/`);
      await expect(page.getByRole('toolbar', { name: 'Pin editor' })).toBeVisible({ timeout: 20_000 });
      await check('pin editor', 'main');
      await page.getByRole('toolbar', { name: 'Pin editor' }).getByRole('button', { name: 'New map' }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await check('new map', '.modal');
    } finally {
      await setMultiSite(false, request);
    }
    expect(cut).toEqual([]);
    await ctx.close();
  });
}
