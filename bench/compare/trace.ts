// Diagnostic: what a frame of the compare bench's synced pan costs, against the single view's, from a Chrome trace
// (every process: the page's main thread, the GPU process, the compositor). For each page it prints the frame p95
// and the events that take most time per frame during the pan, by thread and name. Not a benchmark figure.
//   node --import tsx bench/compare/trace.ts
import fs from 'node:fs';
import type { Browser } from '@playwright/test';
import { launchBenchBrowser } from '../browser';
import { intervals, percentile, scriptedPan } from '../pan';
import { startBenchServer } from '../throttled/appServer';
import { DESKTOP } from '../throttled/profiles';
import { deepLink } from '../throttled/visits';
import { completeAt } from './probes';
import { COMPARE_VIEWS, compareLinkOf, sidesOf } from './sites';

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string };
}

const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'toplevel',
  'gpu',
  'viz',
  'cc',
  'v8.execute',
  'blink.user_timing',
];

/** ms a frame of each thread's top events, in the window between the page's pan marks. */
function summarize(file: string, frames: number): string[] {
  const events = (JSON.parse(fs.readFileSync(file, 'utf8')) as { traceEvents: TraceEvent[] }).traceEvents;
  const threads = new Map<string, string>();
  const procs = new Map<number, string>();
  for (const e of events) {
    if (e.name === 'thread_name') threads.set(`${e.pid}:${e.tid}`, e.args?.name ?? '?');
    if (e.name === 'process_name') procs.set(e.pid, e.args?.name ?? '?');
  }
  const mark = (name: string) => events.find((e) => e.name === name)?.ts;
  const [from, to] = [mark('pan:start'), mark('pan:end')];
  if (from === undefined || to === undefined) return ['(no pan marks in the trace)'];
  const totals = new Map<string, number>();
  for (const e of events) {
    if (e.ph !== 'X' || e.dur === undefined || e.ts < from || e.ts > to) continue;
    const key = `${procs.get(e.pid) ?? e.pid} / ${threads.get(`${e.pid}:${e.tid}`) ?? e.tid} / ${e.name}`;
    totals.set(key, (totals.get(key) ?? 0) + e.dur / 1000);
  }
  return [...totals]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 14)
    .map(([k, ms]) => `${(ms / frames).toFixed(2).padStart(6)} ms/frame  ${k}`);
}

async function traced(browser: Browser, url: string, compare: boolean, file: string) {
  const context = await browser.newContext({ viewport: { width: DESKTOP.width, height: DESKTOP.height } });
  await context.addInitScript('window.__name = (f) => f');
  const page = await context.newPage();
  await page.goto(url);
  await completeAt(page, '__panorama');
  if (compare) await completeAt(page, '__panoramaB');
  await page.waitForTimeout(1000);
  await browser.startTracing(page, { path: file, categories: CATEGORIES });
  const times = await scriptedPan(page, 'ours', COMPARE_VIEWS[0]!.view);
  await page.evaluate(() => performance.mark('pan:end'));
  await browser.stopTracing();
  await context.close();
  const iv = intervals(times);
  return { p95: percentile(iv, 95), median: percentile(iv, 50), frames: iv.length };
}

const server = await startBenchServer({ port: 8437, rebuild: false, fillers: 40, real: false });
const browser = await launchBenchBrowser();
try {
  const view = COMPARE_VIEWS[0]!.view;
  for (const [name, url, compare] of [
    ['single', deepLink(server, sidesOf(server).a, view), false],
    ['compare', compareLinkOf(server, view), true],
  ] as const) {
    const file = `/tmp/compare-pan-${name}.trace.json`;
    const r = await traced(browser, url, compare, file);
    console.log(`\n== ${name}: frame median ${r.median.toFixed(1)} ms, p95 ${r.p95.toFixed(1)} ms (${file})`);
    for (const line of summarize(file, r.frames)) console.log(line);
  }
} finally {
  await browser.close();
  await server.close();
}
