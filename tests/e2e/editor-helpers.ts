// Helpers of the editor end-to-end tests: API reads, toasts, file drops, touch drags and where things are
// drawn on the Konva canvases (from the accessible lists the editor renders beside them).
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import { expectConsoleErrors } from './helpers/cleanConsole';

export async function api<T>(request: APIRequestContext, path: string): Promise<T> {
  const res = await request.get(path);
  const body = (await res.json()) as { success: boolean; payload: T; message?: string };
  if (!body.success) throw new Error(`${path}: ${body.message}`);
  return body.payload;
}

export async function apiSend<T>(
  request: APIRequestContext,
  method: 'PATCH' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  data?: unknown,
): Promise<T> {
  const res = await request.fetch(path, { method, data });
  const body = (await res.json()) as { success: boolean; payload: T; message?: string };
  if (!body.success) throw new Error(`${method} ${path}: ${body.message}`);
  return body.payload;
}

/** Sets a node's place or rotation whatever its scene's revision now (test set-up and clean-up, not an editor). */
export async function setNode(
  request: APIRequestContext,
  kind: 'coords' | 'rotation',
  id: string,
  values: { x: number; y: number } | { rotation: number },
): Promise<void> {
  const path = `/api/node/${kind}/${id}`;
  let res = await request.fetch(path, { method: 'PATCH', data: { ...values, revision: 0 } });
  // Another revision: the refusal names the current one.
  if (res.status() === 409) {
    const { current } = (await res.json()) as { current: { revision: number } };
    res = await request.fetch(path, { method: 'PATCH', data: { ...values, revision: current.revision } });
  }
  if (!res.ok()) throw new Error(`PATCH ${path}: ${res.status()} ${await res.text()}`);
}

const TOASTS_BINDING = '__toastShown';
const watchedToasts = new WeakMap<Page, string[]>();

/** Records the text of every toast the page shows (src/ui/notices), in order, also those already gone. Native
 *  dialogs fail the test by themselves (helpers/cleanConsole). */
export async function collectToasts(page: Page): Promise<string[]> {
  const known = watchedToasts.get(page);
  if (known) return known;
  const messages: string[] = [];
  watchedToasts.set(page, messages);
  await page.exposeBinding(TOASTS_BINDING, (_source, text: string) => void messages.push(text));
  const watch = (binding: string) => {
    const w = window as unknown as Record<string, unknown>;
    if (w.__toastsWatched) return;
    w.__toastsWatched = true;
    const report = (el: Element) =>
      void (w[binding] as (t: string) => Promise<void>)(el.querySelector('.toast-message')?.textContent ?? '');
    new MutationObserver((changes) => {
      for (const c of changes)
        for (const n of c.addedNodes)
          if (n instanceof Element)
            [...(n.matches('.toast') ? [n] : []), ...n.querySelectorAll('.toast')].forEach(report);
    }).observe(document, { childList: true, subtree: true });
  };
  await page.addInitScript(watch, TOASTS_BINDING);
  await page.evaluate(watch, TOASTS_BINDING);
  return messages;
}

/** The page's toast region, and its error toasts (role alert). */
export const toastRegion = (page: Page): Locator => page.getByRole('region', { name: 'Notifications' });
export const errorToast = (page: Page, text: string | RegExp): Locator =>
  toastRegion(page).getByRole('alert').filter({ hasText: text });

/** Makes every call matching `url` (and method) fail with the server's envelope; the browser's report of
 *  that failed request is declared expected (a test that uses this provokes it on purpose). */
export async function failRoute(
  page: Page,
  url: string | RegExp,
  method: string,
  message: string,
  status = 500,
): Promise<void> {
  expectConsoleErrors(
    page,
    (r) =>
      r.kind === 'console' &&
      r.text.includes(`status of ${status} `) &&
      (typeof url === 'string' ? r.url.includes(url) : url.test(r.url)),
  );
  await page.route(url, (route) =>
    route.request().method() === method
      ? route.fulfill({ status, contentType: 'application/json', body: JSON.stringify({ success: false, message }) })
      : route.fallback(),
  );
}

