// Page drivers: one cold first view of a peer page, a first + repeat visit in one browser context (warm HTTP
// cache), and a date or floor switch on our viewer page after turning the view. Each returns what the recorder
// saw, scored against its own settled frame.
import fs from 'node:fs';
import type { Browser, Page } from '@playwright/test';
import type { BenchScene, BenchServer } from './appServer';
import { DATE_2, START_VIEW } from './fixture';
import { hotspotProbeScript } from './hotspotProbe';
import type { Device, SceneKey, Setup } from './profiles';
import { waitQuiet } from './quiet';
import { Recorder, type Req } from './recorder';
import { visuallyComplete } from './visual';

export const PEERS = ['marzipano', 'deep', 'plain', 'scene'] as const;
export type Peer = (typeof PEERS)[number];
export const PEER_LABEL: Record<Peer, string> = {
  marzipano: 'Marzipano bare page',
  deep: 'our viewer deep link',
  plain: 'our viewer plain URL',
  scene: 'scene.html',
};

type View = { yaw: number; pitch: number; fov: number };

/**
 * The farm's view: level, vertical fov 1.2 as the generated scene's, turned to yaw 0.75 so its link and info
 * hotspot (both at yaw 0.80) sit near the middle on the desktop and on the phone alike (at yaw 0 they are at the
 * desktop's right edge and off the phone's narrow view).
 */
export const FARM_VIEW: View = { yaw: 0.75, pitch: 0, fov: 1.2 };

export function sceneOfRow(server: BenchServer, key: SceneKey): BenchScene {
  const s = key === 'generated' ? server.main : server[key];
  if (!s) throw new Error(`the bench server has no ${key} scene (shared fixtures missing)`);
  return s;
}

export const viewOfRow = (key: SceneKey): View => (key === 'farm' ? FARM_VIEW : START_VIEW);

/** The view turned to before a switch: about 80° to the right, a little up (as a person tried it: 81°). */
export const TURNED: View = { yaw: 1.4, pitch: 0.1, fov: START_VIEW.fov };

export interface Visit {
  /** Visually complete judged on the whole frame (vcMs) and on its central 60% (vcCentralMs), ms after t0. */
  vcMs: number;
  vcCentralMs: number;
  /** Share of the settled frame outside its central 60% left blank. */
  blankSides: number;
  /** When a hotspot could first be clicked (hotspotProbe), ms after t0; NaN when none was in view or never. */
  hotspotMs: number;
  /** Bytes (KB) finished by the central-60% completeness (for rows judged there). */
  kbCentral: number;
  /** Requests finished by visual completeness, and their bytes (encodedDataLength at loadingFinished). */
  requests: number;
  kb: number;
  /** Requests started by visual completeness (some may still be loading then). */
  started: number;
  /** First request under the tile base (preview or tile), ms after t0. */
  firstTileMs: number;
  settledTimedOut: boolean;
  /** Every request of the visit, times in ms after t0 (for the waterfall). */
  reqs: Array<Req & { startMs: number; endMs: number }>;
  error?: string;
  /** The page's performance marks and paint timings (ms after its navigation start), first of each name. */
  marks?: Array<{ name: string; ms: number }>;
  /** The settled frame and the frame found visually complete, for a look by eye. */
  shots?: { settled: Buffer; vc?: Buffer };
}

const failed = (error: string): Visit => ({
  vcMs: NaN,
  vcCentralMs: NaN,
  blankSides: NaN,
  hotspotMs: NaN,
  kbCentral: NaN,
  requests: NaN,
  kb: NaN,
  started: NaN,
  firstTileMs: NaN,
  settledTimedOut: false,
  reqs: [],
  error,
});

function sceneQuery(s: BenchScene, view: View, hotspots = false): string {
  const q = new URLSearchParams({
    manta: s.manta,
    tiles: s.tilesId,
    levels: JSON.stringify(s.levels),
    face: String(s.face),
    yaw: String(view.yaw),
    pitch: String(view.pitch),
    fov: String(view.fov),
  });
  if (hotspots) q.set('hotspots', JSON.stringify(s.hotspots));
  return q.toString();
}

export function deepLink(server: BenchServer, s: BenchScene, view?: View): string {
  const p = new URLSearchParams({ site: s.site, floor: String(s.floor), date: s.date, node: s.tilesId });
  if (view) for (const [k, v] of Object.entries(view)) p.set(k, String(v));
  return `${server.origin}/site?${p}`;
}

