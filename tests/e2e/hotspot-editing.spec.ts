// An administrator edits a scene's hotspots where they are seen: adds a link (target chosen from previews) and an
// info hotspot by clicking the panorama, drags one across the sphere, retargets the link, deletes one, undoes and
// redoes; each change is saved at once; a change after another administrator's save offers their set; a visitor in
// another browser sees the result and follows the new link, and a kiosk has no such mode.
import { expect, test, type Page } from '@playwright/test';
import { afterFrames } from './layout-helpers';
import { newSite, panel, saved, stored } from './hotspot-editing-helpers';

test('an administrator edits hotspots in the viewer; a visitor sees and follows them', async ({
  page,
  request,
  browser,
}) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  const site = await newSite(request);
  await page.goto(`/site/${site}/site?floor=0`);
  await expect(page.locator('.title-card h1')).toHaveText('barn title');
  await page.getByRole('button', { name: 'Hotspot editor' }).click();
  const list = panel(page).getByRole('list');
  await expect(list.getByRole('button')).toHaveText(['→ yard title', 'Info: Info; barn']);

  // A link: click the panorama, choose the scene it leads to from the previews.
  await panel(page).getByRole('button', { name: 'Add link' }).click();
  await page.mouse.click(400, 450);
  const chooser = page.getByRole('dialog', { name: 'Where does this link lead?' });
  await expect(chooser.locator('.target-preview')).toHaveCount(2);
  await chooser.getByRole('button', { name: 'silo title' }).click();
  await saved(page, 1, request, site);
  expect((await stored(request, site)).titles).toEqual(['yard title', 'silo title']);

  // An info hotspot with hostile HTML: stored sanitised.
  await panel(page).getByRole('button', { name: 'Add info' }).click();
  await page.mouse.click(700, 300);
  const form = page.getByRole('dialog', { name: 'New information hotspot' });
  await form.getByLabel('Title').fill('Water tank');
  await form.getByLabel(/^Text/).fill('<p>Full <b>today</b></p><img src=x onerror="alert(1)">');
  await form.getByRole('button', { name: 'Add' }).click();
  await saved(page, 2, request, site);
  const tank = (await stored(request, site)).info_hotspots.find((h) => h.title === 'Water tank')!;
  expect(tank.text).toContain('<p>Full <b>today</b></p>');
  expect(tank.text).not.toMatch(/onerror|src=/);

  // Drag it across the sphere (its marker sits where the click was).
  const marker = page.getByRole('button', { name: 'Information: Water tank' });
  const box = (await marker.boundingBox())!;
  expect(Math.abs(box.x + box.width / 2 - 700)).toBeLessThan(3);
  expect(Math.abs(box.y + box.height / 2 - 300)).toBeLessThan(3);
  await page.mouse.move(700, 300);
  await page.mouse.down();
  await page.mouse.move(760, 340, { steps: 5 });
  await page.mouse.move(900, 500, { steps: 5 });
  await page.mouse.up();
  await saved(page, 3, request, site);
  const moved = (await stored(request, site)).info_hotspots.find((h) => h.title === 'Water tank')!;
  expect(moved.yaw).toBeGreaterThan(tank.yaw);
  expect(moved.pitch).toBeGreaterThan(tank.pitch);

  // Retarget the new link.
  await list.getByRole('button', { name: '→ silo title' }).click();
  await panel(page).getByRole('button', { name: 'Change target' }).click();
  await chooser.getByRole('button', { name: 'yard title' }).click();
  await saved(page, 4, request, site);
  expect((await stored(request, site)).titles).toEqual(['yard title', 'yard title']);

  // Delete the export's info hotspot, after a confirmation.
  await list.getByRole('button', { name: 'Info: Info; barn' }).click();
  await panel(page).getByRole('button', { name: 'Delete this hotspot' }).click();
  await page.getByRole('dialog', { name: 'Delete this hotspot?' }).getByRole('button', { name: 'Delete' }).click();
  await saved(page, 5, request, site);
  expect((await stored(request, site)).info_hotspots.map((h) => h.title)).toEqual(['Water tank']);

  // Undo brings it back (saved), redo deletes it again.
  await page.keyboard.press('Control+z');
  await saved(page, 6, request, site);
  expect((await stored(request, site)).info_hotspots.map((h) => h.title)).toEqual(['Info; barn', 'Water tank']);
  await panel(page).getByRole('button', { name: 'Redo' }).click();
  await saved(page, 7, request, site);
  expect((await stored(request, site)).info_hotspots.map((h) => h.title)).toEqual(['Water tank']);

  // Another administrator saves first: the next change is refused, and the page offers their set.
  const now = await stored(request, site);
  const theirs = await request.put(`/api/site/${site}/scene/${now.tiles_id}/hotspots`, {
    data: {
      revision: now.revision,
      link_hotspots: now.link_hotspots,
      info_hotspots: [...now.info_hotspots, { yaw: 0, pitch: 0.5, title: 'Their note', text: '' }],
    },
  });
  expect(theirs.status()).toBe(200);
  await list.getByRole('button', { name: '→ yard title' }).first().click();
  await panel(page).getByRole('button', { name: 'Turn right' }).click();
  const conflict = page.getByRole('dialog', { name: 'Someone else changed this scene' });
  await conflict.getByRole('button', { name: 'Reload their version' }).click();
  await expect(list.getByRole('button')).toHaveText([
    '→ yard title',
    '→ yard title',
    'Info: Water tank',
    'Info: Their note',
  ]);
  await expect(panel(page).getByRole('button', { name: 'Undo' })).toBeDisabled();
  expect((await stored(request, site)).link_hotspots.map((l) => l.rotation)).toEqual([0, 0]);

  // The viewer's own hotspot list follows at once.
  await panel(page).getByRole('button', { name: 'Done' }).click();
  await page.getByRole('button', { name: 'Hotspots', exact: true }).click();
  await expect(page.locator('#hotspot-list')).toContainText('Water tank');

  // A visitor in another browser sees the new info and follows the retargeted link to yard.
  const visitor = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  const v = await visitor.newPage();
  await v.goto(`/site/${site}/site?floor=0`);
  await expect(v.locator('.title-card h1')).toHaveText('barn title');
  await v.getByRole('button', { name: 'Hotspots', exact: true }).click();
  await expect(v.locator('#hotspot-list')).toContainText('Water tank');
  await expect(v.locator('#hotspot-list')).not.toContainText('Info; barn');
  await v.locator('#hotspot-list').getByRole('button', { name: /yard/ }).last().click();
  await expect(v.locator('.title-card h1')).toHaveText('yard title');
  // A kiosk never offers the mode.
  await v.goto(`/site/${site}/site?floor=0&kiosk=1`);
  await expect(v.locator('.title-card h1')).toHaveText('barn title');
  await expect(v.getByRole('button', { name: 'Hotspots' })).toBeVisible();
  await expect(v.getByRole('button', { name: 'Hotspot editor' })).toHaveCount(0);
  await visitor.close();
});

