// Guided tours, driven as people do: an administrator records a tour of three stops in the viewer's tour editor,
// reorders it (buttons and keyboard), captions and publishes it; a visitor plays a tour on desktop and on a phone
// (next, previous, pause, the caption over the picture, the stop in the address); a kiosk left alone plays the
// site's tour in a loop and a touch hands the viewer back at once.
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './helpers/cleanConsole';
import { demoSite, openViewer, type DemoSite } from './app-helpers';
import { api, apiSend } from './editor-helpers';
import { VIEWPORTS } from './viewports';
import type { Tour } from '../../contract/tours';

let demo: DemoSite;
test.beforeAll(async ({ request }) => {
  demo = await demoSite(request);
});

const sceneName = (page: Page) => page.locator('.title-card h1');
const param = (page: Page, name: string) => new URL(page.url()).searchParams.get(name);
const player = (page: Page) => page.locator('.tour-player');
const editor = (page: Page) => page.getByRole('region', { name: 'Tour editor' });
const managed = (request: APIRequestContext) => api<Tour[]>(request, `/api/site/${demo.site}/manage/tours`);

/** Moves the open viewer to demo scene `i` at `yaw`, within the page (the editor's unsaved draft stays): the
 *  address changes as a followed link changes it, and the router reads it. Answers the scene's title. */
async function moveTo(page: Page, i: number, yaw: number): Promise<string> {
  const { tiles_id, title } = demo.scenes[i].survey_node;
  await page.evaluate(
    ({ node, date, yaw }) => {
      history.pushState(null, '', `/site?floor=0&date=${date}&node=${node}&yaw=${yaw}&pitch=0&fov=1.4`);
      dispatchEvent(new PopStateEvent('popstate'));
    },
    { node: tiles_id, date: demo.date, yaw },
  );
  await expect(sceneName(page)).toHaveText(title);
  return title;
}

/** A published tour of the first `n` demo scenes, made through the API; removed by the caller. */
async function publishedTour(request: APIRequestContext, name: string, dwell: number, n = 3): Promise<Tour> {
  const t = await apiSend<Tour>(request, 'POST', `/api/site/${demo.site}/manage/tours`, { name });
  const stops = demo.scenes.slice(0, n).map((s, i) => ({
    scene: s.survey_node.tiles_id,
    yaw: i * 0.8,
    pitch: 0,
    fov: 1.4,
    dwell,
    caption: `<p>Caption of stop ${i + 1}</p>`,
  }));
  const saved = await apiSend<Tour>(request, 'PUT', `/api/site/${demo.site}/manage/tours/${t.id}`, {
    revision: 0,
    name,
    stops,
  });
  return apiSend<Tour>(request, 'POST', `/api/site/${demo.site}/manage/tours/${t.id}/publish`, {
    revision: saved.revision,
    published: true,
  });
}

async function removeTour(request: APIRequestContext, id: string) {
  const t = (await managed(request)).find((x) => x.id === id);
  if (t) await apiSend(request, 'DELETE', `/api/site/${demo.site}/manage/tours/${id}`, { revision: t.revision });
}

test.describe('the tour editor', () => {
  test.use(VIEWPORTS.desktop);

  test('an administrator records three stops, reorders them, captions and publishes the tour', async ({
    page,
    request,
  }) => {
    let id = '';
    try {
      await openViewer(page, demo);
      await page.getByRole('button', { name: 'Tour editor' }).click();
      await editor(page).getByLabel('New tour name').fill('Recorded walk');
      await editor(page).getByRole('button', { name: 'Create tour' }).click();
      await expect(editor(page).getByLabel('Tour name')).toHaveValue('Recorded walk');
      id = (await managed(request)).find((t) => t.name === 'Recorded walk')!.id;

      const first = demo.scenes[0].survey_node.title;
      await editor(page).getByRole('button', { name: 'Add this view as a stop' }).click();
      const second = await moveTo(page, 1, 0.5);
      await editor(page).getByRole('button', { name: 'Add this view as a stop' }).click();
      const third = await moveTo(page, 2, -0.5);
      await editor(page).getByRole('button', { name: 'Add this view as a stop' }).click();
      const stops = editor(page).getByRole('list', { name: 'Stops' }).locator('.tour-stop-pick');
      await expect(stops).toHaveText([`1. ${first}`, `2. ${second}`, `3. ${third}`]);

      // Reorder: a button moves the last stop up; Alt+ArrowDown on the first moves it down.
      await editor(page).getByRole('button', { name: 'Move stop 3 up' }).click();
      await expect(stops).toHaveText([`1. ${first}`, `2. ${third}`, `3. ${second}`]);
      await stops.first().focus();
      await page.keyboard.press('Alt+ArrowDown');
      await expect(stops).toHaveText([`1. ${third}`, `2. ${first}`, `3. ${second}`]);

      // The selected stop (the moved one) gets a caption and a dwell time; then save and publish.
      await editor(page).getByLabel('Caption (HTML)').fill('<p>The <b>start</b></p><script>x()</script>');
      await editor(page).getByLabel('Seconds at this stop').fill('4');
      await editor(page).getByRole('button', { name: 'Publish tour' }).hover();
      await expect(editor(page).getByRole('button', { name: 'Publish tour' })).toBeDisabled();
      await editor(page).getByRole('button', { name: 'Save tour' }).click();
      await expect(editor(page).getByRole('status')).toHaveText('Saved, not published');
      await editor(page).getByRole('button', { name: 'Publish tour' }).click();
      await expect(editor(page).getByRole('status')).toHaveText('Published');

      const saved = (await api<Tour[]>(request, `/api/site/${demo.site}/tours`)).find((t) => t.id === id)!;
      expect(saved.stops.map((s) => s.title)).toEqual([third, first, second]);
      expect(saved.stops[1]).toMatchObject({ dwell: 4, caption: '<p>The <b>start</b></p>' });
      await page.screenshot({ path: test.info().outputPath('editor-desktop.png') });

      // Deleted after a question: gone for the editor and for visitors.
      await editor(page).getByRole('button', { name: 'Delete tour' }).click();
      await page.getByRole('alertdialog', { name: 'Delete tour' }).getByRole('button', { name: 'Delete tour' }).click();
      await expect(editor(page).getByLabel('Tour name', { exact: true })).toHaveCount(0);
      await expect(editor(page).getByLabel('Tour', { exact: true })).toHaveValue('');
      expect((await managed(request)).some((t) => t.id === id)).toBe(false);
      expect((await api<Tour[]>(request, `/api/site/${demo.site}/tours`)).some((t) => t.id === id)).toBe(false);
    } finally {
      if (id) await removeTour(request, id);
    }
  });
});

