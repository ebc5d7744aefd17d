// An administrator gives an info hotspot a picture from the hotspot editor: the file is uploaded, the set saved,
// and a visitor in another browser sees it in the info panel (alt text: the hotspot's title); undo takes it away
// again for everyone, and redo brings it back.
import { expect, test } from './helpers/cleanConsole';
import { choosePicture, newSite, panel, saved, stored } from './hotspot-editing-helpers';

test("an info hotspot's picture: uploaded in the editor, seen by a visitor, undone", async ({
  page,
  request,
  browser,
}) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  const site = await newSite(request, 'picture-farm');
  await page.goto(`/site/${site}/site?floor=0`);
  await expect(page.locator('.title-card h1')).toHaveText('barn title');
  await page.getByRole('button', { name: 'Hotspot editor' }).click();
  await panel(page).getByRole('list').getByRole('button', { name: 'Info: Info; barn' }).click();
  await expect(panel(page).getByText('No picture.')).toBeVisible();

  await choosePicture(page);
  await saved(page, 1, request, site);
  const image = (await stored(request, site)).info_hotspots.find((h) => h.title === 'Info; barn')!.image;
  expect(image).toMatch(/^\/media\/hotspots\/[0-9a-f-]+\.jpg$/);
  const preview = panel(page).getByRole('img', { name: 'Info; barn' });
  await expect(preview).toHaveAttribute('src', image);
  expect(await preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1200);

  // A visitor in another browser opens the info panel: the picture, named by the title.
  const visitor = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  const v = await visitor.newPage();
  await v.goto(`/site/${site}/site?floor=0`);
  await v.getByRole('button', { name: 'Hotspots', exact: true }).click();
  await v.getByRole('region', { name: 'Hotspots' }).getByRole('button', { name: 'Info; barn' }).click();
  const info = v.getByRole('complementary', { name: 'Information: Info; barn' });
  const shown = info.locator('.info-main-image img');
  await expect(shown).toHaveAttribute('src', image);
  await expect(shown).toHaveAttribute('alt', 'Info; barn');
  await expect.poll(() => shown.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1200);

  // Undo: the picture goes from the editor, the store's set and the visitor's open panel.
  await panel(page).getByRole('button', { name: 'Undo' }).click();
  await saved(page, 2, request, site);
  expect((await stored(request, site)).info_hotspots.find((h) => h.title === 'Info; barn')!.image).toBe('');
  await expect(panel(page).getByText('No picture.')).toBeVisible();
  await expect(info.locator('.info-main-image')).toHaveCount(0);
  // Redo: back, the same file.
  await page.keyboard.press('Control+Shift+z');
  await saved(page, 3, request, site);
  await expect(shown).toHaveAttribute('src', image);
  await visitor.close();
});