const view = (page: Page) => page.evaluate(() => window.__panorama!.getView());
const stable = (page: Page) => page.waitForFunction(() => window.__panorama?.counters.stable === true);

test('a link lands where its administrator chose and its arrow turns; back and forward keep working', async ({
  page,
  request,
  browser,
}) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  const site = await newSite(request, 'landing-farm');
  await page.goto(`/site/${site}/site?floor=0`);
  await expect(page.locator('.title-card h1')).toHaveText('barn title');
  await page.getByRole('button', { name: 'Hotspot editor' }).click();
  await panel(page).getByRole('list').getByRole('button', { name: '→ yard title' }).click();
  const landing = panel(page).getByRole('group', { name: 'Where it lands' });
  await expect(landing).toContainText("Lands at the target's own start view");

  // Typed in degrees.
  await landing.getByLabel('Yaw °').fill('40');
  await landing.getByLabel('Pitch °').fill('-10');
  await landing.getByLabel('Field of view °').fill('70');
  await landing.getByRole('button', { name: 'Set arrival' }).click();
  await saved(page, 1, request, site);
  const typed = (await stored(request, site)).link_hotspots[0]!.view!;
  expect(typed.yaw).toBeCloseTo((40 * Math.PI) / 180, 5);
  expect(typed.pitch).toBeCloseTo((-10 * Math.PI) / 180, 5);
  expect(typed.fov).toBeCloseTo((70 * Math.PI) / 180, 5);

  // Picked on the target: the preview opens yard at the typed view; the view shown there is taken.
  await landing.getByRole('button', { name: 'Preview arrival' }).click();
  await expect(page.locator('.title-card h1')).toHaveText('yard title');
  await stable(page);
  expect((await view(page)).yaw).toBeCloseTo(typed.yaw, 3);
  // The fov as the engine holds it (a small test scene cannot zoom far in).
  await page.evaluate(() => window.__panorama!.setView({ yaw: -2.1, pitch: 0.3, fov: 1.5 }));
  const picked = await view(page);
  expect(picked.yaw).toBeCloseTo(-2.1, 5);
  await page
    .getByRole('region', { name: 'Choose where the link lands' })
    .getByRole('button', { name: 'Use this view' })
    .click();
  await expect(page.locator('.title-card h1')).toHaveText('barn title');
  await saved(page, 2, request, site);
  const chosen = (await stored(request, site)).link_hotspots[0]!.view!;
  expect(chosen.yaw).toBeCloseTo(picked.yaw, 4);
  expect(chosen.pitch).toBeCloseTo(picked.pitch, 4);
  expect(chosen.fov).toBeCloseTo(picked.fov, 4);
  const deg = (r: number) => Math.round((r * 180) / Math.PI);
  await expect(landing).toContainText(`yaw -120°, pitch 17°, field of view ${deg(picked.fov)}°`);
  // The change is one step of the history.
  await expect(panel(page).getByRole('button', { name: 'Undo' })).toBeEnabled();

  // Turn its arrow: drag the handle round to the marker's right (a quarter turn), then a key turns it back 15°,
  // and undo takes that back.
  const first = (await stored(request, site)).link_hotspots[0]!;
  await page.evaluate((l) => window.__panorama!.setView({ yaw: l.yaw, pitch: l.pitch, fov: 1.5 }), first);
  const handle = page.getByRole('slider', { name: 'Arrow direction of the link to yard title' });
  await expect(handle).toHaveAttribute('aria-valuenow', '0');
  // The markers follow the view at the next frame.
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  const m = (await page.getByRole('button', { name: 'Link to yard title' }).boundingBox())!;
  const h = (await handle.boundingBox())!;
  const [cx, cy] = [m.x + m.width / 2, m.y + m.height / 2];
  await page.mouse.move(h.x + h.width / 2, h.y + h.height / 2);
  await page.mouse.down();
  await page.mouse.move(cx + 40, cy - 40, { steps: 3 });
  await page.mouse.move(cx + 60, cy, { steps: 3 });
  await page.mouse.up();
  await saved(page, 3, request, site);
  const rotation = async () => (await stored(request, site)).link_hotspots[0]!.rotation;
  expect(await rotation()).toBeCloseTo(Math.PI / 2, 2);
  await expect(handle).toHaveAttribute('aria-valuenow', '90');
  await handle.press('ArrowLeft');
  await saved(page, 4, request, site);
  expect(await rotation()).toBeCloseTo((75 * Math.PI) / 180, 5);
  await page.keyboard.press('Control+z');
  await saved(page, 5, request, site);
  expect(await rotation()).toBeCloseTo(Math.PI / 2, 2);
  // The history reaches back over the preview on yard: undo the drag, the picked view, then the typed one;
  // redo brings both views back.
  const landed = async () => (await stored(request, site)).link_hotspots[0]!.view;
  await page.keyboard.press('Control+z');
  await saved(page, 6, request, site);
  expect(await rotation()).toBe(0);
  await page.keyboard.press('Control+z');
  await saved(page, 7, request, site);
  expect((await landed())!.yaw).toBeCloseTo(typed.yaw, 5);
  await page.keyboard.press('Control+z');
  await saved(page, 8, request, site);
  expect(await landed()).toBeUndefined();
  await panel(page).getByRole('button', { name: 'Redo' }).click();
  await saved(page, 9, request, site);
  await panel(page).getByRole('button', { name: 'Redo' }).click();
  await saved(page, 10, request, site);
  expect((await landed())!.yaw).toBeCloseTo(picked.yaw, 4);

  // A visitor walks through the link (from the hotspot list, then on the panorama) and arrives at that view;
  // back returns to barn, forward to the arrival.
  const visitor = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  const v = await visitor.newPage();
  await v.goto(`/site/${site}/site?floor=0`);
  await expect(v.locator('.title-card h1')).toHaveText('barn title');
  await v.getByRole('button', { name: 'Hotspots', exact: true }).click();
  await v.locator('#hotspot-list').getByRole('button', { name: /yard/ }).click();
  await expect(v.locator('.title-card h1')).toHaveText('yard title');
  await stable(v);
  const arrived = await view(v);
  expect(arrived.yaw).toBeCloseTo(picked.yaw, 3);
  expect(arrived.pitch).toBeCloseTo(picked.pitch, 3);
  expect(arrived.fov).toBeCloseTo(picked.fov, 3);
  await expect.poll(() => Number(new URL(v.url()).searchParams.get('yaw'))).toBeCloseTo(picked.yaw, 3);
  await v.goBack();
  await expect(v.locator('.title-card h1')).toHaveText('barn title');
  await v.goForward();
  await expect(v.locator('.title-card h1')).toHaveText('yard title');
  await stable(v);
  expect((await view(v)).yaw).toBeCloseTo(picked.yaw, 3);
  await v.goBack();
  await expect(v.locator('.title-card h1')).toHaveText('barn title');
  await stable(v);
  const link = (await stored(request, site)).link_hotspots[0]!;
  await v.evaluate((l) => window.__panorama!.setView({ yaw: l.yaw, pitch: l.pitch, fov: 1.2 }), link);
  // The camera turns on the next frame, and a press is aimed through the camera as drawn (as a person sees it).
  await afterFrames(v, 2);
  const area = (await v.locator('.panorama-area').boundingBox())!;
  await v.mouse.click(area.x + area.width / 2, area.y + area.height / 2);
  await expect(v.locator('.title-card h1')).toHaveText('yard title');
  await stable(v);
  expect((await view(v)).pitch).toBeCloseTo(picked.pitch, 3);
  await visitor.close();
});
