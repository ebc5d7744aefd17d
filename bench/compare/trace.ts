// Diagnostic: what a frame of the compare bench's synced pan costs, against the single view's, from a Chrome trace
// (every process: the page's main thread, the GPU process, the compositor). For each page it prints the frame p95,
// the events that take most time per frame during the pan, by thread and name, and what the page's main thread and
// the GPU process did in the slowest frames against the others. Not a benchmark figure.
//   node --import tsx bench/compare/trace.ts [--fast] [--settle=ms] [--port=n] [--runs=n]
// --fast: at 10 Mbps / 40 ms, as the compare section's throttled rows. --settle: how long after both sides are
// complete the pan starts (the compare section starts it at once: 0; default 1000).
import fs from 'node:fs';
import type { Browser } from '@playwright/test';
import { launchBenchBrowser } from '../browser';
import { intervals, percentile, scriptedPan } from '../pan';
import { startBenchServer } from '../throttled/appServer';
import { cdpConditions, DESKTOP, FAST } from '../throttled/profiles';
import { deepLink } from '../throttled/visits';
import { completeAt } from './probes';
import { COMPARE_VIEWS, compareLinkOf, sidesOf } from './sites';
import { waitQuiet } from '../throttled/quiet';

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

const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const fast = process.argv.includes('--fast');
const settleMs = Number(arg('settle') ?? 1000);
const port = Number(arg('port') ?? 8437);
const runs = Number(arg('runs') ?? 1);

function load(file: string) {
  const events = (JSON.parse(fs.readFileSync(file, 'utf8')) as { traceEvents: TraceEvent[] }).traceEvents;
  const threads = new Map<string, string>();
  const procs = new Map<number, string>();
  for (const e of events) {
    if (e.name === 'thread_name') threads.set(`${e.pid}:${e.tid}`, e.args?.name ?? '?');
    if (e.name === 'process_name') procs.set(e.pid, e.args?.name ?? '?');
  }
  const where = (e: TraceEvent) => `${procs.get(e.pid) ?? e.pid} / ${threads.get(`${e.pid}:${e.tid}`) ?? e.tid}`;
  return { events, where };
}

/** ms a frame of each thread's top events, in the window between the page's pan marks. */
function summarize(file: string, frames: number): string[] {
  const { events, where } = load(file);
  const mark = (name: string) => events.find((e) => e.name === name)?.ts;
  const [from, to] = [mark('pan:start'), mark('pan:end')];
  if (from === undefined || to === undefined) return ['(no pan marks in the trace)'];
  const totals = new Map<string, number>();
  for (const e of events) {
    if (e.ph !== 'X' || e.dur === undefined || e.ts < from || e.ts > to) continue;
    const key = `${where(e)} / ${e.name}`;
    totals.set(key, (totals.get(key) ?? 0) + e.dur / 1000);
  }
  return [...totals]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 14)
    .map(([k, ms]) => `${(ms / frames).toFixed(2).padStart(6)} ms/frame  ${k}`);
}

/** The frames at or above the pan's p90 against the rest: ms a frame of each main-thread and GPU-thread event
 *  (self-contained 'X' events overlapping the frame, clipped to it), so what makes a frame slow stands out. */
function slowFrames(file: string, times: number[]): string[] {
  const { events, where } = load(file);
  const start = events.find((e) => e.name === 'pan:start')?.ts;
  if (start === undefined) return [];
  // The pan's frame times are performance.now() ms; the mark ties them to the trace's clock (µs).
  const t0 = times[0]!;
  const iv = intervals(times);
  const cut = percentile(iv, 90);
  const slow = new Map<string, number>();
  const rest = new Map<string, number>();
  let nSlow = 0;
  const spans = iv.map((d, k) => ({
    from: start + (times[k]! - t0) * 1000,
    to: start + (times[k + 1]! - t0) * 1000,
    d,
  }));
  const picked = events.filter(
    (e) => e.ph === 'X' && e.dur !== undefined && /CrRendererMain|CrGpuMain|VizCompositor|Compositor/.test(where(e)),
  );
  for (const s of spans) {
    const isSlow = s.d >= cut;
    if (isSlow) nSlow++;
    const into = isSlow ? slow : rest;
    for (const e of picked) {
      const a = Math.max(e.ts, s.from);
      const b = Math.min(e.ts + e.dur!, s.to);
      if (b <= a) continue;
      const key = `${where(e)} / ${e.name}`;
      into.set(key, (into.get(key) ?? 0) + (b - a) / 1000);
    }
  }
  const nRest = spans.length - nSlow;
  const keys = [...slow].sort((a, b) => b[1] - a[1]).slice(0, 18);
  return [
    `slow frames (>= p90 ${cut.toFixed(1)} ms): ${nSlow}, the others ${nRest}; ms a frame, slow vs other:`,
    ...keys.map(
      ([k, ms]) =>
        `${(ms / nSlow).toFixed(2).padStart(7)} ${((rest.get(k) ?? 0) / Math.max(1, nRest)).toFixed(2).padStart(7)}  ${k}`,
    ),
  ];
}

async function traced(browser: Browser, url: string, compare: boolean, file: string) {
  await waitQuiet();
  const context = await browser.newContext({ viewport: { width: DESKTOP.width, height: DESKTOP.height } });
  await context.addInitScript('window.__name = (f) => f');
  const page = await context.newPage();
  if (fast) {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', cdpConditions(FAST));
  }
  await page.goto(url);
  await completeAt(page, '__panorama');
  if (compare) await completeAt(page, '__panoramaB');
  if (settleMs) await page.waitForTimeout(settleMs);
  await browser.startTracing(page, { path: file, categories: CATEGORIES });
  const times = await scriptedPan(page, 'ours', COMPARE_VIEWS[0]!.view);
  await page.evaluate(() => performance.mark('pan:end'));
  await browser.stopTracing();
  await context.close();
  const iv = intervals(times);
  return { times, p95: percentile(iv, 95), median: percentile(iv, 50), frames: iv.length };
}

const server = await startBenchServer({ port, rebuild: false, fillers: 40, real: false });
const browser = await launchBenchBrowser();
try {
  const view = COMPARE_VIEWS[0]!.view;
  for (let run = 1; run <= runs; run++)
    for (const [name, url, compare] of [
      ['single', deepLink(server, sidesOf(server).a, view), false],
      ['compare', compareLinkOf(server, view), true],
    ] as const) {
      const file = `/tmp/compare-pan-${name}${fast ? '-fast' : ''}-${run}.trace.json`;
      const r = await traced(browser, url, compare, file);
      console.log(
        `\n== ${name}${fast ? ' at 10 Mbps' : ''}, run ${run}: frame median ${r.median.toFixed(1)} ms, p95 ${r.p95.toFixed(1)} ms (${file})`,
      );
      for (const line of summarize(file, r.frames)) console.log(line);
      for (const line of slowFrames(file, r.times)) console.log(line);
    }
} finally {
  await browser.close();
  await server.close();
}
