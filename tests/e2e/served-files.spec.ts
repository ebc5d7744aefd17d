// Nothing we serve runs on our origin, proved in Chromium. Every hostile file of the corpus (tests/api/helpers/
// servedFileCorpus.ts) is uploaded in a documentation ZIP and opened top-level from an app page (window.open, so
// it would have an opener). Had any of them run, it would leave traces on our origin: a message on a
// BroadcastChannel the app page listens to, a postMessage to the opener, a key in localStorage, a cookie, a request
// to /beacon/. A control page with the same payload, served as plain HTML on our origin, shows these traces are
// seen. Pictures, PDF and text still show inline (in a sandbox: no access to our cookies or storage). An info panel
// with a hostile description shows its words, but nothing runs and nothing covers the page.
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { HOSTILE_FILES, passiveFiles, ranScript } from '../api/helpers/servedFileCorpus';
import { writeZip } from '../api/helpers/zipWriter';
import { appData, dataJsText, defaultScenes, exportZip, positionsCsv } from '../api/helpers/exportBuilder';
import { api } from './app-helpers';

/** Chromium's PDF viewer (its frame appears in the page when a PDF is shown). */
const PDF_VIEWER = 'chrome-extension://mhjfbmdgcfjbbpaeojofohoefgiehjai/';

interface Traces {
  channel: string[];
  opener: string[];
  beacons: string[];
  storage: string | null;
  cookie: string;
}

/** An app page of our origin that records every trace a payload could leave. */
async function watcher(
  context: BrowserContext,
  beacons: string[],
): Promise<{ page: Page; traces(): Promise<Traces>; reset(): Promise<void> }> {
  await context.route('**/beacon/**', (route) => {
    beacons.push(new URL(route.request().url()).pathname);
    return route.fulfill({ status: 204 });
  });
  const page = await context.newPage();
  await page.goto('/');
  await page.evaluate(() => {
    const w = window as unknown as { __channel: string[]; __opener: string[] };
    w.__channel = [];
    w.__opener = [];
    new BroadcastChannel('served-files').onmessage = (e) => w.__channel.push(String(e.data));
    window.addEventListener('message', (e) => w.__opener.push(String(e.data)));
  });
  return {
    page,
    traces: async () => ({
      ...(await page.evaluate(() => {
        const w = window as unknown as { __channel: string[]; __opener: string[] };
        return {
          channel: [...w.__channel],
          opener: [...w.__opener],
          storage: localStorage.getItem('pwned'),
          cookie: document.cookie,
        };
      })),
      beacons: [...beacons],
    }),
    reset: async () => {
      beacons.length = 0;
      await page.evaluate(() => {
        const w = window as unknown as { __channel: string[]; __opener: string[] };
        w.__channel.length = 0;
        w.__opener.length = 0;
        localStorage.removeItem('pwned');
        document.cookie = 'pwned=; path=/; max-age=0';
      });
    },
  };
}

/**
 * Downloads of every window of the context, by suggested name. A new window that only downloads closes at once,
 * and Chromium reports its download on the window that opened it.
 */
const downloadsOf = new WeakMap<BrowserContext, string[]>();
function downloads(context: BrowserContext): string[] {
  let list = downloadsOf.get(context);
  if (!list) {
    const names: string[] = [];
    list = names;
    downloadsOf.set(context, names);
    const listen = (p: Page) => p.on('download', (d) => names.push(d.suggestedFilename()));
    context.pages().forEach(listen);
    context.on('page', listen);
  }
  return list;
}

/**
 * Opens `url` from the app page as a new window, waiting for what is expected of it (a download, or a page shown);
 * answers the name of any download, and the window (a download may close it).
 */