/** The URL of `peer` on a row's scene and view (the plain URL opens the generated site's start). */
export function peerUrl(server: BenchServer, peer: Peer, key: SceneKey = 'generated', view = viewOfRow(key)): string {
  const s = sceneOfRow(server, key);
  switch (peer) {
    case 'marzipano':
      return `${server.origin}/__bench/bench/pages/marzipano.html?${sceneQuery(s, view, true)}`;
    case 'scene':
      return `${server.origin}/scene.html?${sceneQuery(s, view)}`;
    case 'deep':
      // The generated scene opens at its data.js start view, which is START_VIEW.
      return key === 'generated' && view === START_VIEW ? deepLink(server, s) : deepLink(server, s, view);
    case 'plain':
      return `${server.origin}/site?site=${encodeURIComponent(server.site)}`;
  }
}

async function open(browser: Browser, device: Device, probe?: { hotspots: BenchScene['hotspots']; view: View }) {
  await waitQuiet();
  const context = await browser.newContext({
    viewport: { width: device.width, height: device.height },
    deviceScaleFactor: device.dpr,
    isMobile: device.mobile,
    hasTouch: device.mobile,
    userAgent: device.userAgent,
  });
  // tsx keeps function names with a __name() helper that page.evaluate code cannot see: supply it.
  await context.addInitScript('window.__name = (f) => f');
  if (probe) await context.addInitScript({ content: hotspotProbeScript(probe.hotspots, probe.view) });
  const page = await context.newPage();
  const rec = new Recorder(await context.newCDPSession(page));
  return { context, page, rec };
}

/** Scores what `rec` saw from t0 (wall seconds): waits for the settled frame first (carryOver: see visuallyComplete). */
async function score(rec: Recorder, t0: number, tileBase: string, carryOver = false): Promise<Visit> {
  const settled = await rec.settle();
  const { vcMs, vcCentralMs, blankSides, vcFrame, trail } = await visuallyComplete(
    rec.frames,
    settled.frame,
    t0,
    carryOver,
  );
  const dump = process.env.BENCH_FRAMES_DIR;
  if (dump) {
    const dir = `${dump}/${Date.now()}`;
    fs.mkdirSync(dir, { recursive: true });
    const after = rec.frames.filter((f) => f.wall >= t0);
    after.forEach((f, i) => {
      const ms = Math.round((f.wall - t0) * 1000);
      fs.writeFileSync(`${dir}/${String(ms).padStart(5, '0')}-${trail[i]?.db.toFixed(1)}.jpg`, f.data);
    });
  }
  const reqs = rec.requests.map((r) => ({
    ...r,
    startMs: (r.start - t0) * 1000,
    endMs: r.end === undefined ? NaN : (r.end - t0) * 1000,
  }));
  const done = reqs.filter((r) => r.endMs <= vcMs);
  const kbBy = (ms: number) => reqs.filter((r) => r.endMs <= ms).reduce((a, r) => a + (r.bytes ?? 0), 0) / 1024;
  const tiles = reqs.filter((r) => new URL(r.url).pathname.startsWith(tileBase));
  return {
    vcMs,
    vcCentralMs,
    blankSides,
    hotspotMs: NaN,
    kbCentral: kbBy(vcCentralMs),
    requests: done.length,
    kb: done.reduce((a, r) => a + (r.bytes ?? 0), 0) / 1024,
    started: reqs.filter((r) => r.startMs <= vcMs).length,
    firstTileMs: tiles.length ? Math.min(...tiles.map((r) => r.startMs)) : NaN,
    settledTimedOut: settled.timedOut,
    reqs,
    shots: { settled: settled.frame.data, vc: vcFrame },
  };
}

/** t0 of a navigation: when the browser sent the document request. */
function documentStart(rec: Recorder): number {
  const doc = rec.requests.find((r) => r.type === 'Document');
  if (!doc) throw new Error('no document request recorded');
  return doc.start;
}

async function navigateAndScore(page: Page, rec: Recorder, url: string, tileBase: string): Promise<Visit> {
  await page.goto(url, { waitUntil: 'commit', timeout: 120_000 });
  const t0 = documentStart(rec);
  const visit = await score(rec, t0, tileBase);
  const at = await page.evaluate(() => window.__hotspotClickableAt ?? NaN).catch(() => NaN);
  visit.hotspotMs = at - t0 * 1000;
  // The page's own marks (ms after its navigation start), for the log: where a slow visit lost its time.
  const marks = await page
    .evaluate(() =>
      performance
        .getEntriesByType('mark')
        .concat(performance.getEntriesByType('paint'))
        .map((m) => ({ name: m.name, ms: m.startTime })),
    )
    .catch(() => []);
  visit.marks = marks.filter((m, i) => marks.findIndex((n) => n.name === m.name) === i);
  return visit;
}