/** Dispatches a real drag-and-drop of one file onto the element. */
export const dropFile = (target: Locator, file: DroppedFile): Promise<void> => dropFiles(target, [file]);

interface DroppedFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/** Dispatches a real drag-and-drop of several files at once onto the element. */
export async function dropFiles(target: Locator, files: readonly DroppedFile[]): Promise<void> {
  const dataTransfer = await target.page().evaluateHandle(
    (all) => {
      const dt = new DataTransfer();
      for (const { name, type, b64 } of all)
        dt.items.add(new File([Uint8Array.from(atob(b64), (c) => c.charCodeAt(0))], name, { type }));
      return dt;
    },
    files.map((f) => ({ name: f.name, type: f.mimeType, b64: f.buffer.toString('base64') })),
  );
  await target.dispatchEvent('dragover', { dataTransfer });
  await target.dispatchEvent('drop', { dataTransfer });
}

/** A finger drag through the Chrome DevTools protocol (real touchstart/touchmove/touchend). */
export async function touchDrag(
  page: Page,
  from: { x: number; y: number },
  to: { x: number; y: number },
  steps = 10,
): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: from.x, y: from.y }] });
  for (let i = 1; i <= steps; i++) {
    const t = i / steps;
    await cdp.send('Input.dispatchTouchEvent', {
      type: 'touchMove',
      touchPoints: [{ x: from.x + (to.x - from.x) * t, y: from.y + (to.y - from.y) * t }],
    });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

/** A mouse drag in small steps. */
export async function mouseDrag(
  page: Page,
  from: { x: number; y: number },
  to: { x: number; y: number },
  steps = 10,
): Promise<void> {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(to.x, to.y, { steps });
  await page.mouse.up();
}

/** A small PNG made here. */
export async function pngBuffer(width = 64, height = 48, color = { r: 30, g: 140, b: 200 }): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();
}

const percentIn = async (text: string | null) => {
  const m = /at (-?[\d.]+)% (-?[\d.]+)%/.exec(text ?? '');
  if (!m) throw new Error(`no position in "${text}"`);
  return { left: Number(m[1]), top: Number(m[2]) };
};

/**
 * A canvas's box once it has its size: a stage is sized from its container's width by a ResizeObserver, so for a
 * frame or two after the map is enlarged it still has its small size, and a click placed by it misses.
 */
async function settledBox(canvas: Locator): Promise<{ x: number; y: number; width: number; height: number }> {
  let last = await canvas.boundingBox();
  for (let i = 0; i < 20; i++) {
    await canvas.page().waitForTimeout(50);
    const now = await canvas.boundingBox();
    if (last && now && JSON.stringify(now) === JSON.stringify(last)) return now;
    last = now;
  }
  throw new Error('the canvas keeps changing size');
}

/** Where a minimap node is drawn (page pixels), read from the admin minimap's node list. */
export async function nodeOnScreen(page: Page, name: string | RegExp): Promise<{ x: number; y: number }> {
  const item = page.locator('.admin-minimap li').filter({ has: page.getByRole('button', { name }) });
  const p = await percentIn(await item.locator('span').textContent());
  const box = await settledBox(page.locator('.admin-minimap .konvajs-content'));
  return { x: box.x + (p.left / 100) * box.width, y: box.y + (p.top / 100) * box.height };
}

/** Where a pin's head is drawn (page pixels), read from the pin editor's list. */
export async function pinHeadOnScreen(page: Page, name: string | RegExp): Promise<{ x: number; y: number }> {
  const item = page.locator('.admin-pin-map li').filter({ has: page.getByRole('button', { name }) });
  const p = await percentIn(await item.locator('span').textContent());
  const box = (await page.locator('.admin-pin-map .konvajs-content').boundingBox())!;
  return { x: box.x + (p.left / 100) * box.width, y: box.y + (p.top / 100) * box.height - 34 };
}

/** A place on the pin map in percent, in page pixels. */
export async function mapPoint(page: Page, x: number, y: number): Promise<{ x: number; y: number }> {
  const box = (await page.locator('.admin-pin-map .konvajs-content').boundingBox())!;
  return { x: box.x + (x / 100) * box.width, y: box.y + (y / 100) * box.height };
}
