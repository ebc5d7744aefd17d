// Helpers of the layout end-to-end tests: the viewer's panels, how a person opens and closes each, and checks
// by geometry: a panel is fully on screen and nothing covers it (elementFromPoint at its corners and centre
// lands inside it), a control is tappable (elementFromPoint at its centre is the control).
import { expect, type Locator, type Page } from '@playwright/test';

export const PANEL_NAMES = ['sidebar', 'hotspots', 'timeline', 'info', 'camera', 'minimap'] as const;
export type PanelName = (typeof PANEL_NAMES)[number];

export const PANEL_SELECTOR: Record<PanelName, string> = {
  sidebar: 'nav.sidebar:not(.collapsed)',
  hotspots: '#hotspot-list',
  timeline: '#timeline',
  info: '.info-panel',
  camera: '.camera-info',
  minimap: '.minimap.enlarged',
};

export interface InfoSpot {
  yaw: number;
  pitch: number;
  title: string;
}

export async function waitForRenderer(page: Page) {
  await page.waitForFunction(
    () => ((window as unknown as { __panorama?: { frames: number } }).__panorama?.frames ?? 0) > 1,
    undefined,
    { timeout: 30_000 },
  );
}

/** A click through the DOM: the control's own handler, wherever it is (covered or not: reachability is checked apart). */
const press = (l: Locator) => l.evaluate((el) => (el as HTMLElement).click());

/** Puts the info hotspot where the upright phone's layout would (30 % from the top, mid-width) and clicks it. */
async function clickInfoHotspot(page: Page, spot: InfoSpot) {
  const share = 0.3;
  await page.evaluate(
    ({ spot, share }) => {
      const p = (window as unknown as { __panorama: { getView(): { fov: number }; setView(v: object): void } })
        .__panorama;
      const v = p.getView();
      p.setView({ ...v, yaw: spot.yaw, pitch: spot.pitch + Math.atan((0.5 - share) * 2 * Math.tan(v.fov / 2)) });
    },
    { spot, share },
  );
  await page.waitForTimeout(250);
  const box = (await page.locator('.panorama-host').boundingBox())!;
  await page.mouse.click(box.x + box.width / 2, box.y + box.height * share);
}

export async function openPanel(page: Page, panel: PanelName, spot: InfoSpot) {
  switch (panel) {
    case 'sidebar': {
      const expand = page.getByRole('button', { name: 'Expand sidebar' });
      if (await expand.count()) await press(expand);
      break;
    }
    case 'hotspots':
      await press(page.getByRole('button', { name: 'Hotspots', exact: true }));
      break;
    case 'timeline':
      await press(page.getByRole('button', { name: 'Open Timeline' }));
      break;
    case 'camera':
      await press(page.getByLabel('Show Camera Info'));
      break;
    case 'minimap':
      await press(page.getByRole('button', { name: 'Enlarge minimap' }));
      break;
    case 'info': {
      // Nothing covers the spot the hotspot is put at unless a panel is meant to be there; then it opens by
      // the list, as a person would.
      await clickInfoHotspot(page, spot);
      if (!(await page.locator('.info-panel').count())) {
        const toggle = page.getByRole('button', { name: 'Hotspots', exact: true });
        if ((await toggle.getAttribute('aria-expanded')) !== 'true') await press(toggle);
        await press(page.locator('#hotspot-list').getByRole('button', { name: spot.title }));
      }
      await expect(page.locator('.info-panel')).toBeVisible();
      break;
    }
  }
  if (panel !== 'info') await expect(page.locator(PANEL_SELECTOR[panel])).toHaveCount(1);
}

