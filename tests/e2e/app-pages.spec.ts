// Documentation browser and about page of the seeded demo site.
import { expect, test } from './helpers/cleanConsole';
import { api, demoSite, demoLacks } from './app-helpers';

test('documentation: heading, breadcrumb, back, search, File View / List View, Folders and Files', async ({
  page,
  request,
}) => {
  const demo = await demoSite(request);
  demoLacks(!demo.settings.enable.documentation, 'documentation is off for the demo site');
  const root = await api<{ subdirectories: string[]; files: string[] }>(
    request,
    `/api/site/${demo.site}/directories/root`,
  );
  const files = await api<{ name: string }[]>(request, `/api/site/${demo.site}/files`);
  await page.goto('/documentation');
  await expect(page.getByRole('heading', { level: 1, name: 'Documentation' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Folders' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Files' })).toBeVisible();
  await expect(page.getByPlaceholder('Search for a document...')).toBeVisible();
  const fileView = page.getByRole('button', { name: 'File View' });
  const listView = page.getByRole('button', { name: 'List View' });
  await expect(fileView).toHaveAttribute('aria-pressed', 'true');
  await listView.click();
  await expect(listView).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('.doc-list').first()).toBeVisible();
  const back = page.getByRole('button', { name: 'Back' });
  await expect(back).toBeDisabled();
  if (root.subdirectories.length > 0) {
    const folders = page.getByRole('region', { name: 'Folders' }).getByRole('button');
    await expect(folders).toHaveCount(root.subdirectories.length);
    const name = (await folders.first().locator('.doc-name').textContent())!;
    await folders.first().click();
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(crumbs.getByRole('button', { name })).toHaveAttribute('aria-current', 'page');
    await expect(back).toBeEnabled();
    await back.click();
    await expect(crumbs.getByRole('button', { name: 'Documents' })).toHaveAttribute('aria-current', 'page');
  }
  if (files.length > 0) {
    const word = files[files.length - 1].name.split(/[\s.]/)[0];
    await page.getByPlaceholder('Search for a document...').fill(word);
    const results = page.getByRole('region', { name: 'Files' }).getByRole('link');
    await expect(results.first()).toContainText(word);
    await expect(results.first()).toHaveAttribute('target', '_blank');
    await page.getByPlaceholder('Search for a document...').fill('zz-no-such-document-zz');
    await expect(page.getByText('No documents match your search.')).toBeVisible();
  }
});

test('about page shows the site about text, sanitised', async ({ page, request }) => {
  const demo = await demoSite(request);
  demoLacks(!demo.settings.enable.about, 'about is off for the demo site');
  const about = await api<{ info: string }>(request, `/api/site/${demo.site}/about`);
  await page.goto('/about');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('About');
  const text = about.info
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .split(' ')
    .slice(0, 4)
    .join(' ');
  if (text)
    await expect(page.locator('.about-page .rich-text')).toContainText(text.replace(/&[a-z]+;/g, '').split(' ')[0]);
  expect(await page.locator('.about-page script').count()).toBe(0);
});
