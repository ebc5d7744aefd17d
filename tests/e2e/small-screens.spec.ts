// Phones from 320 to 430 px wide, upright and sideways, with few and many floors and names as long as we accept
// (200 characters): in every state a visitor can put the viewer in (hotspot list, timeline, info sheet, camera
// info, enlarged minimap, expanded sidebar), every control shows whole, on screen and uncovered, and no text is
// cut off without an ellipsis and its whole text on hover. A site of its own: floors are added through the API.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ROOT_PASSWORD, startSsoServer } from './helpers/ssoServer';
import { afterFrames, closeAll, openPanel, waitForRenderer, type InfoSpot, type PanelName } from './layout-helpers';
import { auditScreen } from './helpers/screenAudit';
import { pngBuffer } from './editor-helpers';
import { buildDemoExport } from '../../server/demo/demoExport.ts';

const SIZES = [
  [320, 568],
  [360, 740],
  [390, 844],
  [430, 932],
  [568, 320],
  [740, 360],
  [844, 390],
  [932, 430],
] as const;

const SITE = 'demo-farm';
const LONG = (word: string) => `${word} ${'Northeast '.repeat(20)}`.slice(0, 200).trim();
const LONG_DATE = '2024-03-05';

/** The states, each from a closed viewer. Camera info shares the screen with every sheet and side panel, so each
 *  is looked at with it (the tighter case); the enlarged minimap and the expanded sidebar lie over the rest and are
 *  looked at alone (their own controls). With eight floors every state; with fewer, the ones floors change. */
const EVERY: PanelName[][] = [
  [],
  ['hotspots', 'camera'],
  ['timeline', 'camera'],
  ['camera', 'info'],
  ['minimap'],
  ['sidebar'],
];
const FEW: PanelName[][] = [[], ['timeline', 'camera']];
const CLOSED: PanelName[][] = [[]];
const SCOPE: Partial<Record<PanelName, string>> = { minimap: '.minimap.enlarged', sidebar: 'nav.sidebar' };

let origin = '';
let close: () => Promise<void>;
test.beforeAll(async () => {
  ({ origin, close } = await startSsoServer('survey-small-screens-'));
});
test.afterAll(async () => close?.());

async function signIn(request: APIRequestContext) {
  expect(
    (await request.post(`${origin}/api/login`, { data: { username: 'root', password: ROOT_PASSWORD } })).ok(),
  ).toBe(true);
}

/** Floors from..to-1 with long names and tags; on floor 3 a plan and a survey with a long scene, survey and
 *  hotspot name. */
