// Compare two dates of one floor: side by side (stacked on a phone held upright) in one canvas, turning together
// while locked and apart once released; swipe with a divider that is a slider; flip in place; a walk through a link
// on either side moving both; the deep link and Back; the second side's mark on the minimap; and the reason the
// control gives on a floor with one date.
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { nodePercent, type PlanGeometry } from '../../src/domain/planGeometry.ts';
import { dayLabel } from '../../src/overlay/viewer/timeline.ts';
import { exportZip } from '../api/helpers/exportBuilder';
import { api, demoSite } from './app-helpers';
import { focusRingProblem, tabTo } from './keyboard-helpers';
import { afterFrames } from './layout-helpers';
import { expect, test } from './helpers/cleanConsole';
import { type ViewportName, THREE, VIEWPORTS } from './viewports';

type Scene = { survey_node: { tiles_id: string; link_hotspots: { target: string; yaw: number; pitch: number }[] } };

/** A scene's name as the minimap gives it (title, else its tiles name). */
async function sceneName(request: APIRequestContext, site: string, date: string, tilesId: string) {
  const nodes = await api<{ minimap_node: { tiles_id: string; title: string; tiles_name: string } }[]>(
    request,
    `/api/site/${site}/0/survey/minimapSingleSite?date=${date}`,
  );
  const n = nodes.find((x) => x.minimap_node.tiles_id === tilesId)!.minimap_node;
  return n.title || n.tiles_name;
}

const param = (page: Page, name: string) => new URL(page.url()).searchParams.get(name);
const viewA = (page: Page) => page.evaluate(() => window.__panorama!.getView());
const viewB = (page: Page) => page.evaluate(() => window.__panoramaB!.getView());
/** Until the stage draws with the views free (it hears of the address a render or two after it changes). */
const released = (page: Page) => expect.poll(() => page.evaluate(() => window.__compareStage?.locked)).toBe(false);
/** Until neither side moves between two reads (a drag's glide has ended). */
async function still(page: Page) {
  let last = '';
  await expect
    .poll(
      async () => {
        const now = JSON.stringify([await viewA(page), await viewB(page)]);
        const same = now === last;
        last = now;
        return same;
      },
      { intervals: [150] },
    )
    .toBe(true);
}

/** Both sides drawn complete (the second side's own hook, its own tiles). */
const bothReady = (page: Page) =>
  page.waitForFunction(() => !!window.__panorama?.counters.complete && !!window.__panoramaB?.counters.complete, null, {
    timeout: 30_000,
  });

/** Opens compare from the demo's first view; resolves once both sides are drawn. */
async function openCompared(page: Page) {
  await page.goto('/site');
  await page.getByRole('button', { name: 'Compare dates' }).click();
  await expect.poll(() => param(page, 'cnode')).not.toBe(null);
  await bothReady(page);
}

/** Drag across the middle of `box` (a side's part of the canvas) by dx pixels. */
async function dragIn(page: Page, box: { x: number; y: number; width: number; height: number }, dx: number) {
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + dx / 2, y, { steps: 3 });
  await page.mouse.move(x + dx, y, { steps: 3 });
  await page.mouse.up();
}

/** The canvas's halves: left and right, or top and bottom when it is taller than wide. */
async function halves(canvas: Locator) {
  const c = (await canvas.boundingBox())!;
  const tall = c.height > c.width;
  const a = tall ? { ...c, height: c.height / 2 } : { ...c, width: c.width / 2 };
  const b = tall ? { ...a, y: c.y + c.height / 2 } : { ...a, x: c.x + c.width / 2 };
  return { a, b, tall };
}

const near = (a: number, b: number) => Math.abs(a - b) < 1e-3;

