// Start a scene's work before the 3D engine is even loaded: the preview and the tiles of the first view
// (fetched and decoded, nearest the centre first), and the WebGL context (creating one costs tens of
// milliseconds, more on a software rasteriser) with those tiles uploaded into it as they arrive. The
// Panorama takes all this over instead of starting again, synchronously, so its first frame can draw the
// whole first view.
// Pure math, fetch and a canvas: no three.js, so a page can call it from a tiny first script.
import { type LoadedImage, loadImage } from './imageLoader';
import { chooseLevel } from './levelChoice';
import { getPreview, prefetchPreviews } from './previewStore';
import type { PyramidLevel } from './tileGrid';
import { type TileSource, previewUrl, tileUrl } from './tileUrls';
import { type View, type Viewport, limitView } from './view';
import { visibleTiles } from './visibleTiles';

/** A tile already on the GPU: uploaded into the early context while the engine was still downloading. */
export interface EarlyTexture {
  texture: WebGLTexture;
  /** The context it belongs to. */
  gl: WebGL2RenderingContext;
  width: number;
  height: number;
  bytes: number;
}

interface EarlyLoad {
  promise: Promise<LoadedImage>;
  /** The decoded image is shared (a preview strip the preview store keeps): never close it here. */
  shared?: boolean;
  /** Set once decoded: the taker can use it at once. */
  done?: LoadedImage;
  /** Set instead of `done` when it was uploaded early (the bitmap is closed then). */
  gpu?: EarlyTexture;
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
  const preview = previewUrl(source);
  prefetchPreviews([preview]);
  // The strip goes on the GPU early too: the early stage draws it, the engine takes it over.
  if (!early.has(preview)) track(preview, { promise: getPreview(preview), shared: true });
  if (vp.width <= 0 || vp.height <= 0) return;
  const v = limitView(view, source.faceSize, vp);
  const z = chooseLevel(source.levels, v.fov, vp);
  for (const { tile } of visibleTiles(source.levels, z, v, vp)) {
    const url = tileUrl(source, tile);
    if (!early.has(url)) track(url, { promise: loadImage(url) });
  }
}

function track(url: string, entry: EarlyLoad): void {
  entry.promise.then(
    (img) => {
      if (entry.taken) return;
      entry.gpu = uploadEarly(img, !entry.shared) ?? undefined;
      if (!entry.gpu) entry.done = img;
      else for (const l of listeners) l(url);
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
    if (!entry.shared) void entry.promise.then((img) => img.bitmap.close(), () => {});
    if (entry.gpu && !entry.gpu.gl.isContextLost()) entry.gpu.gl.deleteTexture(entry.gpu.texture);
  }, UNCLAIMED_MS);
}

const listeners = new Set<(url: string) => void>();
/** Hear of each early texture as it lands on the GPU (the early stage redraws). Returns the unsubscribe. */
export function onEarlyTexture(listener: (url: string) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The early texture of this URL if it is on `gl`, without taking it (the early stage draws with it). */
export function peekEarlyTexture(url: string, gl: WebGL2RenderingContext): EarlyTexture | undefined {
  const e = early.get(url);
  return e && !e.taken && e.gpu?.gl === gl ? e.gpu : undefined;
}

/** An early load of this URL, handed over once (the taker owns the decoded image). */
export function takeEarly(url: string): Promise<LoadedImage> | undefined {
  const e = early.get(url);
  if (!e) return undefined;
  early.delete(url);
  e.taken = true;
  return e.promise;
}

/**
 * An early load of this URL that has already arrived, handed over once: decoded, or already a texture of
 * `gl` (the renderer's context); undefined otherwise. A texture of another context is dropped.
 */
export function takeEarlyDecoded(url: string, gl: WebGL2RenderingContext | null): LoadedImage | EarlyTexture | undefined {
  const e = early.get(url);
  if (!e || (!e.done && !e.gpu)) return undefined;
  early.delete(url);
  e.taken = true;
  if (e.gpu && e.gpu.gl !== gl) return undefined;
  return e.gpu ?? e.done;
}

/** An early texture of this URL on `gl`, handed over once (the preview strip: its decoded copy stays with
 *  the preview store, so only a texture is ever taken here). */
export function takeEarlyTexture(url: string, gl: WebGL2RenderingContext): EarlyTexture | undefined {
  const t = peekEarlyTexture(url, gl);
  if (t) {
    early.get(url)!.taken = true;
    early.delete(url);
  }
  return t;
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
/** Extensions three.js asks for when it starts (WebGLExtensions.init, capabilities, programs): the first
 *  getExtension of each is a round trip to the GPU process, so it is done while nothing else waits. */
const RENDERER_EXTENSIONS = ['EXT_color_buffer_float', 'WEBGL_clip_cull_distance', 'OES_texture_float_linear', 'EXT_color_buffer_half_float', 'WEBGL_multisampled_render_to_texture', 'WEBGL_render_shared_exponent', 'EXT_texture_filter_anisotropic', 'KHR_parallel_shader_compile', 'EXT_clip_control', 'WEBGL_multi_draw'];

/**
 * Upload a decoded tile into the early context while the engine is not there yet (its uploads would
 * otherwise be on the path to the first complete frame). Settings as makeImageTexture's: linear, clamped,
 * no mipmaps, rows as stored. Leaves the context's bindings as it found them (nothing bound), so the
 * renderer that takes the context starts from the state it expects. Null once the context is taken.
 */
function uploadEarly(img: LoadedImage, closeBitmap: boolean): EarlyTexture | null {
  const gl = earlyContext?.context;
  if (!gl || gl.isContextLost()) return null;
  const texture = gl.createTexture();
  if (!texture) return null;
  gl.bindTexture(gl.TEXTURE_2D, texture);
  gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MIN_FILTER, gl.LINEAR);
  gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MAG_FILTER, gl.LINEAR);
  gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_S, gl.CLAMP_TO_EDGE);
  gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_T, gl.CLAMP_TO_EDGE);
  const { width, height } = img.bitmap;
  gl.texImage2D(gl.TEXTURE_2D, 0, gl.RGBA8, width, height, 0, gl.RGBA, gl.UNSIGNED_BYTE, img.bitmap);
  gl.bindTexture(gl.TEXTURE_2D, null);
  if (closeBitmap) img.bitmap.close();
  return { texture, gl, width, height, bytes: img.bytes };
}

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
  if (!context) return;
  for (const name of RENDERER_EXTENSIONS) context.getExtension(name);
  earlyContext = { canvas, context };
}

/** The prepared context, still the page's (the early stage draws into it until the engine takes it). */
export function peekEarlyContext(): { canvas: HTMLCanvasElement; context: WebGL2RenderingContext } | null {
  return earlyContext && !earlyContext.context.isContextLost() ? earlyContext : null;
}

export function takeEarlyContext(): { canvas: HTMLCanvasElement; context: WebGL2RenderingContext } | null {
  const c = earlyContext;
  earlyContext = null;
  return c && !c.context.isContextLost() ? c : null;
}
