// Whether a server render of the viewer drew the page the first picture goes into. React's renderToString does not
// throw for an error (or a part still loading) inside a <Suspense> boundary: it writes the boundary's fallback with a
// marker that the browser must render it (`<!--$!-->`, or `<!--$?-->` for a pending one), and nothing reaches the
// caller. A route the app would redirect (an unknown scene or date) renders no panorama either. Such a shell has no
// box to draw into, and the page would wait for its app: it goes out without the shell, as the app would start it.

const CLIENT_RENDERED = /<!--\$[!?]-->/;
const PANORAMA_BOX = /class="panorama-host[" ]/;

export function shellDrawn(html: string): boolean {
  return PANORAMA_BOX.test(html) && !CLIENT_RENDERED.test(html);
}