for (const name of THREE as ViewportName[]) {
  test.describe(`compare on ${name}`, () => {
    test.use(VIEWPORTS[name]);

    test('side by side, locked and released, one canvas', async ({ page, request }) => {
      const demo = await demoSite(request);
      await page.goto('/site');
      await page.getByRole('button', { name: 'Compare dates' }).click();
      await expect.poll(() => param(page, 'compare')).toBe('side');
      const other = param(page, 'cdate')!;
      expect(demo.dates.map((d) => d.date)).toContain(other);
      expect(other).not.toBe(param(page, 'date'));
      await bothReady(page);
      // One canvas, one context: the second date is drawn in the same element.
      await expect(page.locator('.panorama-host canvas')).toHaveCount(1);
      const cards = page.locator('.compare-card');
      await expect(cards).toHaveCount(2);
      await expect(cards.nth(1).locator('time')).toHaveAttribute('datetime', other);
      await page.screenshot({ path: test.info().outputPath(`compare-side-${name}.png`) });

      // Locked: turning the second side turns the first (and so both).
      const canvas = page.locator('.panorama-host canvas');
      const { b, tall } = await halves(canvas);
      const before = await viewA(page);
      await dragIn(page, b, -120);
      await expect.poll(async () => Math.abs((await viewA(page)).yaw - before.yaw)).toBeGreaterThan(0.05);
      await still(page);
      const [a1, b1] = [await viewA(page), await viewB(page)];
      expect(near(a1.pitch, b1.pitch) && near(a1.fov, b1.fov)).toBe(true);
      if (tall) expect((await canvas.boundingBox())!.height).toBeGreaterThan((await canvas.boundingBox())!.width);

      // Released: the second side turns alone.
      await page.getByRole('button', { name: 'Views locked' }).click();
      await expect.poll(() => param(page, 'clock')).toBe('0');
      await released(page);
      await dragIn(page, b, 150);
      await expect.poll(async () => Math.abs((await viewB(page)).yaw - b1.yaw)).toBeGreaterThan(0.05);
      expect((await viewA(page)).yaw).toBeCloseTo(a1.yaw, 3);

      // Locked again: the second side jumps to the first's view (as turned by the two scenes' plan rotations). The
      // drag's glide may still run when the lock comes back, and then turns both: held to the first side as it is now.
      await page.getByRole('button', { name: 'Views free' }).click();
      await expect
        .poll(async () => {
          const [a, b] = [await viewA(page), await viewB(page)];
          const d = b.yaw - a.yaw - (b1.yaw - a1.yaw);
          return Math.abs(Math.atan2(Math.sin(d), Math.cos(d))); // a turn apart is the same view
        })
        .toBeLessThan(1e-3);
    });

    test('swipe divider, flip, the deep link and Back', async ({ page }) => {
      await page.goto('/site');
      await page.getByRole('button', { name: 'Compare dates' }).click();
      await expect.poll(() => param(page, 'compare')).toBe('side');
      await bothReady(page);

      await page.getByRole('radio', { name: 'Swipe' }).click();
      await expect.poll(() => param(page, 'compare')).toBe('swipe');
      const slider = page.getByRole('slider', { name: /Divider/ });
      await expect(slider).toHaveAttribute('aria-valuenow', '50');
      await slider.focus();
      await page.keyboard.press('ArrowLeft');
      await expect(slider).toHaveAttribute('aria-valuenow', '45');
      await expect.poll(() => param(page, 'cdiv')).toBe('0.45');
      const box = (await slider.boundingBox())!;
      const canvas = (await page.locator('.panorama-host canvas').boundingBox())!;
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await page.mouse.down();
      await page.mouse.move(canvas.x + canvas.width * 0.8, box.y + box.height / 2, { steps: 4 });
      await page.mouse.up();
      await expect(slider).toHaveAttribute('aria-valuenow', '80');
      // Near the edge the second card keeps its two lines and stays inside the picture (it was once squeezed into
      // a column of single words there, on a phone).
      const cardBoxes = await page.locator('.compare-card').evaluateAll((els) =>
        els.map((e) => {
          const r = e.getBoundingClientRect();
          return { left: r.left, right: r.right, top: r.top, bottom: r.bottom, height: r.height };
        }),
      );
      expect(cardBoxes).toHaveLength(2);
      const [cardA, cardB] = cardBoxes;
      expect(cardB.height).toBeCloseTo(cardA.height, 0);
      expect(cardB.right).toBeLessThanOrEqual(canvas.x + canvas.width);
      expect(cardA.left).toBeGreaterThanOrEqual(canvas.x);
      // Nor do the two cards cover each other.
      expect(cardA.right <= cardB.left || cardA.bottom <= cardB.top).toBe(true);
      await page.screenshot({ path: test.info().outputPath(`compare-swipe-${name}.png`) });

      await page.getByRole('radio', { name: 'Flip' }).click();
      await expect.poll(() => param(page, 'compare')).toBe('toggle');
      await expect(page.locator('.compare-card')).toHaveCount(1);
      const first = await page.locator('.compare-card time').getAttribute('datetime');
      await page.getByRole('button', { name: /^Show / }).click();
      await expect.poll(() => param(page, 'cshow')).toBe('b');
      await expect(page.locator('.compare-card time')).not.toHaveAttribute('datetime', first!);
      // The picture flips too, not only the card.
      await expect.poll(() => page.evaluate(() => window.__compareStage?.shown)).toBe(1);
      await page.screenshot({ path: test.info().outputPath(`compare-toggle-b-${name}.png`) });
      await page.keyboard.press('t');
      await expect.poll(() => param(page, 'cshow')).toBe(null);
      await expect.poll(() => page.evaluate(() => window.__compareStage?.shown)).toBe(0);
      await page.screenshot({ path: test.info().outputPath(`compare-toggle-${name}.png`) });

      const link = page.url();
      // Back: the mode before, then no comparison at all.
      await page.goBack();
      await expect.poll(() => param(page, 'compare')).toBe('swipe');
      await page.goBack();
      await expect.poll(() => param(page, 'compare')).toBe('side');
      await page.goBack();
      await expect.poll(() => param(page, 'compare')).toBe(null);
      await expect(page.locator('.compare-card')).toHaveCount(0);

      // The link carries it all: opened afresh, it shows the same comparison.
      await page.goto(link);
      await expect(page.getByRole('radio', { name: 'Flip' })).toHaveAttribute('aria-checked', 'true');
      await bothReady(page);
    });

    test('a walk through a link on the second side moves both', async ({ page, request }) => {
      const demo = await demoSite(request);
      await openCompared(page);
      const [date, cdate, node, cnode] = ['date', 'cdate', 'node', 'cnode'].map((k) => param(page, k)!);
      const bScenes = await api<Scene[]>(request, `/api/site/${demo.site}/survey/details?floor=0&date=${cdate}`);
      const link = bScenes.find((s) => s.survey_node.tiles_id === cnode)!.survey_node.link_hotspots[0]!;
      // Free the sides, look at the link on the second side, and click it in the middle of that side.
      await page.getByRole('button', { name: 'Views locked' }).click();
      await expect.poll(() => param(page, 'clock')).toBe('0');
      await released(page);
      await page.evaluate((v) => window.__panoramaB!.setView(v), { yaw: link.yaw, pitch: link.pitch, fov: 1.2 });
      const { b } = await halves(page.locator('.panorama-host canvas'));
      // The side's camera turns on the next frame; a press is aimed through the camera as drawn.
      await afterFrames(page, 2);
      expect(Math.cos((await viewB(page)).yaw - link.yaw)).toBeGreaterThan(0.999);
      await page.mouse.click(b.x + b.width / 2, b.y + b.height / 2);
      await expect.poll(() => param(page, 'cnode')).toBe(link.target);
      // The first side went to its own date's scene nearest to it: another scene, on its own date.
      await expect.poll(() => param(page, 'node')).not.toBe(node);
      expect(param(page, 'date')).toBe(date);
      const aScenes = await api<Scene[]>(request, `/api/site/${demo.site}/survey/details?floor=0&date=${date}`);
      expect(aScenes.map((s) => s.survey_node.tiles_id)).toContain(param(page, 'node'));
      // Back takes both sides back.
      await page.goBack();
      await expect.poll(() => param(page, 'cnode')).toBe(cnode);
      expect(param(page, 'node')).toBe(node);
    });
  });
}

