// Waiting for <link> elements of the page (a preload, a stylesheet) without a framework: the first script uses it
// before the app has loaded.

/** Runs `fn` once every one of `links` has loaded or failed; at once when there are none. */
export function afterLinks(links: readonly HTMLLinkElement[], fn: () => void): void {
  let left = links.length;
  if (!left) return fn();
  const one = () => {
    if (--left === 0) fn();
  };
  for (const l of links) {
    // Either event ends the wait for this link, once: the other is dropped with it.
    const done = () => {
      l.removeEventListener('load', done);
      l.removeEventListener('error', done);
      one();
    };
    l.addEventListener('load', done);
    l.addEventListener('error', done);
  }
}

/** Runs `fn` once the document has its body (at once if it has): an async script in <head> may run before. */
export function afterBody(doc: Document, fn: () => void): void {
  if (doc.body) return fn();
  doc.addEventListener('DOMContentLoaded', () => fn(), { once: true });
}

/** Runs `fn` once the whole document has been parsed (a shell the server drew is complete): at once if it has. */
export function afterParsed(doc: Document, fn: () => void): void {
  if (doc.readyState !== 'loading') return fn();
  doc.addEventListener('DOMContentLoaded', () => fn(), { once: true });
}
