// A lazy chunk of this page's build that cannot be loaded, most often because a new build was deployed since the
// page loaded and the server no longer has the old build's files (only a kiosk kept offline keeps them, in its
// service worker's precache). The page then loads the new build whole, once: a second failure within a minute
// (the file really is missing, or the server is away) is left as the error it is, and without a network the
// page is not traded for the browser's offline page.
const KEY = 'survey360.chunkReload';
const AGAIN_AFTER_MS = 60_000;

export function reloadOnMissingChunk(): void {
  window.addEventListener('vite:preloadError', () => {
    if (!navigator.onLine) return;
    try {
      const last = Number(sessionStorage.getItem(KEY)) || 0;
      if (Date.now() - last < AGAIN_AFTER_MS) return;
      sessionStorage.setItem(KEY, String(Date.now()));
    } catch {
      return; // no storage: no way to know it is not the second time
    }
    // The import still fails here (its error is kept, as what asked for it cannot go on), and the new page
    // replaces this one.
    window.location.reload();
  });
}
