// The viewer's shell drawn by the server (server/bootstrap/shellRenderer.ts): a viewer page carries the app's own
// render of the page in #root, with every name a site gives escaped by React's renderer, and leaves its app script
// to the page's first script; pages the server cannot draw as the browser will (a kiosk, a comparison, a guided
// tour's link) and pages without a first view start as before. The renderer is the real one (src/ssr/renderShell.tsx,
// which the build puts in dist/.ssr/), loaded from source here.
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'parse5';
import { startServer, type TestServer } from './helpers/server.ts';
import { seedSite } from './resources-helpers.ts';
import { attr, elements, fakeClientBuild, setDefaultSite } from './helpers/pageHtml.ts';

const HOSTILE = '</div><script>alert(1)</script><img src=x onerror=alert(2)><!--';
const TEMPLATE =
  '<!doctype html><html><head><meta charset="UTF-8"><title>t</title><script type="module" crossorigin src="/assets/main.js"></script><link rel="modulepreload" crossorigin href="/assets/react.js"><link rel="stylesheet" crossorigin href="/assets/main.css"></head><body><div id="root"></div></body></html>';

const builtClient = () => fakeClientBuild(TEMPLATE, undefined, { shell: true });

const text = (el: any): string =>
  (el.childNodes ?? []).map((c: any) => (c.nodeName === '#text' ? c.value : text(c))).join('');

async function page(base: string, url: string, headers: Record<string, string> = {}) {
  const res = await fetch(base + url, { headers });
  const html = await res.text();
  const els = elements(parse(html));
  const root = els.find((e) => attr(e, 'id') === 'root');
  const block = els.find((e) => e.tagName === 'script' && attr(e, 'id') === 'first-view');
  return {
    status: res.status,
    els,
    root,
    inRoot: root ? elements(root) : [],
    first: block ? JSON.parse(text(block)) : null,
    vary: res.headers.get('vary'),
    scripts: els.filter((e) => e.tagName === 'script' && attr(e, 'src')).map((e) => attr(e, 'src')),
    links: els.filter((e) => e.tagName === 'link').map((e) => `${attr(e, 'rel')} ${attr(e, 'href')}`),
  };
}

describe("the viewer's shell drawn by the server", () => {
  let s: TestServer;
  let dist: string;
  beforeAll(async () => {
    dist = builtClient();
    s = await startServer({ DIST_DIR: dist, SHELL_PAGES: 'true' });
    await seedSite(s.ctx, 'farm');
    await s.ctx.db.updateTable('surveys').set({ survey_name: HOSTILE }).where('site', '=', 'farm').execute();
    await setDefaultSite(s.baseUrl, 'farm');
  });
  afterAll(async () => {
    await s?.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('draws the viewer into #root, names escaped, and leaves the app script to the first script', async () => {
    const p = await page(s.baseUrl, '/site');
    expect(p.status).toBe(200);
    expect(attr(p.root, 'data-shell')).toBe('');
    const cls = (c: string) => p.inRoot.filter((e) => (attr(e, 'class') ?? '').split(' ').includes(c));
    for (const part of ['sidebar', 'title-card', 'viewer-tools', 'floor-slider', 'panorama-host'])
      expect(cls(part), part).toHaveLength(1);
    // The survey's hostile name is text in the title card: no element of it, no script, no handler in the shell.
    expect(text(cls('title-meta')[0])).toContain(HOSTILE);
    expect(p.inRoot.filter((e) => ['script', 'img'].includes(e.tagName) && !attr(e, 'class'))).toEqual([]);
    expect(p.inRoot.filter((e) => e.attrs.some((a: any) => a.name.startsWith('on')))).toEqual([]);
    // The first script starts the drawing in the shell and loads the app: the page names neither it nor its preloads.
    expect(p.first.app).toBe('/assets/main.js');
    expect(p.scripts).toEqual(['/assets/firstView-abc.js']);
    expect(p.links.filter((l) => l.startsWith('modulepreload'))).toEqual([]);
    // The administrator's minimap is in the shell, its stylesheet applied from the first paint.
    expect(cls('admin-minimap')).toHaveLength(1);
    expect(p.links).toContain('stylesheet /assets/editor-abc.css');
    expect(attr(cls('panorama-host')[0], 'data-mouse-view-mode')).toBe('drag');
  });

  it('is drawn for an upright phone with the motion button for a phone’s browser, for a desktop otherwise', async () => {
    const PHONE_UA =
      'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
    const motionButtons = (p: Awaited<ReturnType<typeof page>>) =>
      p.inRoot.filter((e) => e.tagName === 'button' && attr(e, 'data-asks-orientation') !== undefined);
    const sidebar = (p: Awaited<ReturnType<typeof page>>) =>
      p.inRoot.find((e) => e.tagName === 'nav' && (attr(e, 'class') ?? '').split(' ').includes('sidebar'));

    const phone = await page(s.baseUrl, '/site', { 'User-Agent': PHONE_UA });
    expect(phone.first.shellScreen).toEqual({ layout: 'phone-upright', motion: true });
    expect(attr(sidebar(phone), 'class')).toBe('sidebar collapsed');
    expect(motionButtons(phone)).toHaveLength(1);
    expect(phone.vary).toMatch(/user-agent/i);

    const desktop = await page(s.baseUrl, '/site', { 'User-Agent': 'Mozilla/5.0 (X11; Linux x86_64)' });
    expect(desktop.first.shellScreen).toEqual({ layout: 'desktop', motion: false });
    expect(attr(sidebar(desktop), 'class')).toBe('sidebar');
    expect(motionButtons(desktop)).toHaveLength(0);
  });

  it('starts as without it where its first render is not the browser’s, or there is no first view', async () => {
    // An unknown scene or date: the app redirects, so the server's render has no panorama box to draw into.
    const redirected = ['/site?node=bogus', '/site?date=2020-01-01'];
    for (const url of ['/site?kiosk=1', '/site?compare=side', '/site?tour=t1', '/site?floor=1', ...redirected]) {
      const p = await page(s.baseUrl, url);
      expect(p.status, url).toBe(200);
      expect(p.root.childNodes, url).toEqual([]);
      expect(attr(p.root, 'data-shell'), url).toBeUndefined();
      expect(p.first?.app, url).toBeUndefined();
      expect(p.scripts, url).toContain('/assets/main.js');
    }
  });

  it('is off with SHELL_PAGES=false: the app draws the page', async () => {
    const off = await startServer({ DIST_DIR: dist, SHELL_PAGES: 'false' });
    try {
      await seedSite(off.ctx, 'farm');
      await setDefaultSite(off.baseUrl, 'farm');
      const p = await page(off.baseUrl, '/site');
      expect(p.status).toBe(200);
      expect(p.root.childNodes).toEqual([]);
      expect(p.first.source).toBeDefined();
      expect(p.first.app).toBeUndefined();
      expect(p.scripts).toContain('/assets/main.js');
    } finally {
      await off.close();
    }
  });
});
