// The page's first-load state (server/bootstrap/): a viewer URL's HTML carries the answers of the API reads the
// client makes on first load, each equal to what the same person's GET of that route gives, under the query key
// the client reads; the data block cannot be broken out of (hostile names); the page is private and revalidated.
import fs from 'node:fs';
import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'parse5';
import { startServer, fetchJson, type TestServer } from './helpers/server.ts';
import { seedSite } from './resources-helpers.ts';
import { attr, elements, fakeClientBuild, setDefaultSite } from './helpers/pageHtml.ts';
import { PAGE_HOTSPOT_TEXT_MAX, pageHotspots, readPageHotspots, sceneHotspots } from '../../contract/sceneHotspots.ts';
import { createSite } from '../../server/services/sites.ts';
import { addUser } from '../../server/services/users.ts';

const HOSTILE = '</script><script>alert(1)</script><!--<script>\u2028&amp;"\'';
const PASSWORD = 'correct horse battery';
const TEMPLATE =
  '<!doctype html><html><head><meta charset="UTF-8"><title>t</title><script type="module" src="/assets/main.js"></script></head><body><div id="root"></div></body></html>';

/** The build's inline starter (src/firstTiles.ts, built beside the manifest). */
const STARTER = 'window.startedTiles=1';

type Key = Array<string | number | null>;
interface Page {
  status: number;
  html: string;
  headers: Headers;
  queries: Array<[Key, unknown]>;
}

async function getPage(base: string, url: string, headers: Record<string, string> = {}): Promise<Page> {
  const res = await fetch(base + url, { headers });
  const html = await res.text();
  const els = elements(parse(html));
  const blocks = els.filter((e) => e.tagName === 'script' && attr(e, 'id') === 'bootstrap');
  const text = blocks.length === 1 ? blocks[0].childNodes.map((c: any) => c.value).join('') : '';
  const state = text ? JSON.parse(text) : { queries: [] };
  return { status: res.status, html, headers: res.headers, queries: state.queries };
}

const builtClient = () => fakeClientBuild(TEMPLATE, STARTER);

/** The links of a page that name the administrator's minimap ahead (and never the page's own entry). */
const adminPartLinks = (html: string) =>
  elements(parse(html))
    .filter((e) => e.tagName === 'link' && /AdminMinimap|useMachine|editor-|main\.js/.test(attr(e, 'href') ?? ''))
    .map((e) => `${attr(e, 'rel')} ${attr(e, 'as') ?? ''} ${attr(e, 'href')}`.replace(/ +/g, ' '));

/** The API read the client makes for a query key, and how it turns the payload into the query's data. */
function readOf(key: Key): { url: string; data: (payload: any) => unknown } {
  const [head, site, kind, a, b] = key;
  const s = `/api/site/${encodeURIComponent(String(site))}`;
  const q = (params: Record<string, unknown>) => {
    const p = new URLSearchParams();
    for (const [k, v] of Object.entries(params)) if (v !== null && v !== undefined) p.set(k, String(v));
    return p.size ? `?${p}` : '';
  };
  const same = (p: unknown) => p;
  if (head === 'appConfig') return { url: '/api/settings', data: same };
  if (head === 'userInfo') return { url: '/api/login/user/info', data: same };
  if (head === 'siteSettings') return { url: `${s}/settings`, data: same };
  switch (kind) {
    case 'exists':
      return { url: `${s}/exists`, data: (p) => p.sitePopulated ?? false };
    case 'floorExists':
      return { url: `${s}/${Math.max(0, Number(a))}/exists`, data: (p) => p.floorPopulated ?? false };
    case 'floorsWithData':
      return { url: `${s}/survey/floors${q({ date: a })}`, data: same };
    case 'minimapFloors':
      return { url: `${s}/minimap/floors`, data: same };
    case 'tours':
      return { url: `${s}/tours`, data: same };
    case 'surveyDates':
      return { url: `${s}/survey/details/compact${q({ floor: a })}`, data: same };
    case 'surveyDetails':
      return { url: `${s}/survey/details${q({ floor: a, date: b })}`, data: same };
    case 'minimap':
      return { url: `${s}/minimap/details${q({ floor: a })}`, data: same };
    case 'minimapNodes':
      return { url: `${s}/${Math.max(0, Number(a))}/survey/minimapSingleSite${q({ date: b })}`, data: same };
  }
  throw new Error(`a query key the client never reads on first load: ${JSON.stringify(key)}`);
}

