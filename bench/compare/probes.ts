// In-page probes of the compare section: when a side reports every visible tile drawn, and the tile bytes a page
// has received. "Visually complete" here is the renderer's own count (every tile of the side's view drawn), not the
// throttled section's screencast measure.
import type { Page } from '@playwright/test';

export type Side = '__panorama' | '__panoramaB';

/** performance.now() (ms since the page's navigation) when `side` first reports its view complete. */
export function completeAt(page: Page, side: Side, timeoutMs = 120_000): Promise<number> {
  return page.evaluate(
    ({ side, timeoutMs }) =>
      new Promise<number>((resolve, reject) => {
        const until = performance.now() + timeoutMs;
        const check = () => {
          if (window[side]?.counters.complete) resolve(performance.now());
          else if (performance.now() > until) reject(new Error(`${side} never complete`));
          else setTimeout(check, 5);
        };
        check();
      }),
    { side, timeoutMs },
  );
}

/** Counts the body bytes of every tile and preview the page receives (from now on). */
export function tileBytes(page: Page): () => number {
  let bytes = 0;
  page.on('requestfinished', (r) => {
    if (!new URL(r.url()).pathname.startsWith('/media/tiles/')) return;
    void r.sizes().then(
      (s) => (bytes += s.responseBodySize),
      () => undefined,
    );
  });
  return () => bytes;
}
