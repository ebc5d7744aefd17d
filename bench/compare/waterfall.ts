// A compare deep link's requests at 10 Mbps / 40 ms, as a text waterfall: which side each tile and preview is for,
// when it was sent and when its last byte came (ms from navigation), and when each side reported itself complete.
// It shows whether the two sides' requests interleave. Not part of the bench's figures:
//   node --import tsx bench/compare/waterfall.ts [--fov=1.57] [--no-cnode] [--port=8437]
import { launchBenchBrowser } from '../browser';
import { startBenchServer } from '../throttled/appServer';
import { cdpConditions, DESKTOP, FAST } from '../throttled/profiles';
import { completeAt } from './probes';
import { COMPARE_VIEWS, compareLinkOf, sidesOf } from './sites';

const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const view = { ...COMPARE_VIEWS[0]!.view, ...(arg('fov') ? { fov: Number(arg('fov')) } : {}) };
const server = await startBenchServer({ port: Number(arg('port') ?? 8437), rebuild: false, fillers: 40, real: false });
const browser = await launchBenchBrowser();
try {
  const site = sidesOf(server);
  const context = await browser.newContext({ viewport: { width: DESKTOP.width, height: DESKTOP.height } });
  await context.addInitScript('window.__name = (f) => f');
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', cdpConditions(FAST));
  const side = (url: string) => (url.includes(site.a.tilesId) ? 'A' : url.includes(site.b.tilesId) ? 'B' : '?');
  const rows: Array<{ side: string; path: string; start: number; end: number; kb: number }> = [];
  page.on('requestfinished', (r) => {
    const url = new URL(r.url());
    if (!url.pathname.startsWith('/media/tiles/')) return;
    const t = r.timing();
    void r.sizes().then((s) =>
      rows.push({
        side: side(url.pathname),
        path: url.pathname.split('/').slice(-4).join('/'),
        start: t.startTime,
        end: t.startTime + t.responseEnd,
        kb: s.responseBodySize / 1024,
      }),
    );
  });
  await page.goto(compareLinkOf(server, view, !process.argv.includes('--no-cnode')));
  const origin = await page.evaluate(() => performance.timeOrigin);
  const [aVc, bVc] = await Promise.all([completeAt(page, '__panorama'), completeAt(page, '__panoramaB')]);
  await page.waitForTimeout(300);
  rows.sort((x, y) => x.start - y.start);
  for (const r of rows)
    console.log(
      `${r.side} ${String(Math.round(r.start - origin)).padStart(6)} → ${String(Math.round(r.end - origin)).padStart(6)} ms ${r.kb.toFixed(0).padStart(4)} KB ${r.path}`,
    );
  console.log(`complete: A ${aVc.toFixed(0)} ms, B ${bVc.toFixed(0)} ms (B/A ${(bVc / aVc).toFixed(2)})`);
  await context.close();
} finally {
  await browser.close();
  await server.close();
}