type Details = Array<{ survey_node: { tiles_id: string; title: string; tile_format?: 'jpg' | 'avif' } }>;
/** The viewer's names and formats of a survey's scenes (ViewerPage). */
const titleOf = (details: Details) => (id: string) =>
  details.find((d) => d.survey_node.tiles_id === id)?.survey_node.title;
const formatOf = (details: Details) => (id: string) =>
  details.find((d) => d.survey_node.tiles_id === id)
    ? (details.find((d) => d.survey_node.tiles_id === id)!.survey_node.tile_format ?? 'jpg')
    : undefined;

/** Each seeded answer is exactly what the same person's GET of the client's route answers. */
async function expectSameAsApi(base: string, page: Page, cookie?: string) {
  for (const [key, data] of page.queries) {
    const read = readOf(key);
    const res = await fetchJson(base + read.url, { headers: cookie ? { cookie } : {} });
    expect(res.status, read.url).toBe(200);
    expect(data, read.url).toEqual(read.data(res.body.payload));
  }
}

const kinds = (p: Page) => p.queries.map(([k]) => (k[0] === 'site' ? k[2] : k[0]));

describe('page state', () => {
  let s: TestServer;
  let dist: string;
  let farm: Awaited<ReturnType<typeof seedSite>>;
  beforeAll(async () => {
    dist = builtClient();
    s = await startServer({ DIST_DIR: dist });
    farm = await seedSite(s.ctx, 'farm');
    await s.ctx.db.updateTable('sites').set({ name: HOSTILE }).where('id', '=', 'farm').execute();
    await setDefaultSite(s.baseUrl, 'farm');
  });
  afterAll(async () => {
    await s?.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('the plain viewer URL carries every first-load answer, equal to the API, and no preload of a preview', async () => {
    const page = await getPage(s.baseUrl, '/site');
    expect(page.status).toBe(200);
    expect(kinds(page)).toEqual([
      'appConfig',
      'siteSettings',
      'userInfo',
      'exists',
      'floorsWithData',
      'minimapFloors',
      // Whether the toolbar holds a place for the guided tour's button.
      'tours',
      'surveyDates',
      'floorsWithData',
      'surveyDetails',
      // The minimap is on screen with the first view: its reads come in the page too.
      'minimap',
      'minimapNodes',
    ]);
    await expectSameAsApi(s.baseUrl, page);
    expect(page.queries.find(([k]) => k[2] === 'minimapNodes')![0]).toEqual([
      'site',
      'farm',
      'minimapNodes',
      0,
      '2024-03-05',
    ]);
    expect((page.queries.find(([k]) => k[2] === 'minimapNodes')![1] as unknown[]).length).toBeGreaterThan(0);
    const details = page.queries.find(([k]) => k[2] === 'surveyDetails')!;
    expect(details[0]).toEqual(['site', 'farm', 'surveyDetails', 0, '2024-03-05']);
    // The opening view's tiles cover the first picture: its preview comes after them, asked for by the page.
    expect(page.html).not.toMatch(/rel="preload"[^>]*as="fetch"|preview\.(jpg|avif)"/);
  });

  it('names the scene and view the viewer opens, in <head> before the first script that reads them', async () => {
    const firstView = (html: string) => {
      const els = elements(parse(html));
      const at = (pred: (e: any) => boolean) => els.findIndex(pred);
      const block = at((e) => e.tagName === 'script' && attr(e, 'id') === 'first-view');
      const script = at((e) => e.tagName === 'script' && attr(e, 'src') === '/assets/firstView-abc.js');
      const main = at((e) => e.tagName === 'script' && attr(e, 'src') === '/assets/main.js');
      if (block < 0) return null;
      // The inline starter right after the block it reads, ahead of every script file.
      expect(attr(els[block + 1], 'src')).toBeUndefined();
      expect(els[block + 1].childNodes.map((c: any) => c.value).join('')).toBe(STARTER);
      expect(block).toBeLessThan(script);
      expect(script).toBeLessThan(main);
      expect(attr(els[script], 'type')).toBe('module');
      expect(els[script].attrs.some((a: any) => a.name === 'async')).toBe(true);
      return JSON.parse(els[block].childNodes.map((c: any) => c.value).join(''));
    };
    const deep = await getPage(s.baseUrl, `/site?site=farm&floor=0&date=2024-03-05&node=${farm.tilesIds[1]}&yaw=1`);
    // The page's policy lets that one inline script run (by its hash), no other.
    const hash = createHash('sha256').update(STARTER).digest('base64');
    expect(deep.headers.get('content-security-policy')).toContain(`script-src 'self' 'sha256-${hash}';`);
    const details = (await fetchJson(`${s.baseUrl}/api/site/farm/survey/details?floor=0&date=2024-03-05`)).body.payload;
    const node = details.find((d: any) => d.survey_node.tiles_id === farm.tilesIds[1]).survey_node;
    expect(firstView(deep.html)).toEqual({
      source: {
        mantaLink: node.manta_link,
        tilesId: farm.tilesIds[1],
        format: node.tile_format,
        levels: node.levels,
        faceSize: node.face_size,
      },
      // The deep link's yaw over the scene's own pitch and fov.
      view: { yaw: 1, pitch: node.initial_parameters.pitch, fov: node.initial_parameters.fov },
      // Its hotspots as the viewer builds them, named after their target scenes.
      hotspots: sceneHotspots(node, titleOf(details), formatOf(details)),
    });
    const plain = firstView((await getPage(s.baseUrl, '/site')).html);
    expect(plain.source.tilesId).toBe(farm.tilesIds[0]);
    expect(plain.view.yaw).toBe(details[0].survey_node.initial_parameters.yaw);
    // A browser that announces AVIF in its page request is told so (its tiles need not wait for the page's probe).
    const avif = await getPage(s.baseUrl, '/site', { accept: 'text/html,image/avif,image/webp,*/*;q=0.8' });
    expect(firstView(avif.html)).toEqual({ ...plain, avif: true });
    expect(plain.avif).toBeUndefined();
    // A page that opens no scene (the home page of a multi-site install, a floor without surveys) has none.
    expect(firstView((await getPage(s.baseUrl, '/site?floor=1')).html)).toBeNull();
  });

  it("carries the first scene's hotspots, bounded, with their target scenes' names escaped", async () => {
    const [from, target] = farm.tilesIds as [string, string];
    const long = `${HOSTILE}${'x'.repeat(2 * PAGE_HOTSPOT_TEXT_MAX)}`;
    const links = [{ yaw: 1, pitch: 0.1, rotation: 0.5, target }];
    const infos = [{ info_id: `i-${HOSTILE}`, title: long, yaw: -1, pitch: 0 }];
    await s.ctx.db
      .updateTable('survey_nodes')
      .set({ link_hotspots: JSON.stringify(links), info_hotspots: JSON.stringify(infos) })
      .where('tiles_id', '=', from)
      .execute();
    await s.ctx.db.updateTable('survey_nodes').set({ title: long }).where('tiles_id', '=', target).execute();
    const { html } = await getPage(s.baseUrl, `/site?site=farm&floor=0&date=2024-03-05&node=${from}`);
    // One data block, written so that nothing in a name can end it.
    const block = /<script type="application\/json" id="first-view">([^<]*)<\/script>/.exec(html)![1]!;
    const hotspots = readPageHotspots(JSON.parse(block).hotspots);
    const details = (await fetchJson(`${s.baseUrl}/api/site/farm/survey/details?floor=0&date=2024-03-05`)).body.payload;
    const node = details.find((d: any) => d.survey_node.tiles_id === from).survey_node;
    expect(hotspots).toEqual(pageHotspots(sceneHotspots(node, titleOf(details), formatOf(details))));
    expect(hotspots).toEqual([
      expect.objectContaining({ kind: 'link', label: long.slice(0, PAGE_HOTSPOT_TEXT_MAX), rotation: 0.5 }),
      expect.objectContaining({ kind: 'info', id: `i-${HOSTILE}`, title: long.slice(0, PAGE_HOTSPOT_TEXT_MAX) }),
    ]);
  });

  it("names the administrator's minimap ahead for an administrator's viewer page, not a visitor's", async () => {
    // Without single sign-on everyone administers: the minimap beside the first view is the editor's. Named after
    // the page's own scripts and stylesheet, which it must not delay, and still in <head>.
    const page = await getPage(s.baseUrl, '/site');
    const els = elements(parse(page.html));
    const at = (pred: (e: any) => boolean) => els.findIndex(pred);
    const part = at((e) => e.tagName === 'link' && /AdminMinimap/.test(attr(e, 'href') ?? ''));
    expect(part).toBeGreaterThan(at((e) => e.tagName === 'script' && attr(e, 'src') === '/assets/main.js'));
    expect(part).toBeLessThan(at((e) => e.tagName === 'body'));
    expect(adminPartLinks(page.html)).toEqual([
      'modulepreload /assets/AdminMinimap-abc.js',
      'modulepreload /assets/useMachine-abc.js',
      'preload style /assets/editor-abc.css',
    ]);
    // In kiosk mode nobody does; a page that opens no scene shows no minimap.
    expect(adminPartLinks((await getPage(s.baseUrl, '/site?kiosk=1')).html)).toEqual([]);
    expect(adminPartLinks((await getPage(s.baseUrl, '/site?floor=1')).html)).toEqual([]);
  });

  it('a deep link resolves its own floor, date and scene', async () => {
    const page = await getPage(s.baseUrl, `/site?site=farm&floor=0&date=2024-03-05&node=${farm.tilesIds[1]}&yaw=1`);
    expect(page.queries.find(([k]) => k[2] === 'surveyDetails')?.[0]).toEqual([
      'site',
      'farm',
      'surveyDetails',
      0,
      '2024-03-05',
    ]);
    await expectSameAsApi(s.baseUrl, page);
  });

  it('a visitor sent to a floor without surveys gets the lowest floor with data, as the client resolves it', async () => {
    await s.ctx.db.updateTable('sites').set({ name: 'Farm' }).where('id', '=', 'farm').execute();
    // Without single sign-on everyone administers (and stays on the floor asked for); in kiosk mode nobody does.
    const admin = await getPage(s.baseUrl, '/site?floor=1');
    expect(admin.queries.find(([k]) => k[2] === 'surveyDates')?.[0]).toEqual(['site', 'farm', 'surveyDates', 1, null]);
    expect(admin.queries.some(([k]) => k[2] === 'surveyDetails')).toBe(false);
    const kiosk = await getPage(s.baseUrl, '/site?floor=1&kiosk=1');
    expect(kiosk.queries.find(([k]) => k[2] === 'surveyDates')?.[0]).toEqual(['site', 'farm', 'surveyDates', 0, null]);
    expect(kiosk.queries.find(([k]) => k[2] === 'surveyDetails')?.[0]).toEqual([
      'site',
      'farm',
      'surveyDetails',
      0,
      '2024-03-05',
    ]);
    await expectSameAsApi(s.baseUrl, kiosk);
    await s.ctx.db.updateTable('sites').set({ name: HOSTILE }).where('id', '=', 'farm').execute();
  });

  it('multi-site pages of a site carry its state (the viewer, and the site index that leads to it)', async () => {
    for (const url of ['/site/farm/site', '/site/farm', `/site/farm/site?node=${farm.tilesIds[1]}`]) {
      const page = await getPage(s.baseUrl, url);
      expect(kinds(page), url).toEqual([
        'appConfig',
        'siteSettings',
        'userInfo',
        'exists',
        'floorExists',
        'floorsWithData',
        'minimapFloors',
        'tours',
        'surveyDates',
        'floorsWithData',
        'surveyDetails',
        'minimap',
        'minimapNodes',
      ]);
      await expectSameAsApi(s.baseUrl, page);
    }
    // Another page of the site: the shell's reads only.
    const about = await getPage(s.baseUrl, '/site/farm/about');
    expect(kinds(about)).toEqual(['appConfig', 'siteSettings', 'userInfo', 'exists', 'floorExists']);
  });

  it("the single-site start page carries the shell's reads; a site that does not exist only the app config", async () => {
    expect(kinds(await getPage(s.baseUrl, '/'))).toEqual(['appConfig', 'siteSettings', 'userInfo', 'exists']);
    const none = await getPage(s.baseUrl, '/site/nowhere/site');
    expect(kinds(none)).toEqual(['appConfig', 'userInfo']);
  });

  it("hostile names stay inside the data block: one block, the page's own elements only, the JSON exact", async () => {
    const hostileId = `x${HOSTILE}`.replace(/[/\u2028]/g, '');
    await createSite(s.ctx.db, hostileId, HOSTILE);
    await s.ctx.db
      .insertInto('surveys')
      .values({ id: randomUUID(), site: 'farm', floor: 0, date: '2024-04-01', survey_name: HOSTILE })
      .execute();
    for (const url of [
      '/site',
      `/site/${encodeURIComponent(hostileId)}/site`,
      `/site?node=${encodeURIComponent(HOSTILE)}&site=farm`,
    ]) {
      const page = await getPage(s.baseUrl, url);
      expect(page.status, url).toBe(200);
      const els = elements(parse(page.html)).map((e) => e.tagName);
      expect(els, url).toEqual(['html', 'head', 'meta', 'title', 'script', 'body', 'div', 'script']);
      const open = '<script type="application/json" id="bootstrap">';
      const block = page.html.slice(page.html.indexOf(open) + open.length);
      expect(block.slice(0, block.indexOf('</script>')), url).not.toMatch(/[<>\u2028]/);
      expect(JSON.stringify(page.queries), url).toContain(JSON.stringify(HOSTILE).slice(1, -1));
      await expectSameAsApi(s.baseUrl, page);
    }
  });

  /** A survey of the farm's ground floor on `date`, with scenes copied from its first scene, each placed on the plan. */
  async function addDate(date: string, scenes: Array<{ tiles: string; x: number; y: number; rotation?: number }>) {
    const survey = randomUUID();
    await s.ctx.db
      .insertInto('surveys')
      .values({ id: survey, site: 'farm', floor: 0, date, survey_name: `Survey ${date}` })
      .execute();
    const row = await s.ctx.db
      .selectFrom('survey_nodes')
      .selectAll()
      .where('tiles_id', '=', farm.tilesIds[0])
      .executeTakeFirstOrThrow();
    for (const [i, sc] of scenes.entries()) {
      const sn = randomUUID();
      await s.ctx.db
        .insertInto('survey_nodes')
        .values({
          ...row,
          id: sn,
          survey_id: survey,
          tiles_id: sc.tiles,
          tiles_name: `scene_${i}`,
          title: `Scene ${i}`,
          tile_bytes: null,
        })
        .execute();
      await s.ctx.db
        .insertInto('minimap_nodes')
        .values({
          id: randomUUID(),
          site: 'farm',
          floor: 0,
          survey_node_id: sn,
          node_number: 9 + i,
          tiles_id: sc.tiles,
          x: sc.x,
          y: sc.y,
          x_scale: 1,
          y_scale: 1,
          rotation: sc.rotation ?? 0,
        })
        .execute();
    }
  }

  const firstView = (html: string) => {
    const open = '<script type="application/json" id="first-view">';
    const at = html.indexOf(open);
    return at < 0 ? null : JSON.parse(html.slice(at + open.length, html.indexOf('</script>', at)));
  };

  it("a compare deep link carries the second date's scenes and plan, and names its scene, turned, as it opens", async () => {
    // A later date on the ground floor: one scene, turned by 0.5 rad on the plan.
    const tiles = `${randomUUID()}-later`;
    await addDate('2025-06-01', [{ tiles, x: 10, y: 20, rotation: 0.5 }]);
    const base = `/site?site=farm&floor=0&date=2024-03-05&node=${farm.tilesIds[0]}&yaw=1&compare=side&cdate=2025-06-01`;
    const page = await getPage(s.baseUrl, `${base}&cnode=${tiles}`);
    const laterKeys = page.queries.filter(([k]) => k[4] === '2025-06-01').map(([k]) => k[2]);
    expect(laterKeys).toEqual(['surveyDetails', 'minimapNodes']);
    await expectSameAsApi(s.baseUrl, page);
    const first = firstView(page.html);
    expect(first.source.tilesId).toBe(farm.tilesIds[0]);
    // The first side's rotation (0) less the second's (0.5): the two look the same way in the world.
    expect(first.compare).toEqual({
      source: { ...first.source, tilesId: tiles },
      view: { ...first.view, yaw: 1 - 0.5 },
    });
    // Without the scene named, or an unknown one: the date's nearest (its only one here), as the viewer resolves it.
    expect(firstView((await getPage(s.baseUrl, base)).html).compare).toEqual(first.compare);
    expect(firstView((await getPage(s.baseUrl, `${base}&cnode=nowhere`)).html).compare).toEqual(first.compare);
    // The same date: no second side.
    const same = await getPage(s.baseUrl, `${base.replace('2025-06-01', '2024-03-05')}&cnode=${tiles}`);
    expect(same.queries.filter(([k]) => k[2] === 'surveyDetails')).toHaveLength(1);
    expect(firstView(same.html).compare).toBeUndefined();
  });

  it("a compare link without its scene names the second date's scene nearest the first side's on the plan", async () => {
    // Two scenes on a later date, each a step from one of the first date's two scenes, and listed in the opposite
    // order: the one named must follow the first side's place, not the list.
    const placed = await s.ctx.db
      .selectFrom('minimap_nodes')
      .select(['tiles_id', 'x', 'y'])
      .where('tiles_id', 'in', farm.tilesIds.slice(0, 2))
      .execute();
    const at = (id: string) => placed.find((n) => n.tiles_id === id)!;
    const [a0, a1] = [at(farm.tilesIds[0]), at(farm.tilesIds[1])];
    expect(Math.hypot(a0.x - a1.x, a0.y - a1.y)).toBeGreaterThan(1);
    const [near1, near0] = [`${randomUUID()}-b1`, `${randomUUID()}-b0`];
    await addDate('2025-08-01', [
      { tiles: near1, x: a1.x + 0.2, y: a1.y, rotation: 0.25 },
      { tiles: near0, x: a0.x, y: a0.y + 0.2 },
    ]);
    const link = (node: string) =>
      `/site?site=farm&floor=0&date=2024-03-05&node=${node}&yaw=1&compare=side&cdate=2025-08-01`;
    const from0 = firstView((await getPage(s.baseUrl, link(farm.tilesIds[0]))).html);
    expect(from0.compare.source.tilesId).toBe(near0);
    const from1 = firstView((await getPage(s.baseUrl, link(farm.tilesIds[1]))).html);
    expect(from1.compare.source.tilesId).toBe(near1);
    // Turned by the rule a named scene is: the first side's rotation less the second's.
    const a1Rotation = (
      await s.ctx.db
        .selectFrom('minimap_nodes')
        .select('rotation')
        .where('tiles_id', '=', farm.tilesIds[1])
        .executeTakeFirstOrThrow()
    ).rotation;
    expect(from1.compare.view.yaw).toBeCloseTo(from1.view.yaw + a1Rotation - 0.25, 9);
    // And the page is the one a link naming that scene gets.
    const named = firstView((await getPage(s.baseUrl, `${link(farm.tilesIds[1])}&cnode=${near1}`)).html);
    expect(named.compare).toEqual(from1.compare);
  });

  it('the page is private, revalidated with its ETag, and compressed', async () => {
    const page = await getPage(s.baseUrl, '/site', { 'accept-encoding': 'br' });
    expect(page.headers.get('cache-control')).toBe('private, no-cache');
    expect(page.headers.get('content-encoding')).toBe('br');
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    const etag = page.headers.get('etag')!;
    expect(etag).toMatch(/^W\/".+"$/);
    const again = await fetch(`${s.baseUrl}/site`, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    // Changed data, a changed page.
    await s.ctx.db.updateTable('sites').set({ name: 'Renamed' }).where('id', '=', 'farm').execute();
    expect((await fetch(`${s.baseUrl}/site`, { headers: { 'if-none-match': etag } })).status).toBe(200);
  });
});

describe('page state with single sign-on', () => {
  let s: TestServer;
  let dist: string;
  beforeAll(async () => {
    dist = builtClient();
    s = await startServer({ DIST_DIR: dist, USE_SSO: 'true' });
    await seedSite(s.ctx, 'farm');
    await addUser(s.ctx.db, 'alice', PASSWORD, ['superAdmin']);
  });
  afterAll(async () => {
    await s?.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it("holds what each person's own GETs give them: a visitor's answers, a signed-in admin's user info", async () => {
    const visitor = await getPage(s.baseUrl, '/site/farm/site');
    await expectSameAsApi(s.baseUrl, visitor);
    expect(visitor.queries.find(([k]) => k[0] === 'userInfo')?.[1]).toMatchObject({ username: null, isAdmin: false });

    const login = await fetch(`${s.baseUrl}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'alice', password: PASSWORD }),
    });
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0];
    const admin = await getPage(s.baseUrl, '/site/farm/site', { cookie });
    await expectSameAsApi(s.baseUrl, admin, cookie);
    expect(admin.queries.find(([k]) => k[0] === 'userInfo')?.[1]).toMatchObject({ username: 'alice', isAdmin: true });
    expect(admin.headers.get('cache-control')).toBe('private, no-cache');
    expect(admin.headers.get('etag')).not.toBe(visitor.headers.get('etag'));
    // Only the administrator's page names the editor's minimap ahead.
    expect(adminPartLinks(visitor.html)).toEqual([]);
    expect(adminPartLinks(admin.html)).toHaveLength(3);
  });
});
