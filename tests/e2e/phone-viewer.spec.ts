// The visitor's flows on a phone: 390x844, touch (hasTouch, isMobile), taps and a one-finger drag on the
// panorama. Same demo site as app-viewer.spec.ts; kiosk mode (?kiosk=1) is the visitor's view there.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { demoSite, type DemoSite, demoLacks } from './app-helpers';

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 });

let demo: DemoSite;
test.beforeEach(async ({ request }) => {
  demo = await demoSite(request);
});

const param = (page: Page, name: string) => new URL(page.url()).searchParams.get(name);
const sceneName = (page: Page) => page.locator('.title-card').getByRole('heading', { level: 1 });
const cameraInfo = (page: Page) => page.getByRole('region', { name: 'Camera info' });
const degrees = async (l: Locator) => Number((await l.textContent())!.replace('°', ''));

/** One finger down at `from`, moved to `to` in steps, held still (no fling), lifted: real touch events via CDP. */
async function touchDrag(page: Page, from: { x: number; y: number }, to: { x: number; y: number }, steps = 12) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: from.x, y: from.y, id: 1 }] });
  for (let i = 1; i <= steps; i++) {
    const x = from.x + ((to.x - from.x) * i) / steps;
    const y = from.y + ((to.y - from.y) * i) / steps;
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y, id: 1 }] });
  }
  await page.waitForTimeout(150);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

