// Drives a kiosk page through a soak: moves it along the plan by the browser's own history (as back and forward
// do), waits for each scene to be drawn, cuts the network now and then, samples memory (CDP) and GPU textures
// (WebGL's createTexture/deleteTexture, counted by a script in the page), and keeps what failed: console errors,
// requests that failed while online, scenes that did not come back.
import type { APIRequestContext, BrowserContext, CDPSession, Page } from '@playwright/test';
import { stepUrl, type Place, type Step } from './plan';
import type { Sample } from './verdict';

/** Counts the WebGL textures alive in every page of the context (window.__gpuTextures). */
export async function countGpuTextures(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const w = window as unknown as { __gpuTextures: number };
    w.__gpuTextures = 0;
    const live = new WeakSet<WebGLTexture>();
    for (const C of [WebGLRenderingContext, WebGL2RenderingContext]) {
      const create = C.prototype.createTexture;
      const remove = C.prototype.deleteTexture;
      C.prototype.createTexture = function (this: WebGLRenderingContext) {
        const t = create.call(this);
        if (t) {
          live.add(t);
          w.__gpuTextures++;
        }
        return t;
      };
      C.prototype.deleteTexture = function (this: WebGLRenderingContext, t: WebGLTexture | null) {
        if (t && live.has(t)) {
          live.delete(t);
          w.__gpuTextures--;
        }
        return remove.call(this, t);
      };
    }
  });
}

const payload = async <T>(request: APIRequestContext, path: string): Promise<T> =>
  ((await (await request.get(path)).json()) as { payload: T }).payload;

/** Every floor and date of the site with its scenes. */
export async function sitePlaces(request: APIRequestContext, site: string): Promise<Place[]> {
  const places: Place[] = [];
  for (const floor of await payload<number[]>(request, `/api/site/${site}/survey/floors`)) {
    const dates = await payload<{ date: string }[]>(request, `/api/site/${site}/survey/details/compact?floor=${floor}`);
    for (const { date } of dates) {
      const scenes = await payload<{ survey_node: { tiles_id: string; title: string } }[]>(
        request,
        `/api/site/${site}/survey/details?floor=${floor}&date=${date}`,
      );
      places.push({
        floor,
        date,
        scenes: scenes.map((s) => ({ id: s.survey_node.tiles_id, title: s.survey_node.title })),
      });
    }
  }
  return places;
}

/** Moves the open app to `url` through its history, as a back or forward would. */
async function moveTo(page: Page, url: string): Promise<void> {
  await page.evaluate((u) => {
    history.pushState(null, '', u);
    dispatchEvent(new PopStateEvent('popstate'));
  }, url);
}

/** Waits until the step's scene is the one shown and every visible tile of it is drawn (at some detail: the next
 *  step may leave before the finest detail comes, as a visitor moving on does). */
async function shown(page: Page, step: Pick<Step, 'title'>, timeout: number): Promise<void> {
  await page.locator('.title-card h1', { hasText: step.title }).waitFor({ timeout });
  // No frame count here: a scene already drawn draws no new frame (the same scene asked again).
  await page.waitForFunction(() => window.__panorama?.counters.complete === true, undefined, { timeout });
}

/** What the page shows, for a step that did not come. */
const state = (page: Page) =>
  page
    .evaluate(() => ({
      title: document.querySelector('.title-card h1')?.textContent,
      url: location.pathname + location.search,
      counters: window.__panorama?.counters,
    }))
    .then((s) => JSON.stringify(s))
    .catch((e: Error) => e.message);

export interface SoakLog {
  consoleErrors: string[];
  /** Requests that failed while the network was up (not cancelled by the app). */
  failedOnline: string[];
  /** Requests that failed while it was cut (expected; the scene asked must come back). */
  failedOffline: number;
  /** Steps whose scene was not shown in time. */
  notShown: string[];
}

export class KioskSoak {
  private offline = false;
  readonly log: SoakLog = { consoleErrors: [], failedOnline: [], failedOffline: 0, notShown: [] };
  private moves = 0;
  private constructor(
    readonly page: Page,
    private readonly cdp: CDPSession,
  ) {
    page.on('console', (m) => {
      if (m.type() !== 'error') return;
      // A resource the cut network could not load: counted as a failed request below, not as a fault.
      if (this.offline && /ERR_INTERNET_DISCONNECTED|Failed to load resource/.test(m.text())) return;
      this.log.consoleErrors.push(m.text());
    });
    page.on('pageerror', (e) => this.log.consoleErrors.push(`uncaught: ${e.message}`));
    page.on('requestfailed', (r) => {
      const why = r.failure()?.errorText ?? '';
      if (this.offline || /ERR_INTERNET_DISCONNECTED/.test(why)) this.log.failedOffline++;
      // The app cancels what it no longer wants (tiles of a scene left, a stream it closes).
      else if (!/ERR_ABORTED/.test(why)) this.log.failedOnline.push(`${why} ${r.url()}`);
    });
    page.on('response', (r) => {
      if (r.status() >= 400 && !this.offline) this.log.failedOnline.push(`${r.status()} ${r.url()}`);
    });
  }

  /** A kiosk page of the context at `start`, shown. */
  static async open(context: BrowserContext, start: Step): Promise<KioskSoak> {
    const page = await context.newPage();
    const soak = new KioskSoak(page, await context.newCDPSession(page));
    await page.goto(stepUrl(start));
    await shown(page, start, 60_000);
    return soak;
  }

  /** Goes to a step and waits for it; a scene not shown in time is logged, not thrown. */
  async go(step: Step, timeout = 20_000): Promise<void> {
    // A visitor's hand on the screen: without input the kiosk's idle action (turning, then back to its start)
    // fires between steps of a long run and takes the page away from the step asked.
    await this.page.mouse.move(4 + (this.moves++ % 2) * 4, 4);
    await moveTo(this.page, stepUrl(step));
    if (this.offline) return;
    await shown(this.page, step, timeout).catch(async () =>
      this.log.notShown.push(`${step.kind} ${stepUrl(step)}: ${await state(this.page)}`),
    );
  }

  /** Cuts the network, asks for `asked` while cut, restores it and waits for the last of them to come. */
  async cut(context: BrowserContext, asked: Step[], offlineMs: number): Promise<void> {
    this.offline = true;
    await context.setOffline(true);
    for (const s of asked) await this.go(s);
    await this.page.waitForTimeout(offlineMs);
    await context.setOffline(false);
    this.offline = false;
    const last = asked[asked.length - 1];
    // The tile loader tries a failed tile again after its retry delay (10 s), the reads when back online.
    if (last)
      await shown(this.page, last, 45_000).catch(async () =>
        this.log.notShown.push(`after cut ${stepUrl(last)}: ${await state(this.page)}`),
      );
  }

  async sample(label: string): Promise<Sample> {
    await this.cdp.send('HeapProfiler.collectGarbage');
    const heap = await this.cdp.send('Runtime.getHeapUsage');
    const dom = await this.cdp.send('Memory.getDOMCounters');
    const textures = await this.page.evaluate(
      () => (window as unknown as { __gpuTextures?: number }).__gpuTextures ?? 0,
    );
    return { label, heap: heap.usedSize, textures, domNodes: dom.nodes, listeners: dom.jsEventListeners };
  }
}