async function openFromApp(
  app: Page,
  url: string,
  expected: 'download' | 'shown',
): Promise<{ download: string | null; shown: Page }> {
  const seen = downloads(app.context());
  const before = seen.length;
  const popup = app.context().waitForEvent('page');
  await app.evaluate((u) => {
    window.open(u, '_blank');
  }, url);
  const shown = await popup;
  if (expected === 'download')
    await expect
      .poll(() => seen.length, { timeout: 10_000 })
      .toBeGreaterThan(before)
      .catch(() => undefined);
  else await shown.waitForLoadState('load').catch(() => undefined);
  // Time for a script, had one been allowed, to leave its traces (and for a download to have started).
  await app.waitForTimeout(300);
  return { download: seen.length > before ? seen[seen.length - 1] : null, shown };
}

async function newSite(request: Page['request'], id: string, dataJs?: string): Promise<string> {
  const res = await request.post(`/api/site/${id}/0/addScenes?mode=addNewSite&siteName=${encodeURIComponent(id)}`, {
    multipart: {
      zipFile: { name: 'tour.zip', mimeType: 'application/zip', buffer: await exportZip(dataJs ? { dataJs } : {}) },
      properties: { name: 'positions.csv', mimeType: 'text/csv', buffer: Buffer.from(positionsCsv()) },
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { payload: { site: string } }).payload.site;
}

async function uploadDocuments(
  request: Page['request'],
  site: string,
  entries: { name: string; data: Buffer | string }[],
): Promise<Map<string, string>> {
  const res = await request.post(`/api/documentation/${site}`, {
    multipart: { zipFile: { name: 'docs.zip', mimeType: 'application/zip', buffer: writeZip(entries) } },
  });
  expect(res.status(), await res.text()).toBe(200);
  const files = await api<{ name: string; url: string }[]>(request, `/api/site/${site}/files`);
  return new Map(files.map((f) => [f.name, f.url]));
}

test('no user file runs script on our origin when opened in Chromium', async ({ page, context }) => {
  const site = await newSite(page.request, 'e2e-served-files');
  const urls = await uploadDocuments(
    page.request,
    site,
    Object.entries(HOSTILE_FILES).map(([name, data]) => ({ name: `evil/${name}`, data })),
  );
  const beacons: string[] = [];
  const w = await watcher(context, beacons);

  // The control: the same kind of payload, as a plain HTML page of our origin, leaves every trace.
  await context.route('**/served-files-control.html', (route) =>
    route.fulfill({ contentType: 'text/html', body: `<script>${ranScript('control')}</script>` }),
  );
  const control = await openFromApp(w.page, '/served-files-control.html', 'shown');
  expect(control.download).toBeNull();
  await expect.poll(async () => (await w.traces()).channel).toEqual(['control']);
  const seen = await w.traces();
  expect(seen.opener).toEqual(['ran:control']);
  expect(seen.storage).toBe('control');
  expect(seen.cookie).toContain('pwned=control');
  await expect.poll(() => beacons).toContain('/beacon/control');
  await control.shown.close();
  await w.reset();

  const downloads: string[] = [];
  for (const name of Object.keys(HOSTILE_FILES)) {
    const url = urls.get(name);
    expect(url, name).toBeTruthy();
    const { download, shown } = await openFromApp(w.page, url!, 'download');
    // Downloaded, never shown: the window did not become a document of the file.
    expect(download, `${name} is downloaded`).not.toBeNull();
    downloads.push(download!);
    expect(await shown.evaluate(() => document.title).catch(() => ''), name).not.toMatch(/^ran:/);
    await shown.close().catch(() => undefined);
  }
  expect(downloads).toHaveLength(Object.keys(HOSTILE_FILES).length);
  const after = await w.traces();
  expect(after).toEqual({
    channel: [],
    opener: [],
    beacons: [],
    storage: null,
    cookie: expect.not.stringContaining('pwned'),
  });
});

test('pictures, PDF and plain text still show inline, sandboxed away from our cookies and storage', async ({
  page,
  context,
}) => {
  const site = await newSite(page.request, 'e2e-served-passive');
  const passive = await passiveFiles();
  const urls = await uploadDocuments(
    page.request,
    site,
    Object.entries(passive).map(([name, f]) => ({ name, data: f.data })),
  );
  const beacons: string[] = [];
  const w = await watcher(context, beacons);
  await w.page.evaluate(() => {
    document.cookie = 'probe=ours; path=/';
    localStorage.setItem('probe', 'ours');
  });

  /** What a shown document may reach of our origin: nothing (opaque origin). */
  const reach = (p: Page) =>
    p.evaluate(() => {
      const tryRead = (f: () => unknown) => {
        try {
          return String(f());
        } catch {
          return 'blocked';
        }
      };
      return {
        origin: self.origin,
        cookie: tryRead(() => document.cookie),
        storage: tryRead(() => localStorage.getItem('probe')),
        type: document.contentType,
      };
    });

  for (const name of ['plan.png', 'photo.jpg', 'anim.gif', 'pic.webp', 'really-a-png.jpg']) {
    const { download, shown } = await openFromApp(w.page, urls.get(name)!, 'shown');
    expect(download, name).toBeNull();
    expect(await reach(shown), name).toEqual({
      origin: 'null',
      cookie: 'blocked',
      storage: 'blocked',
      type: passive[name].type,
    });
    await expect.poll(() => shown.evaluate(() => document.images[0]?.naturalWidth ?? 0), name).toBe(40);
    await shown.close();
  }

  const text = await openFromApp(w.page, urls.get('readme.txt')!, 'shown');
  expect(text.download).toBeNull();
  expect(await reach(text.shown)).toEqual({
    origin: 'null',
    cookie: 'blocked',
    storage: 'blocked',
    type: 'text/plain',
  });
  expect(await text.shown.evaluate(() => document.body.innerText)).toBe(passive['readme.txt'].data.toString());
  await text.shown.close();

  // A file stored under the old rule (an HTML page renamed .txt) is shown as its text, and runs nothing.
  const old = await openFromApp(w.page, urls.get('page.html.txt')!, 'shown');
  expect(await old.shown.evaluate(() => document.body.innerText)).toContain('<script>');
  await old.shown.close();

  const pdf = await openFromApp(w.page, urls.get('manual.pdf')!, 'shown');
  expect(pdf.download).toBeNull();
  await expect
    .poll(() => pdf.shown.frames().some((f) => f.url().startsWith(PDF_VIEWER)), { timeout: 15_000 })
    .toBe(true);
  await pdf.shown.close();

  // In our pages, the same pictures load as <img> under their sandbox CSP.
  const widths = await w.page.evaluate(
    async (srcs) =>
      Promise.all(
        srcs.map(
          (src) =>
            new Promise<number>((resolve) => {
              const img = new Image();
              img.onload = () => resolve(img.naturalWidth);
              img.onerror = () => resolve(-1);
              img.src = src;
            }),
        ),
      ),
    ['plan.png', 'pic.avif', 'pic.bmp'].map((n) => urls.get(n)!),
  );
  expect(widths).toEqual([40, 40, 1]);
  expect(await w.traces()).toEqual({
    channel: [],
    opener: [],
    beacons: [],
    storage: null,
    cookie: expect.not.stringContaining('pwned'),
  });
});

/** A description that tries to run script, cover the page, and load a tracker. */
const HOSTILE_INFO =
  '<p>Visible words about the pump</p>' +
  '<img src="/nothing" onerror="window.__pwned=1">' +
  '<div style="position:fixed;inset:0;z-index:99999;background:#c00" class="modal-backdrop" id="root">OVERLAY TEXT</div>' +
  '<script>window.__pwned=2</script><a href="javascript:window.__pwned=3">click me</a>' +
  '<svg onload="window.__pwned=4"></svg><iframe srcdoc="<script>parent.__pwned=5</script>"></iframe>' +
  '<form action="/beacon/form"><input name="password" placeholder="Password"><button>Sign in</button></form>' +
  '<img src="https://tracker.example/p.gif" alt="tracker">';

async function checkHostilePanel(page: Page, infoTitle: string) {
  await page.getByRole('button', { name: 'Hotspots' }).click();
  await page.getByRole('region', { name: 'Hotspots' }).getByRole('button', { name: infoTitle }).click();
  const panel = page.getByRole('complementary', { name: /^Information:/ });
  await expect(panel.getByText('Visible words about the pump')).toBeVisible();
  await expect(panel.getByText('OVERLAY TEXT')).toBeVisible();
  await panel.getByText('click me').click({ timeout: 10_000 });
  await page.waitForTimeout(300);
  const state = await page.evaluate(() => {
    const rich = [...document.querySelectorAll('.info-panel .rich-text')];
    const inside = rich.flatMap((r) => [...r.querySelectorAll('*')]);
    const overlay = inside.find((e) => e.textContent === 'OVERLAY TEXT');
    const panelBox = document.querySelector('.info-panel')!.getBoundingClientRect();
    const box = overlay?.getBoundingClientRect();
    return {
      pwned: (window as unknown as { __pwned?: number }).__pwned ?? null,
      tags: [...new Set(inside.map((e) => e.tagName.toLowerCase()))].sort(),
      attributes: [...new Set(inside.flatMap((e) => [...e.attributes].map((a) => a.name)))].sort(),
      overlayPosition: overlay ? getComputedStyle(overlay).position : 'missing',
      // The would-be overlay stays inside the panel, which leaves most of the page free.
      overlayInPanel:
        !!box && box.left >= panelBox.left - 1 && box.right <= panelBox.right + 1 && box.top >= panelBox.top - 1,
      panelShare: (panelBox.width * panelBox.height) / (innerWidth * innerHeight),
      trackerRequested: performance.getEntriesByType('resource').some((e) => e.name.includes('tracker.example')),
    };
  });
  expect(state.pwned).toBeNull();
  expect(state.tags.filter((t) => ['script', 'svg', 'iframe', 'form', 'input', 'button', 'style'].includes(t))).toEqual(
    [],
  );
  expect(
    state.attributes.filter((a) => a.startsWith('on') || ['style', 'class', 'id', 'srcdoc', 'action'].includes(a)),
  ).toEqual([]);
  expect(state.overlayPosition).toBe('static');
  expect(state.overlayInPanel).toBe(true);
  expect(state.panelShare).toBeLessThan(0.6);
  expect(state.trackerRequested).toBe(false);
  // The panel still closes: nothing covers its button.
  await panel.getByRole('button', { name: 'Close information' }).click({ timeout: 10_000 });
  await expect(panel).toHaveCount(0);
}

test('an info panel with a hostile description shows its words, runs nothing and covers nothing', async ({ page }) => {
  const data = appData(defaultScenes);
  for (const scene of data.scenes) scene.infoHotspots[0].text = HOSTILE_INFO;
  const site = await newSite(page.request, 'e2e-hostile-info', dataJsText(data));
  const dates = await api<{ date: string }[]>(page.request, `/api/site/${site}/survey/details/compact?floor=0`);
  const scenes = await api<{ survey_node: { tiles_id: string; info_hotspots: { title: string }[] } }[]>(
    page.request,
    `/api/site/${site}/survey/details?floor=0&date=${dates[0].date}`,
  );
  const node = scenes[0].survey_node;
  const open = `/site?site=${site}&date=${dates[0].date}&node=${node.tiles_id}`;

  // As the server hands it out (stored and served through the policy).
  await page.goto(open);
  await checkHostilePanel(page, node.info_hotspots[0].title);

  // As if the server had handed it out raw: the client's own sanitising holds on its own.
  await page.route('**/hotspot/details?*', async (route) => {
    const res = await route.fetch();
    const body = (await res.json()) as { payload: { contents: { content: string }[] }[] };
    for (const d of body.payload) for (const c of d.contents) c.content = HOSTILE_INFO;
    await route.fulfill({ response: res, json: body });
  });
  await page.goto(open);
  await checkHostilePanel(page, node.info_hotspots[0].title);
});
