// The compare section of `npm run bench:viewer`: two dates side by side (the generated site's 'main' and 'later'
// scenes, one floor) against the single view, in the same run, on localhost and at 10 Mbps / 40 ms (CDP), at the
// views of sites.ts: frame p95 of a synced pan, tile bytes of the view against each side's single view, the second
// side's visually complete time against the first's, and compare opened from a settled view against a fresh deep
// link to the second side's scene. Medians of --runs.
import type { Browser, Page } from '@playwright/test';
import { launchBenchBrowser } from '../browser';
import { intervals, percentile, scriptedPan } from '../pan';
import { startBenchServer, type BenchServer } from '../throttled/appServer';
import { cdpConditions, DESKTOP, FAST, type Link } from '../throttled/profiles';
import type { View } from '../../src/scene/view';
import { deepLink } from '../throttled/visits';
import { COMPARE_VIEWS, compareLinkOf, sidesOf, type CompareView } from './sites';
import { waitQuiet } from '../throttled/quiet';
import { completeAt, tileBytes } from './probes';
import { printCompare, type CompareRow } from './report';

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

const pan = async (page: Page, view: View) => percentile(intervals(await scriptedPan(page, 'ours', view)), 95);

/** A single view's deep link until complete: its time, its tile KB and, with `view` for a pan, the pan's p95. */
async function single(browser: Browser, link: Link | null, url: string, panView?: View) {
  const v = await open(browser, link);
  await v.page.goto(url);
  const vc = await completeAt(v.page, '__panorama');
  const kb = v.bytes() / 1024;
  const p95 = panView ? await pan(v.page, panView) : NaN;
  await v.context.close();
  return { vc, kb, p95 };
}

/** One visit of each kind; all numbers in ms or KB (NaN where the view measures bytes only). */
async function visitAll(browser: Browser, server: BenchServer, link: Link | null, cv: CompareView) {
  const { a, b } = sidesOf(server);
  const view = cv.view;
  // The compare deep link: both sides complete, their bytes, a pan of the first side (the second follows, locked).
  let v = await open(browser, link);
  await v.page.goto(compareLinkOf(server, view));
  const aVc = await completeAt(v.page, '__panorama');
  const bVc = await completeAt(v.page, '__panoramaB');
  const compareKB = v.bytes() / 1024;
  const bView = await v.page.evaluate(() => window.__panoramaB!.getView());
  const compareP95 = cv.full ? await pan(v.page, view) : NaN;
  await v.context.close();
  // Each side alone at the same window and view: the reference for the bytes (the two scenes' tiles differ).
  const singleA = await single(browser, link, deepLink(server, a, view), cv.full ? view : undefined);
  const singleB = await single(browser, link, deepLink(server, b, bView));
  const row = { aVc, bVc, compareKB, compareP95, singleAKB: singleA.kb, singleBKB: singleB.kb, singleP95: singleA.p95 };
  if (!cv.full) return { ...row, openedMs: NaN, freshMs: NaN };
  // Compare opened from a settled single view: from the press until the second side is complete.
  v = await open(browser, link);
  await v.page.goto(deepLink(server, a, view));
  await completeAt(v.page, '__panorama');
  await v.page.waitForTimeout(500);
  const pressed = await v.page.evaluate(() => performance.now());
  await v.page.getByRole('button', { name: 'Compare dates' }).click();
  const openedMs = (await completeAt(v.page, '__panoramaB')) - pressed;
  const openedView = await v.page.evaluate(() => window.__panoramaB!.getView());
  const cnode = new URL(v.page.url()).searchParams.get('cnode') ?? b.tilesId;
  await v.context.close();
  // A fresh deep link to that scene and view.
  const fresh = await single(browser, link, deepLink(server, { ...b, tilesId: cnode }, openedView));
  return { ...row, openedMs, freshMs: fresh.vc };
}

export async function runCompare(opts: { runs: number; port: number }): Promise<CompareRow[]> {
  const started = Date.now();
  const server = await startBenchServer({ port: opts.port, rebuild: false, fillers: 40, real: false });
  const browser = await launchBenchBrowser();
  const rows: CompareRow[] = [];
  try {
    for (const link of [null, FAST])
      for (const cv of COMPARE_VIEWS) {
        const name = link ? link.name : 'localhost';
        const runs: Awaited<ReturnType<typeof visitAll>>[] = [];
        for (let run = 0; run < opts.runs; run++) {
          const r = await visitAll(browser, server, link, cv);
          const ms = (x: number) => x.toFixed(0);
          console.log(
            `  compare ${name}, ${cv.name}, run ${run + 1}: single A ${ms(r.singleAKB)} KB, B ${ms(r.singleBKB)} KB, p95 ${r.singleP95.toFixed(1)} ms; compare A ${ms(r.aVc)} / B ${ms(r.bVc)} ms, ${ms(r.compareKB)} KB, p95 ${r.compareP95.toFixed(1)} ms; opened B ${ms(r.openedMs)} ms vs fresh ${ms(r.freshMs)} ms`,
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
          view: cv.name,
          singleP95: med('singleP95'),
          compareP95: med('compareP95'),
          singleAKB: med('singleAKB'),
          singleBKB: med('singleBKB'),
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
