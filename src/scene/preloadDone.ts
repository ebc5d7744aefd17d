// When the page's own <link rel="preload"> of a URL has finished: a script that fetches the same URL then gets the
// preloaded answer whole (a fetch made while the preload is in flight was seen to lose its body under throttling).
import { afterLinks } from './afterLinks';

/** Runs `fn` once the preload of `url` in the page has loaded or failed; at once when there is none or it has. */
export function afterPreload(url: string, fn: () => void): void {
  const abs = new URL(url, location.href).href;
  const link = Array.from(document.querySelectorAll<HTMLLinkElement>('link[rel="preload"]')).find(
    (l) => l.href === abs,
  );
  const done = performance
    .getEntriesByName(abs, 'resource')
    .some((e) => (e as PerformanceResourceTiming).responseEnd > 0);
  afterLinks(!link || done ? [] : [link], fn);
}
