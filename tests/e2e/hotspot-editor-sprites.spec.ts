// While the hotspot editor is open the engine does not draw its own hotspot sprites for the edited scene: the
// editor's markers stand for them and follow a drag at once, where a sprite would lag a frame behind. They come
// back when the editor closes. Counted by the renderer's test hook (sprites in its last drawn frame).
import { expect, test } from './helpers/cleanConsole';
import { newSite } from './hotspot-editing-helpers';

const drawn = (page: import('@playwright/test').Page) => page.evaluate(() => window.__panorama?.hotspotsDrawn);

test("the engine's hotspot sprites give way to the editor's markers while editing", async ({ page, request }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  const site = await newSite(request, 'sprite-farm');
  await page.goto(`/site/${site}/site?floor=0`);
  await expect(page.locator('.title-card h1')).toHaveText('barn title');
  // The barn has one link and one info hotspot.
  await expect.poll(() => drawn(page), { timeout: 30_000 }).toBe(2);

  await page.getByRole('button', { name: 'Hotspot editor' }).click();
  const markers = page.locator('.hotspot-marker');
  await expect(markers).toHaveCount(2);
  await expect.poll(() => drawn(page)).toBe(0);
  // Turning the view and dragging a marker draws new frames, still without sprites.
  const frames = await page.evaluate(() => window.__panorama!.frames);
  const box = (await page.getByRole('button', { name: 'Link to yard title' }).boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + 80, box.y + 60, { steps: 6 });
  await page.mouse.up();
  await page.mouse.move(300, 500);
  await page.mouse.down();
  await page.mouse.move(360, 500, { steps: 6 });
  await page.mouse.up();
  await expect.poll(() => page.evaluate(() => window.__panorama!.frames)).toBeGreaterThan(frames);
  expect(await drawn(page)).toBe(0);

  await page.getByRole('region', { name: 'Edit hotspots' }).getByRole('button', { name: 'Done' }).click();
  await expect(markers).toHaveCount(0);
  await expect.poll(() => drawn(page)).toBe(2);
});
