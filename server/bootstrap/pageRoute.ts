// The client's pages (every GET that is not /api/ or /media/ and names no built file): index.html with the page's
// first-load state in it (firstLoad.ts, bootstrapHtml.ts). The API answers are got by asking our own API routes
// in-process with the caller's cookie, so the page holds exactly what the same person's GETs of those routes
// would give them, under the same access rules. It holds the caller's user info, so it is `private`: no shared
// cache may keep it; the browser revalidates it (no-cache) with its ETag.
import fsp from 'node:fs/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { planFirstLoad, type ApiRead } from './firstLoad.ts';
import { withPageState } from './bootstrapHtml.ts';
import type { RenderShell } from './shellRenderer.ts';
import { shellApplies } from './shellApplies.ts';
import { SCREEN_HEADERS, shellScreenFor } from './shellScreen.ts';
import type { ShellScreen } from '../../contract/pageState.ts';
import { shellDrawn } from './shellDrawn.ts';
import {
  APP_ENTRY,
  BuildManifest,
  type ChunkFiles,
  FIRST_VIEW_ENTRY,
  PAGE_PARTS,
  type PagePart,
} from './buildManifest.ts';
import { etagOf, ifNoneMatchHas } from '../http/apiCaching.ts';

export const PAGE_CACHE_CONTROL = 'private, no-cache';

/** The caller's reads of our API, in-process: the same cookie, host and request id (logs tie them together). */
function readsAs(app: FastifyInstance, req: FastifyRequest): ApiRead {
  const headers: Record<string, string> = { accept: 'application/json', 'x-request-id': req.id };
  if (req.headers.cookie) headers.cookie = req.headers.cookie;
  if (req.headers.host) headers.host = req.headers.host;
  return async (path, query) => {
    const res = await app.inject({ method: 'GET', url: path, query: stringQuery(query), headers });
    if (res.statusCode !== 200) return undefined;
    try {
      const body = JSON.parse(res.body) as { success?: boolean; payload?: unknown };
      return body.success === true ? body.payload : undefined;
    } catch {
      return undefined;
    }
  };
}

/** The client leaves out empty values (src/api/client.ts apiUrl); so does this. */
function stringQuery(query: Record<string, string | number | null> | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(query ?? {})) if (v !== null && v !== '') out[k] = String(v);
  return out;
}

/** Serves the page for `req` from the template at `indexFile`; `starter`: the inline starter's text (inlineStarter.ts);
 *  `shell`: the renderer of the viewer's shell (shellRenderer.ts). */
export function pageHandler(app: FastifyInstance, indexFile: string, starter?: string, shell?: RenderShell | null) {
  // Read once: a rebuild while the server runs changes the name, and the page then simply goes without it.
  const manifest = BuildManifest.beside(indexFile);
  const script = manifest?.chunk(FIRST_VIEW_ENTRY) ?? null;
  const appScript = manifest?.chunk(APP_ENTRY) ?? null;
  const partChunks = Object.fromEntries(
    Object.entries(PAGE_PARTS).map(([part, key]) => [part, manifest?.chunk(key) ?? null]),
  ) as Record<PagePart, ChunkFiles | null>;
  return async (req: FastifyRequest, reply: FastifyReply) => {
    const template = await fsp.readFile(indexFile, 'utf8');
    const url = new URL(req.url, 'http://page.invalid');
    let html = template;
    try {
      const avif = /\bimage\/avif\b/i.test(req.headers.accept ?? '');
      const first = await planFirstLoad(url.pathname, url.search, readsAs(app, req), avif);
      // The viewer's shell in the page, its first picture drawn into it before the app (docs/first-view.md).
      const screen = shellScreenFor(req.headers);
      const drawn =
        shell && first.first && script && appScript && shellApplies(url.search, first.queries)
          ? shellOf(req, shell, url.pathname + url.search, first.queries, screen)
          : undefined;
      const data =
        first.first && drawn !== undefined
          ? { ...first.first, app: appScript!.src, appImports: appScript!.imports, shellScreen: screen }
          : first.first;
      html = withPageState(template, {
        state: { v: 1, queries: first.queries },
        firstView: data && script ? { data, script, starter } : undefined,
        parts: first.parts.flatMap((p) => partChunks[p] ?? []),
        shell: drawn,
      });
    } catch (e) {
      // The page still works without its state (the client asks the API itself): never fail the page for it.
      req.log.warn({ err: e }, 'page state not computed');
    }
    const etag = etagOf(html);
    // The preload named in the page depends on Accept (image/avif or not), its shell on the device.
    reply
      .header('Cache-Control', PAGE_CACHE_CONTROL)
      .header('ETag', etag)
      .header('Vary', ['Accept', ...SCREEN_HEADERS].join(', '))
      .type('text/html; charset=utf-8');
    if (ifNoneMatchHas(req.headers['if-none-match'], etag)) return reply.status(304).send();
    return reply.send(html);
  };
}

/** The shell's HTML, or undefined when it cannot be drawn (the page then starts as without it: the app draws it). */
function shellOf(
  req: FastifyRequest,
  render: RenderShell,
  url: string,
  queries: ReadonlyArray<readonly [unknown, unknown]>,
  screen: ShellScreen,
) {
  try {
    const html = render(url, queries, screen);
    if (shellDrawn(html)) return html;
    req.log.warn({ url: url.slice(0, 200) }, 'page shell has no panorama or a part the browser must draw: left out');
    return undefined;
  } catch (e) {
    req.log.warn({ err: e }, 'page shell not drawn');
    return undefined;
  }
}