/** The middle of the part of the panorama no control covers (what a thumb would drag or tap). */
async function panoramaCentre(page: Page) {
  const box = (await page.locator('.panorama-host').boundingBox())!;
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

async function waitForRenderer(page: Page) {
  await page.waitForFunction(
    () => ((window as unknown as { __panorama?: { frames: number } }).__panorama?.frames ?? 0) > 1,
    undefined,
    { timeout: 30_000 },
  );
}

test('a one-finger drag turns the view (camera info rotation follows), a tap on a link hotspot goes there', async ({
  page,
}) => {
  const start =
    demo.scenes.find((s) => s.survey_node.tiles_id === demo.settings.initial_settings.pano_id) ?? demo.scenes[0];
  const link = start.survey_node.link_hotspots[0] as { target: string; yaw: number; pitch: number } | undefined;
  demoLacks(!link, 'no link hotspot in the demo');
  await page.goto(
    `/site?kiosk=1&site=${demo.site}&date=${demo.date}&node=${start.survey_node.tiles_id}&yaw=0&pitch=0&fov=1.5708`,
  );
  await expect(sceneName(page)).toHaveText(start.survey_node.title);
  await page.getByLabel('Show Camera Info').tap();
  const rotation = cameraInfo(page).getByTestId('camera-rotation');
  await expect(rotation).toHaveText('0°');
  await waitForRenderer(page);

  // The finger moves 200 px to the left: the picture follows it, so the view turns right (rotation grows).
  const c = await panoramaCentre(page);
  await touchDrag(page, { x: c.x + 100, y: c.y }, { x: c.x - 100, y: c.y });
  await expect.poll(() => degrees(rotation)).toBeGreaterThan(5);
  const turned = await degrees(rotation);
  expect(turned).toBeLessThan(90);
  // And back to the right: it turns left past where it started.
  await touchDrag(page, { x: c.x - 150, y: c.y }, { x: c.x + 150, y: c.y });
  await expect.poll(() => degrees(rotation)).toBeGreaterThan(270);

  // Put the link hotspot in the middle of the screen and tap it.
  await page.evaluate((v) => {
    const p = (window as unknown as { __panorama: { getView(): { fov: number }; setView(v: object): void } })
      .__panorama;
    p.setView({ ...p.getView(), yaw: v.yaw, pitch: v.pitch });
  }, link!);
  await page.waitForTimeout(300);
  await page.touchscreen.tap(c.x, c.y);
  const target = demo.scenes.find((s) => s.survey_node.tiles_id === link!.target)!;
  await expect.poll(() => param(page, 'node')).toBe(link!.target);
  await expect(sceneName(page)).toHaveText(target.survey_node.title);
});

test('the hotspot list and an info hotspot open by taps; its sections read on screen; close by tap', async ({
  page,
}) => {
  const start = demo.scenes.find((s) => s.survey_node.info_hotspots.length > 0);
  demoLacks(!start, 'no info hotspot in the demo');
  const info = start!.survey_node.info_hotspots[0];
  await page.goto(`/site?kiosk=1&site=${demo.site}&date=${demo.date}&node=${start!.survey_node.tiles_id}`);
  await page.getByRole('button', { name: 'Hotspots' }).tap();
  const list = page.getByRole('region', { name: 'Hotspots' });
  await expect(list).toBeInViewport({ ratio: 1 });
  await list.getByRole('button', { name: info.title }).tap();
  await expect(list).toHaveCount(0);
  const panel = page.getByRole('complementary', { name: /^Information:/ });
  await expect(panel).toBeVisible();
  await expect(panel.getByRole('heading', { level: 2 })).toHaveText(info.title);
  const sections = panel.locator('.info-section');
  await expect(sections.first()).toBeVisible();
  // Each section can be scrolled into view inside the panel and read there (within the screen).
  for (let i = 0; i < (await sections.count()); i++) {
    const heading = sections.nth(i).getByRole('heading', { level: 3 });
    if (!(await heading.count())) continue;
    await heading.scrollIntoViewIfNeeded();
    await expect(heading).toBeInViewport();
  }
  await panel.getByRole('button', { name: 'Close information' }).tap();
  await expect(panel).toHaveCount(0);
});

test('the timeline opens by tap, a tapped date is selected, and it closes by tap', async ({ page }) => {
  demoLacks(!demo.settings.enable.timeline, 'timeline is off for the demo site');
  const distinct = [...new Set(demo.dates.map((d) => d.date))];
  demoLacks(distinct.length < 2, 'the demo floor has one date');
  await page.goto(`/site?kiosk=1&site=${demo.site}&date=${distinct[0]}`);
  await page.getByRole('button', { name: 'Open Timeline' }).tap();
  const drawer = page.getByRole('complementary', { name: 'Timeline' });
  await expect(drawer).toBeInViewport({ ratio: 1 });
  await drawer.locator(`[data-date="${distinct[1]}"]`).first().tap();
  await expect.poll(() => param(page, 'date')).toBe(distinct[1]);
  await expect(drawer.locator(`[data-date="${distinct[1]}"]`).first()).toHaveAttribute('aria-current', 'date');
  await expect(page.locator('.title-card time')).toHaveAttribute('datetime', distinct[1]);
  await drawer.locator(`[data-date="${distinct[0]}"]`).first().tap();
  await expect.poll(() => param(page, 'date')).toBe(distinct[0]);
  await drawer.getByRole('button', { name: 'Close Timeline' }).tap();
  await expect(drawer).toHaveCount(0);
});

test('a tap on another floor switches to it', async ({ page, request }) => {
  demoLacks(!demo.settings.enable.floors || demo.floors.length < 2, 'the demo has one floor');
  await page.goto('/site?kiosk=1');
  const slider = page.getByRole('navigation', { name: 'Floors' });
  await expect.poll(() => param(page, 'floor')).not.toBeNull();
  const current = Number(param(page, 'floor'));
  const other = demo.floors.find((f) => f !== current)!;
  const names = (await (await request.get(`/api/site/${demo.site}/minimap/floors`)).json()) as {
    payload: { floor: number; floor_name: string }[];
  };
  const otherName = names.payload.find((f) => f.floor === other)?.floor_name ?? `Floor ${other}`;
  await slider.getByRole('button', { name: otherName, exact: true }).tap();
  await expect.poll(() => Number(param(page, 'floor'))).toBe(other);
  await expect(slider.getByRole('button', { name: otherName, exact: true })).toHaveAttribute('aria-current', 'true');
  await expect(sceneName(page)).not.toBeEmpty();
});

test('a deep link opens at its view and the camera info reads it back', async ({ page }) => {
  const node = demo.scenes[demo.scenes.length - 1].survey_node;
  await page.goto(`/site?kiosk=1&site=${demo.site}&date=${demo.date}&node=${node.tiles_id}&yaw=1&pitch=0.2&fov=1.3`);
  await expect(sceneName(page)).toHaveText(node.title);
  await page.getByLabel('Show Camera Info').tap();
  const info = cameraInfo(page);
  await expect(info).toBeInViewport({ ratio: 1 });
  await expect(info.getByTestId('camera-rotation')).toHaveText('57°');
  await expect(info.getByTestId('camera-tilt')).toHaveText('11°');
  // fov 1.3 asks for more detail than this face has on a tall 2x screen: the view limits (section 9: a screen
  // pixel never smaller than a texel, vertical fov at most 100 degrees, horizontal 120) decide the zoom shown.
  const box = (await page.locator('.panorama-host').boundingBox())!;
  const dpr = await page.evaluate(() => window.devicePixelRatio);
  const face = (node as unknown as { face_size: number }).face_size;
  const max = Math.min((100 * Math.PI) / 180, 2 * Math.atan((box.height / box.width) * Math.tan(Math.PI / 3)));
  const min = Math.min(2 * Math.atan((dpr * box.height) / face), max);
  const fov = Math.max(min, Math.min(max, 1.3));
  await expect(info.getByTestId('camera-zoom')).toHaveText(
    `${Math.round(Math.min(1.2, Math.max(0.73, Math.PI / 2 / fov)) * 100)}%`,
  );
  expect(param(page, 'node')).toBe(node.tiles_id);
});

test('kiosk: tapped away to another scene, the phone returns to the initial scene when left alone', async ({
  page,
  request,
}) => {
  const init = demo.settings.initial_settings.pano_id;
  const start = demo.scenes.find((s) => s.survey_node.tiles_id === init);
  const hop = start?.survey_node.link_hotspots[0]?.target;
  demoLacks(!start || !hop, 'the demo initial scene has no link');
  expect(
    (
      await request.patch(`/api/site/${demo.site}/settings`, {
        data: { kiosk: { enabled: true, idleRotateSeconds: 2, idleResetSeconds: 6 } },
      })
    ).ok(),
  ).toBe(true);
  try {
    await page.goto(`/site?site=${demo.site}&date=${demo.date}&node=${init}`);
    await expect(page.locator('.viewer.kiosk')).toBeVisible();
    await page.getByRole('button', { name: 'Hotspots' }).tap();
    const targetTitle = demo.scenes.find((s) => s.survey_node.tiles_id === hop)!.survey_node.title;
    await page.getByRole('region', { name: 'Hotspots' }).getByRole('button', { name: targetTitle }).tap();
    await expect(sceneName(page)).toHaveText(targetTitle);
    await expect.poll(() => param(page, 'node'), { timeout: 20_000 }).toBe(init);
    await expect(sceneName(page)).toHaveText(start!.survey_node.title);
  } finally {
    await request.patch(`/api/site/${demo.site}/settings`, {
      data: { kiosk: { enabled: false, idleRotateSeconds: 60, idleResetSeconds: 180 } },
    });
  }
});

test('"look around by moving the phone": turning the phone turns the view, tilting it tilts the view; off stops it', async ({
  page,
}) => {
  const start = demo.scenes[0].survey_node.tiles_id;
  await page.goto(`/site?kiosk=1&site=${demo.site}&date=${demo.date}&node=${start}&yaw=0&pitch=0&fov=1.5708`);
  await page.getByLabel('Show Camera Info').tap();
  const rotation = cameraInfo(page).getByTestId('camera-rotation');
  const tilt = cameraInfo(page).getByTestId('camera-tilt');
  await expect(rotation).toHaveText('0°');
  await waitForRenderer(page);
  const motion = page.getByRole('button', { name: 'Look around by moving the phone' });
  await motion.tap();
  await expect(motion).toHaveAttribute('aria-pressed', 'true');
  // What the phone's sensors report (degrees, W3C frame): upright and facing ahead, then turned 30° to the
  // right (alpha runs anticlockwise), then also tilted 20° back to look down.
  const orient = (alpha: number, beta: number, gamma: number) =>
    page.evaluate((o) => window.dispatchEvent(new DeviceOrientationEvent('deviceorientation', o)), {
      alpha,
      beta,
      gamma,
    });
  // A phone reports many times a second; the sensor code loads after the tap, so report again until it listens.
  await expect
    .poll(async () => {
      await orient(0, 90, 0);
      await orient(330, 90, 0);
      await page.waitForTimeout(100);
      return degrees(rotation);
    })
    .toBe(30);
  await orient(330, 70, 0);
  await expect.poll(async () => Math.abs(await degrees(tilt))).toBe(20);
  // Off: the phone's movements no longer move the view.
  await motion.tap();
  await expect(motion).toHaveAttribute('aria-pressed', 'false');
  await orient(270, 90, 0);
  await page.waitForTimeout(300);
  expect(await degrees(rotation)).toBe(30);
});

test('"look around by moving the phone" asks for permission where the browser does (iOS): refused, it says so and stays off', async ({
  page,
}) => {
  // Safari's API: DeviceOrientationEvent.requestPermission(), answered here as the visitor would.
  await page.addInitScript(() => {
    (window as unknown as { __answer: string }).__answer = 'denied';
    (DeviceOrientationEvent as unknown as { requestPermission: () => Promise<string> }).requestPermission = async () =>
      (window as unknown as { __answer: string }).__answer;
  });
  await page.goto(
    `/site?kiosk=1&site=${demo.site}&date=${demo.date}&node=${demo.scenes[0].survey_node.tiles_id}&yaw=0&pitch=0&fov=1.5708`,
  );
  await waitForRenderer(page);
  const motion = page.getByRole('button', { name: 'Look around by moving the phone' });
  await motion.tap();
  await expect(page.getByRole('alert')).toHaveText('Motion access was not allowed. Drag to look around.');
  await expect(motion).toHaveAttribute('aria-pressed', 'false');
  await page.evaluate(() => ((window as unknown as { __answer: string }).__answer = 'granted'));
  await motion.tap();
  await expect(motion).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('alert')).toHaveCount(0);
});