export async function closeAll(page: Page) {
  const close: [string, Locator][] = [
    [PANEL_SELECTOR.minimap, page.getByRole('button', { name: 'Close enlarged minimap' })],
    [PANEL_SELECTOR.info, page.getByRole('button', { name: 'Close information' })],
    [PANEL_SELECTOR.timeline, page.locator('#timeline').getByRole('button', { name: 'Close Timeline' })],
    [PANEL_SELECTOR.hotspots, page.getByRole('button', { name: 'Hotspots', exact: true })],
    [PANEL_SELECTOR.camera, page.getByLabel('Show Camera Info')],
  ];
  for (const [sel, button] of close) if (await page.locator(sel).count()) await press(button);
  const collapse = page.getByRole('button', { name: 'Collapse sidebar' });
  const vw = page.viewportSize()!.width;
  // The desktop sidebar is beside the viewer (not a panel over it); on phones it starts collapsed.
  if (vw <= 900 && (await collapse.count())) await press(collapse);
  for (const sel of Object.values(PANEL_SELECTOR).slice(1)) await expect(page.locator(sel)).toHaveCount(0);
}

/** Resolves once no CSS transition is running (the sidebar's width is the one today) and two more frames have been
 *  drawn, so effects that follow a transition's end have run: a settled layout without a fixed wait. */
export function afterTransitions(page: Page): Promise<void> {
  return page.evaluate(
    () =>
      new Promise<void>((done) => {
        const frames = (left: number) => (left ? requestAnimationFrame(() => frames(left - 1)) : done());
        const check = () =>
          document.getAnimations().some((a) => a instanceof CSSTransition && a.playState === 'running')
            ? requestAnimationFrame(check)
            : frames(2);
        check();
      }),
  );
}

/** Resolves after `n` animation frames of the page: style, layout and paint have run that often. */
export function afterFrames(page: Page, n: number): Promise<void> {
  return page.evaluate(
    (n) =>
      new Promise<void>((done) => {
        const step = (left: number) => (left ? requestAnimationFrame(() => step(left - 1)) : done());
        step(n);
      }),
    n,
  );
}

/** Fully on screen, and at its centre and just inside its corners the topmost element is its own. */
export async function uncovered(page: Page, selector: string): Promise<string | null> {
  return page.evaluate((sel) => {
    const el = document.querySelector(sel);
    if (!el) return 'missing';
    const r = el.getBoundingClientRect();
    if (r.width < 1 || r.height < 1) return 'empty box';
    if (r.left < -0.5 || r.top < -0.5 || r.right > innerWidth + 0.5 || r.bottom > innerHeight + 0.5) {
      return `off screen: ${Math.round(r.left)},${Math.round(r.top)} ${Math.round(r.right)},${Math.round(r.bottom)} of ${innerWidth}x${innerHeight}`;
    }
    const inset = 6;
    const points = [
      [r.left + r.width / 2, r.top + r.height / 2],
      [r.left + inset, r.top + inset],
      [r.right - inset, r.top + inset],
      [r.left + inset, r.bottom - inset],
      [r.right - inset, r.bottom - inset],
    ];
    for (const [x, y] of points) {
      const hit = document.elementFromPoint(x, y);
      if (!hit || !el.contains(hit))
        return `covered at ${Math.round(x)},${Math.round(y)} by ${hit?.outerHTML.slice(0, 80)}`;
    }
    return null;
  }, selector);
}

/** The control's centre is on screen and the topmost element there is the control (or inside it). */
export async function tappable(l: Locator): Promise<string | null> {
  return l.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const x = r.left + r.width / 2,
      y = r.top + r.height / 2;
    if (x < 0 || y < 0 || x > innerWidth || y > innerHeight) return `off screen at ${Math.round(x)},${Math.round(y)}`;
    const hit = document.elementFromPoint(x, y);
    return hit && el.contains(hit)
      ? null
      : `covered at ${Math.round(x)},${Math.round(y)} by ${hit?.outerHTML.slice(0, 80)}`;
  });
}

/** Boxes of two elements overlap (by more than half a pixel). */
export function overlap(
  a: { x: number; y: number; width: number; height: number },
  b: { x: number; y: number; width: number; height: number },
): boolean {
  return (
    a.x + a.width > b.x + 0.5 && b.x + b.width > a.x + 0.5 && a.y + a.height > b.y + 0.5 && b.y + b.height > a.y + 0.5
  );
}
