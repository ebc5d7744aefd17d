// The kiosk's service worker (registered only on a kiosk of a site kept offline: src/offline/registration.ts).
// Built by vite-plugin-pwa (injectManifest): the build's file list with revisions is injected as __WB_MANIFEST.
//  - the app shell (every built script and style, index.html) is precached, revisioned: a new build is a new
//    precache installed beside the old one, taking over only when the page asks (idle kiosk), so a page never
//    mixes two builds' chunks;
//  - pages and API reads: the network first (4 s on a poor link), else the last answer kept;
//  - /media/ files (tiles, previews, floor plans): the cache first; their addresses hold random ids, never reused.
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { registerRoute, NavigationRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { API_CACHE, MEDIA_CACHE, PAGE_CACHE, apiReadCacheable } from './offline/cacheNames';

interface WorkerScope {
  __WB_MANIFEST: Array<{ url: string; revision: string | null }>;
  skipWaiting(): Promise<void>;
  clients: { claim(): Promise<void> };
  addEventListener(type: 'message', fn: (e: { data?: { type?: string } }) => void): void;
  addEventListener(type: 'activate', fn: (e: { waitUntil(p: Promise<unknown>): void }) => void): void;
}
const sw = self as unknown as WorkerScope;

// Written as `self.__WB_MANIFEST` (the text the build replaces).
precacheAndRoute((self as unknown as WorkerScope).__WB_MANIFEST);
cleanupOutdatedCaches();

const onlyOk = [new CacheableResponsePlugin({ statuses: [200] })];
const pages = new NetworkFirst({ cacheName: PAGE_CACHE, networkTimeoutSeconds: 4, plugins: onlyOk });
// A page never seen online: the app shell, which reads what it shows from the API (kept by the route below).
registerRoute(
  new NavigationRoute(async (options) => {
    try {
      return await pages.handle(options);
    } catch {
      return (await matchPrecache('/index.html')) ?? Response.error();
    }
  }),
);

registerRoute(
  ({ url, request }) => url.origin === location.origin && request.method === 'GET' && apiReadCacheable(url.pathname),
  new NetworkFirst({ cacheName: API_CACHE, networkTimeoutSeconds: 4, plugins: onlyOk }),
);

// The change stream passes through; when the server cannot be reached the page is told "204" (no stream: it asks
// again later, without the console error of a failed connection, see src/api/serverChanges.ts).
registerRoute(
  ({ url }) => url.origin === location.origin && url.pathname === '/api/changes',
  async ({ request }) => {
    try {
      return await fetch(request);
    } catch {
      return new Response(null, { status: 204 });
    }
  },
);

// Our own /media/, or a bucket's public address (S3_PUBLIC_URL) for pictures and tiles.
registerRoute(
  ({ url, request }) =>
    request.method === 'GET' &&
    (url.origin === location.origin ? url.pathname.startsWith('/media/') : request.destination === 'image'),
  new CacheFirst({ cacheName: MEDIA_CACHE, plugins: [new CacheableResponsePlugin({ statuses: [200] })] }),
);

// The page says when it is idle: only then does a new build's worker take over (and the page reload into it).
sw.addEventListener('message', (e) => {
  if (e.data?.type === 'SKIP_WAITING') void sw.skipWaiting();
});
// The first worker takes the kiosk's open page at once (it has nothing to replace); later ones only on request.
// The pages kept belong to the build that served them (each names its build's first script): a new build drops
// them, or a page read offline later would ask for the old build's chunks, gone from the precache. The page
// reloads online right after, and any page not kept meanwhile is answered with this build's index.html.
sw.addEventListener('activate', (e) => e.waitUntil(caches.delete(PAGE_CACHE).then(() => sw.clients.claim())));