/**
 * A cold first view: a fresh context (empty cache) with the cache disabled. `hotspots`: probe for the first
 * clickable one (hotspotProbe) where they land in `view`.
 */
export async function coldVisit(
  browser: Browser,
  server: BenchServer,
  setup: Setup,
  url: string,
  probe?: { hotspots: BenchScene['hotspots']; view: View },
): Promise<Visit> {
  const { context, page, rec } = await open(browser, setup.device, probe);
  try {
    await rec.start({ link: setup.link, device: setup.device, cacheDisabled: true });
    return await navigateAndScore(page, rec, url, server.main.manta);
  } catch (e) {
    return failed((e as Error).message);
  } finally {
    await rec.stop();
    await context.close();
  }
}

/**
 * First and repeat visit in one context. The cache stays enabled here (a fresh context's cache is empty, so the
 * first visit is still cold): a disabled cache would store nothing for the repeat. Between the two the page goes
 * to about:blank, so the repeat starts from a blank screen, not from the picture it is to show.
 */
export async function repeatVisit(
  browser: Browser,
  server: BenchServer,
  setup: Setup,
  url: string,
): Promise<{ first: Visit; repeat: Visit }> {
  const { context, page, rec } = await open(browser, setup.device);
  try {
    await rec.start({ link: setup.link, device: setup.device, cacheDisabled: false });
    const first = await navigateAndScore(page, rec, url, server.main.manta);
    await page.goto('about:blank');
    await rec.settle(500);
    rec.reset();
    const repeat = await navigateAndScore(page, rec, url, server.main.manta);
    return { first, repeat };
  } catch (e) {
    return { first: failed((e as Error).message), repeat: failed((e as Error).message) };
  } finally {
    await rec.stop();
    await context.close();
  }
}

export type SwitchKind = 'date' | 'floor';

export interface SwitchResult extends Visit {
  /** The view shown after the switch (the fresh deep link opens this view of the target). */
  view?: View;
  target: BenchScene;
  /** Heading before and after, degrees (the issue: kept across the switch, corrected by the rotation offsets). */
  yawBeforeDeg?: number;
  yawAfterDeg?: number;
}

/** Deep link to the first scene, turn the view, then change the date or the floor through the UI. */
export async function switchVisit(
  browser: Browser,
  server: BenchServer,
  setup: Setup,
  kind: SwitchKind,
): Promise<SwitchResult> {
  const target = kind === 'date' ? server.later : server.upstairs;
  const { context, page, rec } = await open(browser, setup.device);
  try {
    await rec.start({ link: setup.link, device: setup.device, cacheDisabled: true });
    await page.goto(deepLink(server, server.main), { waitUntil: 'commit', timeout: 120_000 });
    await rec.settle();
    // The test hook the renderer publishes (src/scene: window.__panorama); without it a drag would be needed.
    const turned = await page.evaluate(
      (v) => (window.__panorama ? (window.__panorama.setView(v), window.__panorama.getView()) : null),
      TURNED,
    );
    if (!turned) throw new Error('window.__panorama is missing on the viewer page: cannot turn the view');
    await rec.settle();
    let control;
    if (kind === 'date') {
      await page.getByRole('button', { name: 'Open Timeline' }).click();
      control = page.getByRole('complementary', { name: 'Timeline' }).locator(`[data-date="${DATE_2}"]`).first();
    } else {
      control = page
        .getByRole('navigation', { name: 'Floors' })
        .getByRole('button', { name: `Floor ${target.floor}`, exact: true });
    }
    await control.waitFor({ state: 'visible', timeout: 10_000 });
    await rec.settle();
    const box = await control.boundingBox();
    if (!box) throw new Error(`the ${kind} control has no box`);
    rec.reset();
    const t0 = Date.now() / 1000;
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    const visit = await score(rec, t0, server.main.manta, true);
    const node = new URL(page.url()).searchParams.get('node');
    if (node !== target.tilesId)
      throw new Error(`after the ${kind} switch the page shows node ${node}, not ${target.tilesId}`);
    const view = await page.evaluate(() => window.__panorama?.getView() ?? null);
    const deg = (r: number) => Math.round((r * 180) / Math.PI);
    return {
      ...visit,
      target,
      view: view ?? undefined,
      yawBeforeDeg: deg(turned.yaw),
      yawAfterDeg: view ? deg(view.yaw) : undefined,
    };
  } catch (e) {
    return { ...failed((e as Error).message), target };
  } finally {
    await rec.stop();
    await context.close();
  }
}
