// Requests the page's inline starter (src/firstTiles.ts) sent while the HTML was still arriving, handed to the
// early loader when it asks for the same address, so each tile is fetched once. The two are separate scripts,
// so they meet on a property of the window.

const KEY = '__startedFetches';

type Started = Map<string, Promise<Response>>;

const registry = (): Started | undefined => (globalThis as unknown as Record<string, Started | undefined>)[KEY];

/** Send a GET of each URL now (as the loader would: same-origin credentials), nearest first; `urgent` of them
 *  at the browser's usual priority, the rest low. */
export function startFetches(urls: readonly string[], urgent: number): void {
  const g = globalThis as unknown as Record<string, Started | undefined>;
  const started = (g[KEY] ??= new Map());
  urls.forEach((url, i) => {
    if (started.has(url)) return;
    const request = fetch(url, { credentials: 'same-origin', priority: i < urgent ? 'auto' : 'low' });
    // A refusal is seen by the taker; never an unhandled rejection here.
    request.catch(() => undefined);
    started.set(url, request);
  });
}

/** The request already sent for `url`, once (its body can be read once); undefined when none was. */
export function takeStartedFetch(url: string): Promise<Response> | undefined {
  const started = registry();
  const request = started?.get(url);
  started?.delete(url);
  return request;
}
