// Start a scene's work before the 3D engine is even loaded: the preview and the tiles of the first view
// (fetched and decoded, nearest the centre first), and the WebGL context (creating one costs tens of
// milliseconds, more on a software rasteriser). The Panorama takes these over instead of starting again:
// images already decoded are taken synchronously, so its first frame can draw the whole first view.
// Pure math, fetch and a canvas: no three.js, so a page can call it from a tiny first script.
import { type LoadedImage, loadImage } from './imageLoader';
import { chooseLevel } from './levelChoice';
import { prefetchPreviews } from './previewStore';
import type { PyramidLevel } from './tileGrid';
import { type TileSource, previewUrl, tileUrl } from './tileUrls';
import { type View, type Viewport, limitView } from './view';
import { visibleTiles } from './visibleTiles';

interface EarlyLoad {
  promise: Promise<LoadedImage>;
  /** Set once decoded: the taker can use it at once. */
  done?: LoadedImage;
  /** Handed over (the taker owns the image) or given up (closed here). */
  taken?: boolean;
}

const early = new Map<string, EarlyLoad>();
/** Early tiles nobody took are released after this long (ms): the view may have moved on. */
const UNCLAIMED_MS = 30_000;

/**
 * Start the preview and every tile of the first view. All at once: the browser's own connection limit
 * queues them, nearest the centre first, and the first view is what time to a sharp picture depends on.
 */
export function prefetchScene(source: TileSource & { levels: PyramidLevel[]; faceSize: number }, view: View, vp: Viewport): void {
  prefetchPreviews([previewUrl(source)]);
  if (vp.width <= 0 || vp.height <= 0) return;
  const v = limitView(view, source.faceSize, vp);
  const z = chooseLevel(source.levels, v.fov, vp);
  for (const { tile } of visibleTiles(source.levels, z, v, vp)) {
    const url = tileUrl(source, tile);
    if (early.has(url)) continue;
    const entry: EarlyLoad = { promise: loadImage(url) };
    entry.promise.then(
      (img) => {
        if (!entry.taken) entry.done = img;
      },
      () => {
        if (early.get(url) === entry) early.delete(url);
      },
    );
    early.set(url, entry);
    setTimeout(() => {
      if (entry.taken) return;
      entry.taken = true;
      early.delete(url);
      void entry.promise.then((img) => img.bitmap.close(), () => {});
    }, UNCLAIMED_MS);
  }
}

/** An early load of this URL, handed over once (the taker owns the decoded image). */
export function takeEarly(url: string): Promise<LoadedImage> | undefined {
  const e = early.get(url);
  if (!e) return undefined;
  early.delete(url);
  e.taken = true;
  return e.promise;
}

/** An early load of this URL that has already been decoded, handed over once; undefined otherwise. */
export function takeEarlyDecoded(url: string): LoadedImage | undefined {
  const e = early.get(url);
  if (!e?.done) return undefined;
  early.delete(url);
  e.taken = true;
  return e.done;
}

/** The renderer's context attributes: no depth buffer (order decides what is on top), no antialiasing
 *  (a textured cube has no geometric edges to smooth), opaque. */
export const GL_ATTRIBUTES: WebGLContextAttributes = {
  alpha: false,
  depth: false,
  stencil: false,
  antialias: false,
  premultipliedAlpha: true,
  preserveDrawingBuffer: false,
  powerPreference: 'high-performance',
};

let earlyContext: { canvas: HTMLCanvasElement; context: WebGL2RenderingContext } | null = null;

/**
 * Create the renderer's canvas and WebGL 2 context now, sized for the viewport, so that cost overlaps the
 * download of the engine. The next Panorama to mount takes it (takeEarlyContext).
 */
export function prepareContext(vp: Viewport): void {
  if (earlyContext || typeof document === 'undefined') return;
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.floor(vp.width * vp.dpr));
  canvas.height = Math.max(1, Math.floor(vp.height * vp.dpr));
  const context = canvas.getContext('webgl2', GL_ATTRIBUTES);
  if (context) earlyContext = { canvas, context };
}

export function takeEarlyContext(): { canvas: HTMLCanvasElement; context: WebGL2RenderingContext } | null {
  const c = earlyContext;
  earlyContext = null;
  return c && !c.context.isContextLost() ? c : null;
}
