// The compare section of `npm run bench:viewer`: two dates side by side (the generated site's 'main' and 'later'
// scenes, one floor) against the single view, in the same run, on localhost and at 10 Mbps / 40 ms (CDP):
// frame p95 of a synced pan, tile bytes of the view, the second side's visually complete time against the first's,
// and compare opened from a settled view against a fresh deep link to the second side's scene. Medians of --runs.
import type { Browser, Page } from '@playwright/test';
import { launchBenchBrowser } from '../browser';
import { intervals, percentile, scriptedPan } from '../pan';
import { startBenchServer, type BenchServer } from '../throttled/appServer';
import { cdpConditions, DESKTOP, FAST, type Link } from '../throttled/profiles';
import { deepLink } from '../throttled/visits';
import { waitQuiet } from '../throttled/quiet';
import { completeAt, tileBytes } from './probes';
import { printCompare, type CompareRow } from './report';

const VIEW = { yaw: 0.3, pitch: 0.1, fov: Math.PI / 2 };

async function open(browser: Browser, link: Link | null) {
  await waitQuiet();
  const context = await browser.newContext({ viewport: { width: DESKTOP.width, height: DESKTOP.height } });
  // tsx keeps function names with a __name() helper that page.evaluate code cannot see: supply it.
  await context.addInitScript('window.__name = (f) => f');
  const page = await context.newPage();
  if (link) {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', cdpConditions(link));
  }
  return { context, page, bytes: tileBytes(page) };
}

// With its scene, as the share button copies it (the page then names the second side and starts its tiles).
const compareLink = (server: BenchServer) =>
  `${deepLink(server, server.main, VIEW)}&compare=side&cdate=${server.later.date}&cnode=${encodeURIComponent(server.later.tilesId)}`;

const pan = async (page: Page) => percentile(intervals(await scriptedPan(page, 'ours', VIEW)), 95);

/** One visit of each kind; all numbers in ms or KB. */
async function visitAll(browser: Browser, server: BenchServer, link: Link | null) {
  // The single view: complete, its bytes, a pan.
  let v = await open(browser, link);
  await v.page.goto(deepLink(server, server.main, VIEW));
  const singleVc = await completeAt(v.page, '__panorama');
  const singleKB = v.bytes() / 1024;
  const singleP95 = await pan(v.page);
  await v.context.close();
  // The compare deep link: both sides complete, their bytes, a pan of the first side (the second follows, locked).
  v = await open(browser, link);
  await v.page.goto(compareLink(server));
  const aVc = await completeAt(v.page, '__panorama');
  const bVc = await completeAt(v.page, '__panoramaB');
  const compareKB = v.bytes() / 1024;
  const compareP95 = await pan(v.page);
  await v.context.close();
  // Compare opened from a settled single view: from the press until the second side is complete.
  v = await open(browser, link);
  await v.page.goto(deepLink(server, server.main, VIEW));
  await completeAt(v.page, '__panorama');
  await v.page.waitForTimeout(500);
  const pressed = await v.page.evaluate(() => performance.now());
  await v.page.getByRole('button', { name: 'Compare dates' }).click();
  const openedMs = (await completeAt(v.page, '__panoramaB')) - pressed;
  const bView = await v.page.evaluate(() => window.__panoramaB!.getView());
  const cnode = new URL(v.page.url()).searchParams.get('cnode') ?? server.later.tilesId;
  await v.context.close();
  // A fresh deep link to that scene and view.
  v = await open(browser, link);
  await v.page.goto(deepLink(server, { ...server.later, tilesId: cnode }, bView));
  const freshMs = await completeAt(v.page, '__panorama');
  await v.context.close();
  return { singleVc, singleKB, singleP95, aVc, bVc, compareKB, compareP95, openedMs, freshMs };
}

export async function runCompare(opts: { runs: number; port: number }): Promise<CompareRow[]> {
  const started = Date.now();
  const server = await startBenchServer({ port: opts.port, rebuild: false, fillers: 40, real: false });
  const browser = await launchBenchBrowser();
  const rows: CompareRow[] = [];
  try {
    for (const link of [null, FAST]) {
      const name = link ? link.name : 'localhost';
      const runs: Awaited<ReturnType<typeof visitAll>>[] = [];
      for (let run = 0; run < opts.runs; run++) {
        const r = await visitAll(browser, server, link);
        console.log(
          `  compare ${name} run ${run + 1}: single VC ${r.singleVc.toFixed(0)} ms, ${r.singleKB.toFixed(0)} KB, p95 ${r.singleP95.toFixed(1)} ms; compare A ${r.aVc.toFixed(0)} / B ${r.bVc.toFixed(0)} ms, ${r.compareKB.toFixed(0)} KB, p95 ${r.compareP95.toFixed(1)} ms; opened B ${r.openedMs.toFixed(0)} ms vs fresh ${r.freshMs.toFixed(0)} ms`,
        );
        runs.push(r);
      }
      const med = (k: keyof (typeof runs)[number]) =>
        percentile(
          runs.map((r) => r[k]),
          50,
        );
      rows.push({
        link: name,
        singleP95: med('singleP95'),
        compareP95: med('compareP95'),
        singleKB: med('singleKB'),
        compareKB: med('compareKB'),
        aVc: med('aVc'),
        bVc: med('bVc'),
        openedMs: med('openedMs'),
        freshMs: med('freshMs'),
      });
    }
  } finally {
    await browser.close();
    await server.close();
  }
  printCompare(rows, opts.runs);
  console.log(`\nCompare section: ${((Date.now() - started) / 60000).toFixed(1)} minutes.`);
  return rows;
}
