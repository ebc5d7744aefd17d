// Diagnostic (not a figure): one cold visit of a peer page on a link, printing the page's performance marks, long
// tasks and slow WebGL calls, to see why the first view is drawn when it is. Writes the main thread's CPU profile
// to /tmp/page.cpuprofile, and with --trace a Chrome trace (GPU process included) to /tmp/page.trace.json.
//   node --import tsx bench/throttled/diag-marks.ts [--setup=1] [--peer=deep] [--wait=5000] [--trace] [--repeat] [--css=…] [--js=…]
import { launchBenchBrowser } from '../browser';
import { startBenchServer } from './appServer';
import { SETUPS } from './profiles';
import { Recorder } from './recorder';
import { peerUrl, type Peer } from './visits';

const arg = (k: string, d: string) => process.argv.find((a) => a.startsWith(`--${k}=`))?.slice(k.length + 3) ?? d;
const setup = SETUPS[Number(arg('setup', '1'))]!;
const server = await startBenchServer({ port: 8400, rebuild: false, fillers: 40 });
const browser = await launchBenchBrowser();
try {
  // Like the bench, the browser has shown this page before (its GPU process is up, its shaders compiled).
  const warm = await browser.newPage();
  await warm.goto(peerUrl(server, arg('peer', 'deep') as Peer));
  await warm.waitForTimeout(3000);
  await warm.close();
  await new Promise((r) => setTimeout(r, 3000));
  const context = await browser.newContext({
    viewport: { width: setup.device.width, height: setup.device.height },
    deviceScaleFactor: setup.device.dpr,
    isMobile: setup.device.mobile,
    hasTouch: setup.device.mobile,
    userAgent: setup.device.userAgent,
  });
  await context.addInitScript('window.__name = (f) => f');
  await context.addInitScript(() => {
    const w = window as unknown as { __lt: string[] };
    w.__lt = [];
    new PerformanceObserver((l) => {
      for (const e of l.getEntries())
        w.__lt.push(`${e.startTime.toFixed(0).padStart(6)} +${e.duration.toFixed(0).padStart(5)} longtask`);
    }).observe({ type: 'longtask', buffered: true });
    const wrap = (proto: object, name: string) => {
      const o = proto as Record<string, (...a: unknown[]) => unknown>;
      const f = o[name]!;
      o[name] = function (this: unknown, ...a: unknown[]) {
        const t = performance.now();
        const r = f.apply(this, a);
        const d = performance.now() - t;
        if (d > 5)
          w.__lt.push(`${t.toFixed(0).padStart(6)} +${d.toFixed(0).padStart(5)} ${name}(${String(a[0]).slice(0, 30)})`);
        return r;
      };
    };
    // Decodes: when each was asked for and when it answered (they run off the main thread, in parallel).
    const decode = window.createImageBitmap.bind(window) as (...a: unknown[]) => Promise<ImageBitmap>;
    let n = 0;
    window.createImageBitmap = (async (...a: unknown[]) => {
      const t = performance.now();
      const id = ++n;
      const b = await decode(...a);
      const d = performance.now() - t;
      w.__lt.push(`${t.toFixed(0).padStart(6)} +${d.toFixed(0).padStart(5)} decode#${id} ${b.width}x${b.height}`);
      return b;
    }) as typeof window.createImageBitmap;
    // When each overlay part first appears: the screenshot-based figure waits for the last of them too.
    const seen = new Set<string>();
    new MutationObserver(() => {
      for (const sel of ['.viewer-top', '.minimap', '.floor-slider', '.camera-info', 'canvas']) {
        if (seen.has(sel) || !document.querySelector(sel)) continue;
        seen.add(sel);
        w.__lt.push(`${performance.now().toFixed(0).padStart(6)} +    0 dom ${sel}`);
      }
    }).observe(document, { childList: true, subtree: true });
    wrap(HTMLCanvasElement.prototype, 'getContext');
    wrap(WebGL2RenderingContext.prototype, 'getExtension');
    wrap(WebGL2RenderingContext.prototype, 'texImage2D');
    wrap(WebGL2RenderingContext.prototype, 'compileShader');
    wrap(WebGL2RenderingContext.prototype, 'linkProgram');
    wrap(WebGL2RenderingContext.prototype, 'getProgramParameter');
    wrap(WebGL2RenderingContext.prototype, 'useProgram');
    wrap(WebGL2RenderingContext.prototype, 'drawArrays');
    wrap(WebGL2RenderingContext.prototype, 'getUniformLocation');
  });
  // --js=…: a script run before the page's own (an experiment's switch, e.g. a window flag).
  const js = arg('js', '');
  if (js) await context.addInitScript(js);
  const css = arg('css', '');
  if (css)
    await context.addInitScript((css: string) => {
      document.addEventListener('DOMContentLoaded', () => {
        const st = document.createElement('style');
        st.textContent = css;
        document.head.append(st);
      });
    }, css);
  const page = await context.newPage();
  page.on('console', (m) => console.log(`console.${m.type()}: ${m.text()}`));
  page.on('pageerror', (e) => console.log(`pageerror: ${e.message}`));
  const cdp = await context.newCDPSession(page);
  const rec = new Recorder(cdp);
  // --repeat: the visit measured is a repeat one (warm HTTP cache, from a blank page), as the bench's.
  const repeat = process.argv.includes('--repeat');
  await rec.start({ link: setup.link, device: setup.device, cacheDisabled: !repeat });
  if (repeat) {
    await page.goto(peerUrl(server, arg('peer', 'deep') as Peer), { waitUntil: 'commit' });
    await page.waitForTimeout(Number(arg('wait', '5000')));
    await page.goto('about:blank');
    await page.waitForTimeout(1000);
  }
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  if (process.argv.includes('--trace'))
    await browser.startTracing(page, {
      path: '/tmp/page.trace.json',
      categories: [
        'devtools.timeline',
        'disabled-by-default-devtools.timeline',
        'toplevel',
        'blink',
        'gpu',
        'cc',
        'viz',
      ],
    });
  await page.goto(peerUrl(server, arg('peer', 'deep') as Peer), { waitUntil: 'commit' });
  await page.waitForTimeout(Number(arg('wait', '5000')));
  if (process.argv.includes('--trace')) await browser.stopTracing();
  const { profile } = (await cdp.send('Profiler.stop')) as { profile: unknown };
  (await import('node:fs')).writeFileSync('/tmp/page.cpuprofile', JSON.stringify(profile));
  const marks = await page.evaluate(() =>
    performance
      .getEntries()
      .filter(
        (e) =>
          e.entryType === 'mark' ||
          e.entryType === 'navigation' ||
          e.entryType === 'paint' ||
          e.entryType === 'longtask' ||
          e.entryType === 'resource',
      )
      .map(
        (e) =>
          `${e.startTime.toFixed(0).padStart(6)} +${e.duration.toFixed(0).padStart(5)} ${e.entryType} ${e.name.replace(location.origin, '')}`,
      ),
  );
  const lt = await page.evaluate(() => (window as unknown as { __lt: string[] }).__lt);
  console.log([...marks, ...lt].sort().join('\n'));
} finally {
  await browser.close();
  await server.close();
}
