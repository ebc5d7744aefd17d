// Moving through time and floors: after turning the view, choosing another date and then another floor opens
// the scene nearest on the plan and keeps the world heading (the minimap cone points the same way), pitch and
// zoom; the yaw is corrected by the two nodes' rotations, which the test sets to distinct values (and puts back).
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './helpers/cleanConsole';
import { api, setNode } from './editor-helpers';
import { demoLacks } from './app-helpers';

interface NodeEntry {
  _id: string;
  x: number;
  y: number;
  rotation: number;
  minimap_node: { tiles_id: string; node_number: number };
}
interface View {
  yaw: number;
  pitch: number;
  fov: number;
}

const SITE = 'demo-farm';
const [EARLY, LATE] = ['2025-03-14', '2026-06-02'];
const nodesOf = (r: APIRequestContext, floor: number, date: string) =>
  api<NodeEntry[]>(r, `/api/site/${SITE}/${floor}/survey/minimapSingleSite?date=${date}`);
const TURNED: View = { yaw: 1.4, pitch: 0.1, fov: 1.1 };

/** The nearest node on the plan (stored coordinates), ties to the lower node number: the rule. */
const nearest = (from: NodeEntry, to: NodeEntry[]) =>
  [...to].sort(
    (a, b) =>
      (a.x - from.x) ** 2 + (a.y - from.y) ** 2 - ((b.x - from.x) ** 2 + (b.y - from.y) ** 2) ||
      a.minimap_node.node_number - b.minimap_node.node_number,
  )[0];
const wrap = (r: number) => Math.atan2(Math.sin(r), Math.cos(r));
const param = (page: Page, name: string) => new URL(page.url()).searchParams.get(name);
const view = (page: Page) => page.evaluate(() => window.__panorama!.getView());
/** The minimap cone's heading, degrees clockwise from up (its CSS rotation). */
async function coneDeg(page: Page): Promise<number> {
  const t = await page.locator('.minimap-node.current .view-cone').getAttribute('style');
  return Number(/rotate\(([-\d.e]+)deg\)/.exec(t ?? '')?.[1]);
}
const sameAngle = (a: number, b: number) => Math.abs(((a - b + 540) % 360) - 180) < 1;

test('a date switch and then a floor switch keep the place and the world heading', async ({ page, request }) => {
  const sets = [await nodesOf(request, 0, EARLY), await nodesOf(request, 0, LATE), await nodesOf(request, 1, LATE)];
  demoLacks(
    sets.some((s) => s.length === 0),
    'the demo lacks a floor or a date',
  );
  const original = sets.flat();
  try {
    // Distinct rotations, so a switch that forgot them would turn the cone.
    for (const [i, n] of original.entries())
      await setNode(request, 'rotation', n._id, { rotation: 0.35 * ((i % 5) - 2) });
    const [early0, late0, late1] = [
      await nodesOf(request, 0, EARLY),
      await nodesOf(request, 0, LATE),
      await nodesOf(request, 1, LATE),
    ];
    const start = early0[early0.length - 1];
    // kiosk=1: a visitor (the DOM minimap with its cone); the test server lets everyone administer.
    await page.goto(`/site?kiosk=1&site=${SITE}&floor=0&date=${EARLY}&node=${start.minimap_node.tiles_id}`);
    await page.waitForFunction(() => window.__panorama?.counters.stable === true, null, { timeout: 30_000 });
    await page.evaluate((v) => window.__panorama!.setView(v), TURNED);
    const offset =
      (await api<{ initial_settings: { rotation_offset?: number } }>(request, `/api/site/${SITE}/settings`))
        .initial_settings.rotation_offset ?? 0;
    const heading = ((TURNED.yaw + start.rotation + offset) * 180) / Math.PI;
    await expect.poll(async () => sameAngle(await coneDeg(page), heading)).toBe(true);
    // The view as shown (the scene's zoom limits may have narrowed the fov asked for).
    const before = await view(page);
    expect(before.yaw).toBeCloseTo(TURNED.yaw, 3);

    // Another date: the nearest node of the later survey, the same heading.
    const byDate = nearest(start, late0);
    await page.getByRole('button', { name: 'Open Timeline' }).click();
    await page.getByRole('complementary', { name: 'Timeline' }).locator(`[data-date="${LATE}"]`).first().click();
    await expect.poll(() => param(page, 'node')).toBe(byDate.minimap_node.tiles_id);
    expect(param(page, 'date')).toBe(LATE);
    await expect.poll(async () => sameAngle(await coneDeg(page), heading)).toBe(true);
    const afterDate = await view(page);
    expect(wrap(afterDate.yaw - (TURNED.yaw + start.rotation - byDate.rotation))).toBeCloseTo(0, 3);
    expect(afterDate.pitch).toBeCloseTo(before.pitch, 3);
    expect(afterDate.fov).toBeCloseTo(before.fov, 3);

    // Another floor: the node nearest on the plan upstairs, still the same heading.
    const byFloor = nearest(byDate, late1);
    await page.getByRole('button', { name: 'Close Timeline' }).first().click();
    await page
      .getByRole('navigation', { name: 'Floors' })
      .getByRole('button', { name: /Upper Floor|Floor 1/ })
      .click();
    await expect.poll(() => param(page, 'node')).toBe(byFloor.minimap_node.tiles_id);
    expect(param(page, 'floor')).toBe('1');
    await expect.poll(async () => sameAngle(await coneDeg(page), heading)).toBe(true);
    const afterFloor = await view(page);
    expect(wrap(afterFloor.yaw - (TURNED.yaw + start.rotation - byFloor.rotation))).toBeCloseTo(0, 3);
    expect(afterFloor.pitch).toBeCloseTo(before.pitch, 3);
    expect(afterFloor.fov).toBeCloseTo(before.fov, 3);

    // Browser back walks back through the switch.
    await page.goBack();
    await expect.poll(() => param(page, 'floor')).toBe('0');
  } finally {
    for (const n of original) await setNode(request, 'rotation', n._id, { rotation: n.rotation });
  }
});