async function addFloors(request: APIRequestContext, from: number, to: number) {
  for (let f = from; f < to; f++) {
    expect((await request.post(`${origin}/api/site/${SITE}/minimap/newFloor/${f}`)).ok()).toBe(true);
    const named = await request.patch(`${origin}/api/site/${SITE}/sitemap`, {
      data: { floor: f, floor_name: LONG(`Floor ${f}`), floor_tag: `Mezzanine ${f}` },
    });
    expect(named.ok()).toBe(true);
  }
  if (from > 3 || to <= 3) return;
  const plan = await request.post(`${origin}/api/site/${SITE}/minimap?floor=3`, {
    multipart: { file: { name: 'plan.png', mimeType: 'image/png', buffer: await pngBuffer(800, 600) } },
  });
  expect(plan.ok()).toBe(true);
  const { zip, csv } = await buildDemoExport({
    title: LONG('Survey'),
    surveyName: LONG('Survey'),
    date: LONG_DATE,
    floor: 3,
    faceSize: 256,
    nodes: [
      {
        name: 'long',
        label: LONG('Scene'),
        x: 300,
        y: 200,
        info: [{ title: LONG('Hotspot'), html: `<p>${LONG('Text')}</p>`, yawDeg: 0, pitchDeg: 0 }],
      },
    ],
  });
  const up = await request.post(`${origin}/api/site/${SITE}/3/addScenes`, {
    multipart: {
      zipFile: { name: 'long.zip', mimeType: 'application/zip', buffer: zip },
      properties: { name: 'long.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) },
    },
  });
  expect(up.ok(), await up.text()).toBe(true);
}

/** The address and info hotspot of the scene to look at: the demo's first one with a hotspot, or the long one. */
async function startOf(request: APIRequestContext, floor: number, date?: string) {
  const get = async <T>(path: string) =>
    ((await (await request.get(`${origin}/api/site/${SITE}${path}`)).json()) as { payload: T }).payload;
  const day = date ?? (await get<{ date: string }[]>(`/survey/details/compact?floor=${floor}`))[0]!.date;
  type Scene = { survey_node: { tiles_id: string; info_hotspots: InfoSpot[] } };
  const scenes = await get<Scene[]>(`/survey/details?floor=${floor}&date=${day}`);
  const scene = scenes.find((s) => s.survey_node.info_hotspots.length > 0)!;
  return {
    url: `${origin}/site/${SITE}/site?floor=${floor}&date=${day}&node=${scene.survey_node.tiles_id}`,
    spot: scene.survey_node.info_hotspots[0]!,
  };
}

/** One page turned through every size (resized in place, as a phone turns or a window is dragged): fast, and
 *  the layout must follow a resize as well as a first load. */
async function auditAll(page: Page, where: { url: string; spot: InfoSpot }, floors: number, states: PanelName[][]) {
  const faults: string[] = [];
  await page.goto(where.url);
  await waitForRenderer(page);
  for (const [width, height] of SIZES) {
    await page.setViewportSize({ width, height });
    await closeAll(page);
    // closeAll leaves a sidebar expanded above 900 px wide (beside the viewer on a desktop); a phone collapses it.
    const collapse = page.getByRole('button', { name: 'Collapse sidebar' });
    if (await collapse.count()) await collapse.evaluate((el) => (el as HTMLElement).click());
    for (const state of states) {
      for (const panel of state) await openPanel(page, panel, where.spot);
      // Panels slide and fade in: the screen as it settles.
      await page.waitForTimeout(250);
      const scope = state.length === 1 ? SCOPE[state[0]!] : undefined;
      for (const f of await auditScreen(page, scope))
        faults.push(`${width}x${height}, ${floors} floors, [${state.join(' + ') || 'closed'}]: ${f}`);
      if (state.length) await closeAll(page);
    }
  }
  return faults;
}

test('every control shows whole and uncovered on phones, with 2, 4 and 8 floors and long names', async ({
  browser,
  playwright,
}) => {
  const context = await browser.newContext({
    viewport: { width: SIZES[0][0], height: SIZES[0][1] },
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  test.setTimeout(180_000);
  const admin = await playwright.request.newContext();
  await signIn(admin);
  const faults: string[] = [];
  // The demo's two floors (one floor shows no floor buttons at all), then four with the long survey, then eight.
  faults.push(...(await auditAll(page, await startOf(admin, 0), 2, CLOSED)));
  await addFloors(admin, 2, 4);
  faults.push(...(await auditAll(page, await startOf(admin, 0), 4, CLOSED)));
  faults.push(...(await auditAll(page, await startOf(admin, 3, LONG_DATE), 4, FEW)));
  // A phone sideways with four floors, on another floor: a real tap reaches the Ground Floor (it ran under the
  // minimap).
  await page.setViewportSize({ width: 844, height: 390 });
  await page.getByRole('button', { name: 'Ground Floor', exact: true }).tap({ timeout: 5_000 });
  await expect(page.getByRole('button', { name: 'Ground Floor', exact: true })).toHaveAttribute('aria-current', 'true');
  await addFloors(admin, 4, 8);
  faults.push(...(await auditAll(page, await startOf(admin, 3, LONG_DATE), 8, EVERY)));
  await admin.dispose();
  await context.close();
  expect(faults).toEqual([]);
});

/** Each page at every size, as it first shows (the sidebar collapsed). */
async function auditPages(page: Page, paths: string[], who: string) {
  const faults: string[] = [];
  for (const path of paths) {
    await page.goto(`${origin}${path}`);
    await page.waitForLoadState('networkidle');
    for (const [width, height] of SIZES) {
      await page.setViewportSize({ width, height });
      await afterFrames(page, 3);
      for (const f of await auditScreen(page)) faults.push(`${who}, ${path}, ${width}x${height}: ${f}`);
    }
  }
  return faults;
}

test("the other screens, a visitor's and an administrator's, on phones both ways", async ({ browser }) => {
  const context = await browser.newContext({
    viewport: { width: SIZES[0][0], height: SIZES[0][1] },
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  const faults = await auditPages(
    page,
    [`/site/${SITE}`, `/site/${SITE}/documentation`, `/site/${SITE}/about`],
    'visitor',
  );
  await signIn(page.request);
  faults.push(...(await auditPages(page, [`/site/${SITE}/site`, `/site/${SITE}/addScene`], 'administrator')));
  // Last (it changes the whole install): the multi-site map home.
  expect((await page.request.patch(`${origin}/api/settings`, { data: { enableMultiSite: true } })).ok()).toBe(true);
  faults.push(...(await auditPages(page, ['/'], 'administrator')));
  await context.close();
  expect(faults).toEqual([]);
});
