// The Cache Storage names the kiosk's service worker reads and the offline download fills: one module, so the
// page and the worker can never disagree on where a file is kept.

/** Tiles, previews, floor plans and other /media/ files: their addresses never change content (new upload, new id). */
export const MEDIA_CACHE = 'survey-media-v1';
/** API reads, the last answer seen for each address. */
export const API_CACHE = 'survey-api-v1';
/** The server's pages (HTML with their data block), the last one seen for each address. */
export const PAGE_CACHE = 'survey-pages-v1';

/** API reads the worker keeps: not the change stream (a live connection, passed through) nor sign-in's steps. */
export function apiReadCacheable(pathname: string): boolean {
  return pathname.startsWith('/api/') && pathname !== '/api/changes' && !pathname.startsWith('/api/auth/');
}