for (const name of ['desktop', 'phone upright'] as const) {
  test.describe(`a visitor on ${name}`, () => {
    test.use(VIEWPORTS[name]);

    test('plays a tour: captions over the picture, next, previous, pause, the stop in the address', async ({
      page,
      request,
    }) => {
      const tour = await publishedTour(request, `Visitor walk ${name}`, 3);
      try {
        await page.goto(`/site?tour=${tour.id}&stop=2`);
        const caption = player(page).locator('.tour-caption');
        // The player loads after the page's first view is complete (at most 10 s: useFirstViewSettled).
        await expect(caption).toHaveAttribute('aria-live', 'polite', { timeout: 15_000 });
        await expect(caption).toContainText('Caption of stop 2');
        await expect(caption).toContainText('Stop 2 of 3');
        await expect(sceneName(page)).toHaveText(demo.scenes[1].survey_node.title);
        await page.screenshot({ path: test.info().outputPath(`player-${name.replace(' ', '-')}.png`) });

        const press = (label: string) =>
          name === 'desktop'
            ? player(page).getByRole('button', { name: label }).click()
            : player(page).getByRole('button', { name: label }).tap();
        await press('Pause tour');
        await press('Next stop');
        await expect(caption).toContainText('Stop 3 of 3');
        await expect(sceneName(page)).toHaveText(demo.scenes[2].survey_node.title);
        expect(param(page, 'stop')).toBe('3');
        // Paused: the stop stays past its dwell time.
        await page.waitForTimeout(3_500);
        await expect(caption).toContainText('Stop 3 of 3');
        await press('Previous stop');
        await press('Previous stop');
        await expect(caption).toContainText('Caption of stop 1');
        await expect(sceneName(page)).toHaveText(demo.scenes[0].survey_node.title);
        // Playing again, it moves on by itself after the stop's 3 seconds.
        await press('Play tour');
        await expect(caption).toContainText('Stop 2 of 3', { timeout: 10_000 });
        await press('End tour');
        await expect(player(page)).toHaveCount(0);
        expect(param(page, 'tour')).toBeNull();
      } finally {
        await removeTour(request, tour.id);
      }
    });
  });
}

test.describe('a kiosk left alone', () => {
  test.use(VIEWPORTS['phone upright']);

  test('plays the site tour in a loop; a touch hands the viewer back at once', async ({ page, request }) => {
    // The kiosk plays the first published tour: the demo's own waits while this short one plays.
    const demoTours = await api<Tour[]>(request, `/api/site/${demo.site}/tours`);
    for (const t of demoTours)
      await apiSend(request, 'POST', `/api/site/${demo.site}/manage/tours/${t.id}/publish`, {
        revision: t.revision,
        published: false,
      });
    const tour = await publishedTour(request, 'Kiosk loop', 1, 2);
    await apiSend(request, 'PATCH', `/api/site/${demo.site}/settings`, {
      kiosk: { enabled: true, idleRotateSeconds: 1, idleResetSeconds: 30, idleAction: 'tour' },
    });
    try {
      await page.goto('/site');
      await expect(page.locator('.viewer.kiosk')).toBeVisible();
      await expect(player(page)).toBeVisible({ timeout: 15_000 });
      // No controls on a kiosk's tour: it is not the visitor's.
      await expect(player(page).getByRole('button')).toHaveCount(0);
      await expect.poll(() => page.evaluate(() => window.__tour?.loops ?? 0), { timeout: 20_000 }).toBeGreaterThan(1);
      await page.screenshot({ path: test.info().outputPath('kiosk-tour-phone.png') });
      await page.touchscreen.tap(200, 400);
      await expect(player(page)).toHaveCount(0);
      const scene = await sceneName(page).textContent();
      await page.waitForTimeout(500);
      await expect(sceneName(page)).toHaveText(scene!);
    } finally {
      await apiSend(request, 'PATCH', `/api/site/${demo.site}/settings`, {
        kiosk: { enabled: false, idleRotateSeconds: 60, idleResetSeconds: 180, idleAction: 'rotate' },
      });
      await removeTour(request, tour.id);
      for (const t of await managed(request))
        if (demoTours.some((d) => d.id === t.id))
          await apiSend(request, 'POST', `/api/site/${demo.site}/manage/tours/${t.id}/publish`, {
            revision: t.revision,
            published: true,
          });
    }
  });
});