test.describe('compare on desktop', () => {
  test.use(VIEWPORTS.desktop);

  test('a deep link fetches no link preview until both sides are complete, and then fetches them', async ({
    page,
    browser,
  }) => {
    await openCompared(page);
    const link = page.url();
    const [node, cnode] = [param(page, 'node')!, param(page, 'cnode')!];
    // A fresh visitor; each preview the page asks for is noted with whether both sides were complete right then.
    const ctx = await browser.newContext(VIEWPORTS.desktop);
    try {
      await ctx.addInitScript(() => {
        type Asked = { url: string; both: boolean };
        const w = window as unknown as Window & { __previewAsks: Asked[] };
        w.__previewAsks = [];
        const fetch0 = w.fetch.bind(w);
        w.fetch = (input, init) => {
          const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
          const both = !!w.__panorama?.counters.complete && !!w.__panoramaB?.counters.complete;
          if (/\/preview\.\w+$/.test(url)) w.__previewAsks.push({ url, both });
          return fetch0(input, init);
        };
      });
      const fresh = await ctx.newPage();
      await fresh.goto(link);
      const linkPreviews = () =>
        fresh.evaluate(
          ([a, b]) =>
            (window as unknown as { __previewAsks: { url: string; both: boolean }[] }).__previewAsks.filter(
              (x) => !x.url.includes(a!) && !x.url.includes(b!),
            ),
          [node, cnode],
        );
      // Fetched in the end (the demo's scenes have links on both dates)…
      await expect.poll(async () => (await linkPreviews()).length, { timeout: 30_000 }).toBeGreaterThan(1);
      // …but none while a side was still loading: they would share the network with its tiles.
      expect((await linkPreviews()).filter((x) => !x.both)).toEqual([]);
    } finally {
      await ctx.close();
    }
  });

  test('a pan that starts as both sides complete fetches no link preview until the view has stopped', async ({
    page,
    browser,
  }) => {
    await openCompared(page);
    const link = page.url();
    const [node, cnode] = [param(page, 'node')!, param(page, 'cnode')!];
    const ctx = await browser.newContext(VIEWPORTS.desktop);
    try {
      // Each preview asked for is noted with whether the scripted pan (below) was under way or over.
      await ctx.addInitScript(() => {
        type Asked = { url: string; panning: boolean; at: number };
        const w = window as unknown as Window & { __previewAsks: Asked[]; __panning?: boolean; __panEnd?: number };
        w.__previewAsks = [];
        const fetch0 = w.fetch.bind(w);
        w.fetch = (input, init) => {
          const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
          if (/\/preview\.\w+$/.test(url)) w.__previewAsks.push({ url, panning: !!w.__panning, at: performance.now() });
          return fetch0(input, init);
        };
      });
      const fresh = await ctx.newPage();
      await fresh.goto(link);
      // Turn the first side a little every frame from the frame both sides are complete, for 90 frames.
      const panEnd = await fresh.evaluate(
        () =>
          new Promise<number>((resolve) => {
            const w = window as unknown as Window & { __panning?: boolean };
            const wait = () => {
              if (!w.__panorama?.counters.complete || !w.__panoramaB?.counters.complete)
                return requestAnimationFrame(wait);
              w.__panning = true;
              const v0 = w.__panorama.getView();
              let i = 0;
              const step = () => {
                w.__panorama!.setView({ ...v0, yaw: v0.yaw + ++i * 0.01 });
                if (i < 90) return requestAnimationFrame(step);
                w.__panning = false;
                resolve(performance.now());
              };
              requestAnimationFrame(step);
            };
            wait();
          }),
      );
      const linkPreviews = () =>
        fresh.evaluate(
          ([a, b]) =>
            (
              window as unknown as { __previewAsks: { url: string; panning: boolean; at: number }[] }
            ).__previewAsks.filter((x) => !x.url.includes(a!) && !x.url.includes(b!)),
          [node, cnode],
        );
      // Fetched once the view has stood still a while…
      await expect.poll(async () => (await linkPreviews()).length, { timeout: 30_000 }).toBeGreaterThan(1);
      // …none during the pan, nor in the moment it stopped.
      const asks = await linkPreviews();
      expect(asks.filter((x) => x.panning)).toEqual([]);
      expect(Math.min(...asks.map((x) => x.at)) - panEnd).toBeGreaterThan(200);
    } finally {
      await ctx.close();
    }
  });

  test('with the views free, the arrow keys turn the side pressed last', async ({ page }) => {
    await openCompared(page);
    await page.getByRole('button', { name: 'Views locked' }).click();
    await released(page);
    const { a, b } = await halves(page.locator('.panorama-host canvas'));
    /** Press (no drag) near the top of a side, away from its hotspots, then hold an arrow key a while. */
    const pressThenTurn = async (box: typeof a, key: string) => {
      await page.mouse.move(box.x + box.width / 2, box.y + 12);
      await page.mouse.down();
      await page.mouse.up();
      await page.keyboard.down(key);
      await page.waitForTimeout(400);
      await page.keyboard.up(key);
      await still(page);
    };
    const turned = (from: number, to: number) => Math.abs(Math.atan2(Math.sin(to - from), Math.cos(to - from)));
    const [a0, b0] = [await viewA(page), await viewB(page)];
    await pressThenTurn(b, 'ArrowRight');
    const [a1, b1] = [await viewA(page), await viewB(page)];
    expect(turned(b0.yaw, b1.yaw)).toBeGreaterThan(0.03);
    expect(turned(a0.yaw, a1.yaw)).toBeLessThan(1e-6);
    await pressThenTurn(a, 'ArrowLeft');
    const [a2, b2] = [await viewA(page), await viewB(page)];
    expect(turned(a1.yaw, a2.yaw)).toBeGreaterThan(0.03);
    expect(turned(b1.yaw, b2.yaw)).toBeLessThan(1e-6);
  });

  test('by keyboard only, Tab reaches each side and the arrow keys turn the side focused', async ({ page }) => {
    await page.goto('/site');
    await tabTo(page, 'Compare dates');
    await page.keyboard.press('Enter');
    await expect.poll(() => param(page, 'cnode')).not.toBe(null);
    await bothReady(page);
    await tabTo(page, 'Views locked');
    await page.keyboard.press('Enter');
    await released(page);
    const turned = (from: number, to: number) => Math.abs(Math.atan2(Math.sin(to - from), Math.cos(to - from)));
    /** Hold an arrow key on the focused side a while, then wait for both sides to stand still. */
    const hold = async (key: string) => {
      await page.keyboard.down(key);
      await page.waitForTimeout(400);
      await page.keyboard.up(key);
      await still(page);
    };
    // Backwards from the bar: the second side, then the first (both stand between the canvas and the bar).
    await tabTo(page, /^Second side: .+, .+\d{4}$/, 20, 'Shift+Tab');
    expect(await focusRingProblem(page)).toBeNull();
    const [a0, b0] = [await viewA(page), await viewB(page)];
    await hold('ArrowRight');
    const [a1, b1] = [await viewA(page), await viewB(page)];
    expect(turned(b0.yaw, b1.yaw)).toBeGreaterThan(0.03);
    expect(turned(a0.yaw, a1.yaw)).toBeLessThan(1e-6);
    await tabTo(page, /^First side: .+, .+\d{4}$/, 3, 'Shift+Tab');
    await hold('ArrowLeft');
    const [a2, b2] = [await viewA(page), await viewB(page)];
    expect(turned(a1.yaw, a2.yaw)).toBeGreaterThan(0.03);
    expect(turned(b1.yaw, b2.yaw)).toBeLessThan(1e-6);
    // Locked again (the second side jumps to the first's view): keys on the second side turn both.
    await tabTo(page, 'Views free');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => window.__compareStage?.locked)).toBe(true);
    await tabTo(page, /^Second side: /, 20, 'Shift+Tab');
    const [a3, b3] = [await viewA(page), await viewB(page)];
    await hold('ArrowRight');
    const [a4, b4] = [await viewA(page), await viewB(page)];
    expect(turned(a3.yaw, a4.yaw)).toBeGreaterThan(0.03);
    expect(turned(b3.yaw, b4.yaw)).toBeGreaterThan(0.03);
  });

  test('the minimap marks the second side apart: its place, its date and its cone', async ({ page, request }) => {
    const demo = await demoSite(request);
    await openCompared(page);
    const [cdate, cnode] = [param(page, 'cdate')!, param(page, 'cnode')!];
    const mark = page.getByRole('img', {
      name: `Second side: ${await sceneName(request, demo.site, cdate, cnode)}, ${dayLabel(cdate)}`,
    });
    await expect(mark).toHaveCount(1);
    // The first side's place stays; the second's is another shape (a diamond) in another colour than its orange.
    await expect(page.getByRole('button', { name: /\(you are here\)$/ })).toHaveCount(1);
    const diamond = mark.locator('.node-diamond');
    await expect(diamond).toHaveCount(1);
    expect(await diamond.evaluate((el) => getComputedStyle(el).transform)).not.toBe('none');
    expect(await diamond.evaluate((el) => getComputedStyle(el).borderTopColor)).not.toBe('rgb(232, 115, 12)');
    // Where the second date's scene is on the plan.
    const map = await api<PlanGeometry>(request, `/api/site/${demo.site}/minimap/details?floor=0`);
    const nodes = await api<{ x: number; y: number; minimap_node: { tiles_id: string } }[]>(
      request,
      `/api/site/${demo.site}/0/survey/minimapSingleSite?date=${cdate}`,
    );
    const pos = nodePercent(
      nodes.find((n) => n.minimap_node.tiles_id === cnode)!,
      map,
    );
    const plan = (await page.locator('.minimap-plan').boundingBox())!;
    const box = (await mark.boundingBox())!;
    expect(Math.abs(box.x + box.width / 2 - (plan.x + (plan.width * pos.left) / 100))).toBeLessThan(2);
    expect(Math.abs(box.y + box.height / 2 - (plan.y + (plan.height * pos.top) / 100))).toBeLessThan(2);
    await page.locator('.minimap').screenshot({ path: test.info().outputPath('compare-minimap.png') });
    // Its cone follows the second side alone once the views are free.
    const cone = () => mark.locator('.view-cone').evaluate((el) => (el as HTMLElement).style.transform);
    const before = await cone();
    await page.getByRole('button', { name: 'Views locked' }).click();
    await released(page);
    await page.evaluate(() => {
      const v = window.__panoramaB!.getView();
      window.__panoramaB!.setView({ ...v, yaw: v.yaw + 1.5 });
    });
    await expect.poll(cone).not.toBe(before);
    // Gone with the comparison.
    await page.getByRole('button', { name: 'Compare dates' }).click();
    await expect(page.locator('.compare-mark')).toHaveCount(0);
  });

  test('a floor with one date says why there is nothing to compare', async ({ page, request }) => {
    const site = `e2e-compare-one-${Date.now()}`;
    const csv = ['title,fileName,x,y,date,floor,survey_name', 'hall title,hall,10,20,01/04/2024,0,Ground'];
    const res = await request.post(`/api/site/${site}/0/addScenes?mode=addNewSite&siteName=${site}`, {
      multipart: {
        zipFile: {
          name: 'ground.zip',
          mimeType: 'application/zip',
          buffer: await exportZip({ scenes: [{ id: '0-hall', name: 'hall' }], name: 'Ground' }),
        },
        properties: { name: 'positions.csv', mimeType: 'text/csv', buffer: Buffer.from(csv.join('\r\n') + '\r\n') },
      },
    });
    expect(res.status(), await res.text()).toBe(200);
    await page.goto(`/site/${site}/site`);
    const button = page.getByRole('button', { name: 'Compare dates' });
    await expect(button).toHaveAttribute('aria-disabled', 'true');
    await expect(button).toHaveAccessibleDescription(/Only one date on this floor/);
    // Disabled for pointer and keyboard alike (aria-disabled keeps it focusable, so the reason can be read).
    await expect(button).toBeDisabled();
    await button.focus();
    await page.keyboard.press('Enter');
    expect(param(page, 'compare')).toBe(null);
  });
});
