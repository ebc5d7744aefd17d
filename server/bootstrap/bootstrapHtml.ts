// Puts a page's first-load state into the built index.html: the API answers as a JSON data block (a
// <script type="application/json">, which never runs, so the page's CSP needs no nonce), the first view's inline
// starter and module preloads.
// Pure string work. The client reads the block in src/api/bootstrap.ts.
import { BOOTSTRAP_ID, FIRST_VIEW_ID, type FirstView, type PageState as PageData } from '../../contract/pageState.ts';

/**
 * JSON that cannot leave a script element: every '<' (so no '</script>' and no '<!--'), '>' and '&' is written as
 * a JSON escape, and U+2028/U+2029 too (harmless in JSON, but some tools read data blocks as script). JSON.parse
 * gives back the same value.
 */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

const ATTRIBUTE_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '"': '&quot;',
  "'": '&#39;',
  '<': '&lt;',
  '>': '&gt;',
};
const attribute = (s: string) => s.replace(/[&"'<>]/g, (c) => ATTRIBUTE_ESCAPES[c]);

export interface PageState {
  /** The data block's value. */
  state: PageData;
  /** The scene and view a viewer page opens, and the script (run as soon as it has loaded) that starts its tiles;
   *  `starter`: the inline script that asks for them while the page is still arriving (inlineStarter.ts). */
  firstView?: { data: FirstView; script: PageChunk; starter?: string };
  /** Lazy parts of the app the page shows with its first view: fetched now, not once the app asks for them. */
  parts?: readonly PageChunk[];
  /** The viewer's shell drawn by the server (shellRenderer.ts): the HTML of `#root`. The app's own script and its
   *  preloads then leave the page: the first script loads the app once the opening tiles are in (FirstView.app). */
  shell?: string;
}

/** A built chunk, the chunks it imports and (for a lazy part) its stylesheets. */
export interface PageChunk {
  src: string;
  imports: readonly string[];
  styles?: readonly string[];
}

const modulePreload = (u: string) => `<link rel="modulepreload" crossorigin href="${attribute(u)}">`;

/**
 * The page with `state`: the first view's data, its starter and its script, early in <head> (after the
 * charset, which must come first; the browser starts them before it reads the page's own scripts), the data block
 * at the end of <body> (module scripts run after the whole document is parsed, so it is there for them).
 */
export function withPageState(template: string, { state, firstView, parts = [], shell }: PageState): string {
  const first = firstView
    ? `<script type="application/json" id="${FIRST_VIEW_ID}">${scriptSafeJson(firstView.data)}</script>` +
      // Right after the block it reads, ahead of every other request the page makes but the preloads.
      (firstView.starter ? `<script>${firstView.starter}</script>` : '') +
      `<script type="module" async crossorigin src="${attribute(firstView.script.src)}"></script>` +
      // Its imports are named at once: found only once the script has come, they went behind the app's own chunks
      // (a page has six connections), and the tiles with them, by up to 0.4 s at 10 Mbps.
      firstView.script.imports.map(modulePreload).join('')
    : '';
  // A lazy part found only once the app has rendered came a round trip later than the rest of the page: shown
  // with the first view, the page was not complete until it was. Its stylesheet as the app's loader will ask
  // for it (crossorigin), so the preload is what it gets. Named after the page's own stylesheet and scripts (at
  // the end of <head>): ahead of them it delayed the stylesheet, and the first script then found no panorama box
  // to make its WebGL context for.
  // With the server's shell, the part is drawn from the first paint: its stylesheet applies at once, and its code
  // comes with the app's, after the opening tiles.
  const drawn = shell !== undefined && !!firstView?.data.app;
  const style = (u: string) =>
    `<link rel="${drawn ? 'stylesheet' : 'preload" as="style'}" crossorigin href="${attribute(u)}">`;
  const partLinks = parts
    .map((p) => (drawn ? '' : [p.src, ...p.imports].map(modulePreload).join('')) + (p.styles ?? []).map(style).join(''))
    .join('');
  if (drawn) template = withShell(template, shell);
  const links = first;
  const block = `<script type="application/json" id="${BOOTSTRAP_ID}">${scriptSafeJson(state)}</script>`;
  // With the server's shell, after the viewport's meta too: the starter decides by the window's width whether the
  // shell is this window's, and a phone's width is its own only once that meta is read (980 px before).
  const anchor =
    (drawn ? /<meta name="viewport"[^>]*>/i.exec(template) : null) ??
    /<meta charset[^>]*>/i.exec(template) ??
    /<head[^>]*>/i.exec(template);
  const at = anchor ? anchor.index + anchor[0].length : 0;
  const headEnd = template.search(/<\/head>/i);
  const partsAt = headEnd >= at ? headEnd : at;
  const withLinks = template.slice(0, at) + links + template.slice(at, partsAt) + partLinks + template.slice(partsAt);
  const body = withLinks.lastIndexOf('</body>');
  return body < 0 ? withLinks + block : withLinks.slice(0, body) + block + withLinks.slice(body);
}

/** The app's entry script and the module preloads the build wrote for it (the template's only ones). */
const APP_SCRIPT = /<script type="module"[^>]*\ssrc="[^"]*"[^>]*><\/script>\s*/gi;
const APP_PRELOADS = /<link rel="modulepreload"[^>]*>\s*/gi;

/** The template with `shell` as the content of `#root` (marked, for the app to replace it), without the app's script. */
function withShell(template: string, shell: string): string {
  return template
    .replace(APP_SCRIPT, '')
    .replace(APP_PRELOADS, '')
    .replace(/<div id="root"><\/div>/, () => `<div id="root" data-shell="">${shell}</div>`);
}
